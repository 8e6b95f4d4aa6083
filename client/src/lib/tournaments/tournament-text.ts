/** Tournaments in the player's words (messages): kinds, countdowns, a summary's line, places. */
import { VARIANTS, type TournamentKind, type TournamentSummary } from '@progressive-chess/shared';
import { formatDate, formatNumber, m } from '../i18n.svelte.js';
import { timeControlLabel } from '../time-control-text.js';
import { clockFace, countdownParts } from './countdown.svelte.js';

export function kindName(kind: TournamentKind): string {
  switch (kind) {
    case 'arena':
      return m.tournament_kind_arena();
    case 'swiss':
      return m.tournament_kind_swiss();
    case 'roundRobin':
      return m.tournament_kind_round_robin();
  }
}

/** The time left to `target`: "02:05", "1:02:05", "3 days 04:00:00". */
export function countdownText(target: number, now: number): string {
  const c = countdownParts(target, now);
  if (c.days === 0) return clockFace(c);
  return m.countdown_days({ count: c.days, time: clockFace(c, true) });
}

/**
 * What is counted down on a tournament, worded: its start while upcoming, an arena's end while
 * running; null when there is nothing to count (finished, or a Swiss / round robin in play).
 */
export function countdownLine(t: TournamentSummary, now: number): string | null {
  if (t.status === 'upcoming') return t.startsAt > now ? m.tournament_starts_in({ time: countdownText(t.startsAt, now) }) : m.tournament_starting();
  if (t.status === 'running' && t.endsAt !== null) return m.tournament_ends_in({ time: countdownText(t.endsAt, now) });
  return null;
}

/** Kind, variant, clock and size of a tournament: "Arena · Italian progressive · 3+2 · 60 min · rated". */
export function summaryLine(t: TournamentSummary): string {
  const parts = [kindName(t.kind), VARIANTS[t.variant].name, timeControlLabel(t.timeControl)];
  if (t.minutes !== undefined) parts.push(m.tournament_minutes({ count: t.minutes }));
  if (t.rounds !== undefined) parts.push(m.tournament_rounds({ count: t.rounds }));
  if (t.double) parts.push(m.tournament_double());
  parts.push(t.rated ? m.rated() : m.tournament_casual());
  if (t.allowBots) parts.push(m.tournament_bots_welcome());
  return parts.join(' · ');
}

/** Who made it: the creator, or "scheduled event" for the operator's. */
export const creatorLine = (t: TournamentSummary): string =>
  t.createdBy === 'operator' ? m.tournament_scheduled() : m.tournament_by({ name: t.createdBy });

/** A date and time as the language writes it. */
export const when = (ms: number): string => formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });

/** A score as the language writes it (½ points in Swiss and round robins). */
export const scoreText = (score: number): string => formatNumber(score, { maximumFractionDigits: 1 });

/** The podium's places, 1-based. */
export function placeName(rank: number): string {
  if (rank === 1) return m.podium_first();
  if (rank === 2) return m.podium_second();
  return m.podium_third();
}
