import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '../../src/db/database.js';
import { GameLifecycle } from '../../src/services/game-lifecycle.js';
import { newGameDoc } from '../../src/services/new-game.js';
import { subscribeResults } from '../../src/tournament/results.js';
import type { GameEnd, TournamentRepo } from '../../src/tournament/tournament-repo.js';

const W = { id: 'w', name: 'W' };
const B = { id: 'b', name: 'B' };

/** A finished tournament game's document (white won). */
function finished(id: string) {
  const { doc } = newGameDoc(id, { variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B, tournamentId: 't1' }, 0, 60_000);
  return { ...doc, status: 'finished' as const, outcome: { result: '1-0' as const, reason: 'resignation' as const, winner: 'white' as const } };
}

describe('tournament results: a subscriber of the game lifecycle', () => {
  it('records ends a transaction at a time, those that come meanwhile together; a batch the database cannot take is tried again', async () => {
    const lifecycle = new GameLifecycle(pino({ level: 'silent' }));
    const calls: string[][] = [];
    let fail = 1;
    const repo = {
      recordEnds: async (ends: readonly GameEnd[]) => {
        calls.push(ends.map((e) => e.gameId));
        if (fail-- > 0) throw new DatabaseUnavailableError(new Error('too many clients'));
        return new Map(ends.map((e) => [e.gameId, 't1']));
      },
    } as unknown as TournamentRepo;
    const close = subscribeResults(lifecycle, { repo, now: () => 5, logger: pino({ level: 'silent' }) });
    for (const id of ['g1', 'g2', 'g3']) {
      const doc = finished(id);
      lifecycle.emit({ type: 'finished', doc, prev: { ...doc, status: 'playing' as const, outcome: null }, version: 9, outcome: doc.outcome });
    }
    // g1 alone (nothing waited), refused; g1 again; then g2 and g3 together
    await vi.waitFor(() => expect(calls).toEqual([['g1'], ['g1'], ['g2', 'g3']]), { timeout: 5_000 });
    await close();
  });
});
