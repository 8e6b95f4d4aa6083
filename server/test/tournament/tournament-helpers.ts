import type { TournamentCreate, TournamentView } from '@progressive-chess/shared';
import { expect } from 'vitest';
import type { TournamentParts } from '../../src/tournament/compose.js';
import { Client, manualClock, startServer, type TestServer } from '../helpers.js';
import type { Database } from '../../src/db/database.js';

export const MINUTE = 60_000;

/** A server on a manual clock whose tournaments move only when a test calls `tick` (no timer). */
export async function tournamentServer(db: Database, extra: { leaseMs?: number } = {}) {
  const clock = manualClock();
  // an hour's first-move grace: games wait for their players however far the clock is moved
  const server = await startServer({ database: db, now: clock.now, firstMoveGraceMs: 3_600_000, tournaments: { tickMs: 0, leaseMs: extra.leaseMs ?? 1_000 } });
  const t = server.app.services.tournaments;
  if (!t) throw new Error('no tournaments without a database');
  return { server, clock, t };
}

export const arenaInput = (startsAt: number, over: Partial<TournamentCreate> = {}): TournamentCreate => ({
  name: 'Test Arena',
  kind: 'arena',
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 180, increment: 2 },
  startsAt,
  minutes: 20,
  rated: false,
  allowBots: false,
  ...over,
});

/** Guests, connected (so present for an arena's waves). */
export async function guests<const N extends readonly string[]>(server: TestServer, names: N): Promise<{ -readonly [K in keyof N]: Client }> {
  return (await Promise.all(names.map((name) => Client.connect(server, { name })))) as { -readonly [K in keyof N]: Client };
}

export const callerOf = (c: Client) => ({ playerId: c.id, name: c.session.name, guest: true });

/** Waits until the tournament's view satisfies `pred` (a game's end reaches it through the lifecycle, asynchronously). */
export async function viewWhen(t: TournamentParts, id: string, pred: (v: TournamentView) => boolean): Promise<TournamentView> {
  let last: TournamentView | null = null;
  await expect
    .poll(
      async () => {
        last = await t.service.view(id);
        return pred(last);
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  if (last === null) throw new Error('no view');
  return last;
}

/** The game in play between two of `clients`, with who is white. */
export function openGames(v: TournamentView): { gameId: string; white: string; black: string }[] {
  return v.pairings.filter((p) => p.result === null).map((p) => ({ gameId: p.gameId, white: p.white.id, black: p.black.id }));
}

export const scoreOf = (v: TournamentView, playerId: string): number => v.standings.find((s) => s.playerId === playerId)?.score ?? -1;
