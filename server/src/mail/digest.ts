import type { MyGame } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import { digestMail, type DigestTournament } from './digest-text.js';
import type { EmailService } from './email-service.js';
import type { Mailer } from './mailer.js';
import type { MailRepo } from './mail-repo.js';

export interface DigestDeps {
  readonly repo: MailRepo;
  readonly email: EmailService;
  readonly mailer: Mailer;
  /** The player's games in progress (`lobby:myGames`). */
  readonly gamesOf: (playerId: string) => Promise<readonly MyGame[]>;
  /** The upcoming and running tournaments the player joined and did not withdraw from, soonest first. */
  readonly tournamentsOf: (playerId: string) => Promise<readonly DigestTournament[]>;
  readonly now: () => number;
  readonly logger: Logger;
}

/** The UTC day of `t`, the digest's once-a-day key. */
export const dayOf = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * One round of the daily digest: to each verified address that wants it, the correspondence games
 * waiting for its account's move and the tournaments it joined that are upcoming or running. A
 * digest of tournaments only is sent (a tournament is a reason to come back); an empty one is not.
 * Once per account and UTC day across nodes: the node that inserts the (account, day) row sends it
 * (a failed send is not retried that day). Returns how many mails went out.
 */
export async function runDigest(deps: DigestDeps): Promise<number> {
  if (!deps.mailer.enabled) return 0;
  const day = dayOf(deps.now());
  let sent = 0;
  for (const r of await deps.repo.digestRecipients()) {
    const [games, joined] = await Promise.all([deps.gamesOf(r.playerId), deps.tournamentsOf(r.playerId)]);
    const waiting = games.filter((g) => g.yourTurn && g.timeControl.kind === 'correspondence');
    const tournaments = joined.filter((t) => t.status !== 'finished');
    if ((waiting.length === 0 && tournaments.length === 0) || !(await deps.repo.claimDigest(r.playerId, day))) continue;
    const unsubscribe = await deps.email.unsubscribeLink(r.playerId, r.email);
    const links = { game: (id: string) => deps.email.gameLink(id), tournament: (id: string) => deps.email.tournamentLink(id), unsubscribe };
    await deps.mailer
      .send({
        to: r.email,
        ...digestMail(waiting, tournaments, links),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
      .then(
        () => sent++,
        (err: unknown) => deps.logger.warn({ err }, 'digest mail failed'),
      );
  }
  return sent;
}

/** Runs a mail round (the digest: each account gets at most one a day whatever the period) every `intervalMs`. */
export function startRounds(round: () => Promise<unknown>, intervalMs: number, logger: Logger, name: string): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = round().catch((err: unknown) => logger.warn({ err }, `${name} round failed`));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
