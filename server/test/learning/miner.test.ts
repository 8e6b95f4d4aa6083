import { parseUci, playedTurns, type Move, type TurnAnalysis } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createInlinePool } from '../../src/compute/inline-pool.js';
import { ComputeError, type ComputePool } from '../../src/compute/pool.js';
import { DEFAULT_MINING_BUDGET, mineGame } from '../../src/learning/puzzle-miner.js';

const moves = (ucis: readonly string[]): Move[] => ucis.map((u) => parseUci(u)!);
/** 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qh4 (Qxf7# missed) 4.a6 a5 h6 h5. */
const GAME = moves(['e2e4', 'e7e5', 'g8f6', 'f1c4', 'd1h5', 'h5h4', 'a7a6', 'a6a5', 'h7h6', 'h6h5']);
const turns = (): ReturnType<typeof playedTurns> & { ok: true } => {
  const t = playedTurns({ variant: 'scottish', moves: GAME });
  if (!t.ok) throw new Error(t.error.message);
  return t;
};

/** The inline pool, refusing the first `busy` runs as a full pool does. */
function busyAtFirst(busy: number): ComputePool & { refused: number } {
  const inline = createInlinePool();
  const pool = {
    refused: 0,
    run: ((kind, input, opts) => {
      if (pool.refused < busy) {
        pool.refused++;
        return Promise.reject(new ComputeError('busy', 'all workers busy'));
      }
      return inline.run(kind, input, opts);
    }) as ComputePool['run'],
    stats: () => inline.stats(),
    close: () => inline.close(),
  };
  return pool;
}

describe('mining a game', () => {
  it('finds the missed mate with its context, skipping turn 1; a busy pool is waited for', async () => {
    const pool = busyAtFirst(2);
    const mined = await mineGame({ id: 'g', variant: 'scottish' }, turns().value, pool, DEFAULT_MINING_BUDGET);
    expect(pool.refused).toBe(2);
    expect(mined.series).toBe(4); // turns 2, 3, 4 and 5 (not played yet: its start is searched too)
    expect(mined.cut).toBe(false);
    const turn3 = mined.candidates.filter((c) => c.turn === 3);
    expect(turn3).toEqual([
      expect.objectContaining({ color: 'white', origin: 'missed', solution: expect.arrayContaining(['h5f7']) as unknown, context: expect.objectContaining({ turn: 2, moves: ['e7e5', 'g8f6'] }) as unknown }),
    ]);
  });

  it('stops at the game\'s budget, keeping what it found', async () => {
    const pool = busyAtFirst(Number.POSITIVE_INFINITY);
    const mined = await mineGame({ id: 'g', variant: 'scottish' }, turns().value, pool, { ...DEFAULT_MINING_BUDGET, msPerGame: 300 });
    expect(mined).toMatchObject({ cut: true, series: 0, candidates: [] });
  });

  it('keeps a mate of 2 to 8 moves that holds from the position read back from its FEN', async () => {
    const inline = createInlinePool();
    const one = (uci: string[]): TurnAnalysis => ({ turn: 3, color: 'white', firstMove: 3, played: 3, best: { san: uci, uci }, complete: true, won: false, missed: true, fastest: null, nodes: 1 });
    const fake = (best: string[]): ComputePool => ({ ...inline, run: (() => Promise.resolve(one(best))) as ComputePool['run'] });
    const found = async (best: string[]) => (await mineGame({ id: 'g', variant: 'scottish' }, turns().value, fake(best), DEFAULT_MINING_BUDGET)).candidates.map((c) => c.turn);
    expect(await found(['f1c4', 'd1h5', 'h5f7'])).toEqual([3]);
    expect(await found(['f1c4', 'd1h5', 'h5h4'])).toEqual([]);
    expect(await found(['e2e4'])).toEqual([]);
  });
});
