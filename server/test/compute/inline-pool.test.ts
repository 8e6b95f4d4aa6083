import { encodeState, INITIAL_FEN, newGame } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createInlinePool } from '../../src/compute/inline-pool.js';
import { ComputeError } from '../../src/compute/pool.js';

const state = (): string => {
  const r = newGame('italian', { fen: INITIAL_FEN, turn: 3 });
  if (!r.ok) throw new Error(r.error.message);
  return encodeState(r.value);
};

describe('inline compute pool (services tests)', () => {
  it('runs a registry task in-process and honours a signal aborted before it starts', async () => {
    const pool = createInlinePool();
    const out = await pool.run('bot-series', { state: state(), level: 1, budgetMs: 50, seed: 1 });
    expect(out.moves).toHaveLength(3);
    const stop = new AbortController();
    const cancelled = pool.run('find-mate', { state: state() }, { signal: stop.signal });
    stop.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    await expect(pool.run('find-mate', { state: 'garbage' })).rejects.toBeInstanceOf(ComputeError);
    expect(pool.stats()).toMatchObject({ completed: 1, cancelled: 1, failed: 1 });
    await pool.close();
    await expect(pool.run('find-mate', { state: state() })).rejects.toMatchObject({ code: 'closed' });
  });
});
