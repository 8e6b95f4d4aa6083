import { ARENA_MISSED_PAIRINGS, arenaScore, pairArena, type ArenaCandidate, type ArenaResult } from '@progressive-chess/shared';
import { newGameId } from '../ids.js';
import { startPairings, type GameStarterDeps } from './tournament-games.js';
import { reconcileEnds, type ReconcileDeps } from './reconcile.js';
import type { TournamentGameRecord, TournamentPlayerRecord, TournamentRecord } from './tournament-record.js';

/** Every this many waves, the games in play are checked against the store (an end whose event was lost). */
export const RECONCILE_EVERY_WAVES = 15;

export interface ArenaWaveDeps extends GameStarterDeps, ReconcileDeps {
  /** The players connected now, on any node. */
  readonly online: () => Promise<ReadonlySet<string>>;
  /** The blocks (blocker, blocked) between any two of `playerIds` (social's); none without. */
  readonly blockedAmong?: (playerIds: readonly string[]) => Promise<readonly (readonly [string, string])[]>;
}

/** `apart` for pairArena: the blocks among the waiting players, gathered before the wave (one query). */
async function blocksAmong(deps: ArenaWaveDeps, ids: readonly string[]): Promise<(a: string, b: string) => boolean> {
  const pairs = deps.blockedAmong ? await deps.blockedAmong(ids) : [];
  const blocked = new Set(pairs.map(([a, b]) => `${a} ${b}`));
  return (a, b) => blocked.has(`${a} ${b}`) || blocked.has(`${b} ${a}`);
}

/** A player's finished games as `arenaScore` takes them, oldest first (aborted games count for nothing). */
export function arenaResultsOf(playerId: string, games: readonly TournamentGameRecord[]): ArenaResult[] {
  const results: ArenaResult[] = [];
  for (const g of games) {
    if (g.result === null) continue;
    const color = g.whiteId === playerId ? 'white' : g.blackId === playerId ? 'black' : null;
    if (color === null) continue;
    const won = g.result === (color === 'white' ? '1-0' : '0-1');
    const outcome = g.result === '1/2-1/2' ? 'draw' : won ? 'win' : 'loss';
    results.push({ outcome, berserk: g.berserk[color], turns: g.turns });
  }
  return results;
}

/** The pairing candidates among `waiting`: their scores, last opponents and colours (games oldest first). */
export function arenaCandidates(waiting: readonly TournamentPlayerRecord[], games: readonly TournamentGameRecord[]): ArenaCandidate[] {
  const history = new Map<string, { last: string | null; colours: ('white' | 'black')[] }>();
  for (const g of games) {
    if (g.result === null && g.endedAt !== null) continue;
    for (const [id, colour, opponent] of [
      [g.whiteId, 'white', g.blackId],
      [g.blackId, 'black', g.whiteId],
    ] as const) {
      const h = history.get(id) ?? { last: null, colours: [] };
      h.last = opponent;
      h.colours.push(colour);
      history.set(id, h);
    }
  }
  // each player's games, gathered once (not every game read again for each waiting player)
  const gamesOf = new Map<string, TournamentGameRecord[]>();
  for (const g of games) {
    for (const id of [g.whiteId, g.blackId]) {
      const own = gamesOf.get(id);
      if (own) own.push(g);
      else gamesOf.set(id, [g]);
    }
  }
  return waiting.map((p) => ({
    id: p.playerId,
    score: arenaScore(arenaResultsOf(p.playerId, gamesOf.get(p.playerId) ?? [])).score,
    rating: p.rating,
    lastOpponent: history.get(p.playerId)?.last ?? null,
    colours: history.get(p.playerId)?.colours ?? [],
  }));
}

/**
 * One pairing wave of a running arena, run by the node holding the wave's lease: the games of
 * pairings recorded but not created are created; waiting players not connected miss a pairing (and
 * are paused after ARENA_MISSED_PAIRINGS); the connected ones are paired, the pairings recorded
 * (each only while both are free) before their games are created. After the end: no pairing.
 * Returns the pairings it made.
 */
export async function arenaWave(deps: ArenaWaveDeps, t: TournamentRecord, wave: number, now: number): Promise<number> {
  if (wave % RECONCILE_EVERY_WAVES === 0) await reconcileEnds(deps, t);
  const [players, games] = await Promise.all([deps.repo.players(t.id), deps.repo.games(t.id)]);
  if (t.endsAt !== null && now >= t.endsAt) {
    await startPairings(deps, t, [], players);
    return 0;
  }
  const waiting = players.filter((p) => !p.paused && !p.withdrawn && p.currentGame === null);
  const online = waiting.length ? await deps.online() : new Set<string>();
  const present = waiting.filter((p) => online.has(p.playerId));
  const absent = waiting.filter((p) => !online.has(p.playerId));
  if (absent.length || present.some((p) => p.missed > 0)) {
    await deps.repo.recordMissed(t.id, absent.map((p) => p.playerId), present.map((p) => p.playerId), ARENA_MISSED_PAIRINGS);
  }
  const apart = present.length >= 2 ? await blocksAmong(deps, present.map((p) => p.playerId)) : null;
  const pairs = apart ? pairArena(arenaCandidates(present, games), { seed: wave, apart }) : [];
  const fresh = pairs.map((p) => ({ gameId: newGameId(), whiteId: p.white, blackId: p.black }));
  const recorded = fresh.length ? await deps.repo.recordPairings(t.id, 0, wave, fresh, now) : [];
  await startPairings(deps, t, recorded, players);
  return recorded.length;
}
