import { VARIANTS, type MyGame } from '@progressive-chess/shared';
import type { TournamentRecord } from '../tournament/tournament-record.js';

/** A tournament the digest lists: one the player joined (and did not withdraw from), upcoming or running. */
export type DigestTournament = Pick<TournamentRecord, 'id' | 'name' | 'kind' | 'variant' | 'status' | 'startsAt'>;

export interface DigestLinks {
  readonly game: (gameId: string) => string;
  readonly tournament: (tournamentId: string) => string;
  readonly unsubscribe: string;
}

const KIND_NAMES: Readonly<Record<DigestTournament['kind'], string>> = { arena: 'arena', swiss: 'Swiss', roundRobin: 'round robin' };

/** A time as the digest writes it (the reader's time zone is not known): `2027-01-15 08:00 UTC`. */
export const utcMinute = (t: number): string => `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The daily digest's subject and text: the correspondence games waiting for the player's move, then
 * the tournaments the player is in (each with its kind, variant, start time or "running", and its
 * page), then the unsubscribe link. Either list may be empty (the caller sends nothing when both are).
 */
export function digestMail(waiting: readonly MyGame[], tournaments: readonly DigestTournament[], links: DigestLinks): { subject: string; text: string } {
  const parts: string[] = [];
  const subject: string[] = [];
  if (waiting.length > 0) {
    subject.push(`${plural(waiting.length, 'correspondence game')} waiting for your move`);
    const lines = waiting.map((g) => `- ${VARIANTS[g.variant].name} against ${g.opponent}, turn ${g.turn}: ${links.game(g.id)}`);
    parts.push(`Your move in:\n\n${lines.join('\n')}`);
  }
  if (tournaments.length > 0) {
    subject.push(`${plural(tournaments.length, 'tournament')} you joined`);
    const lines = tournaments.map((t) => {
      const when = t.status === 'running' ? 'running' : `starts ${utcMinute(t.startsAt)}`;
      return `- ${t.name} (${KIND_NAMES[t.kind]}, ${VARIANTS[t.variant].name}), ${when}: ${links.tournament(t.id)}`;
    });
    parts.push(`Your tournaments:\n\n${lines.join('\n')}`);
  }
  const s = subject.join('; ');
  return { subject: `${s.charAt(0).toUpperCase()}${s.slice(1)}`, text: `${parts.join('\n\n')}\n\nNo more of these mails: ${links.unsubscribe}\n` };
}
