import type { MinedPuzzle } from '@progressive-chess/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextLine, loadMinedPuzzle, markSeen } from './mined.js';

const PUZZLE: MinedPuzzle = {
  id: 'p1',
  variant: 'scottish',
  fen: 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3',
  turn: 3,
  color: 'white',
  solution: ['f1c4', 'd1h5', 'h5f7'],
  themes: ['scottish', 'series-3', 'missed'],
  origin: 'missed',
  rating: 1400,
  rd: 350,
  plays: 0,
  gameId: 'g1',
  context: { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', turn: 2, moves: ['e7e5', 'g8f6'] },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('puzzles from games', () => {
  it('replays the opponent\'s last series from its start to the puzzle\'s position', () => {
    const line = contextLine(PUZZLE);
    expect(line?.moves).toHaveLength(2);
    expect(line?.states).toHaveLength(3);
    expect(line?.states[2]?.turn).toBe(3);
    expect(contextLine({ ...PUZZLE, context: null })).toBeNull();
    expect(contextLine({ ...PUZZLE, context: { ...PUZZLE.context!, moves: ['e7e5', 'e5e3'] } })).toBeNull();
  });

  it('asks for the day\'s, a named or the next puzzle, the next one skipping those seen here', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ puzzle: null }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    await loadMinedPuzzle('daily', null);
    await loadMinedPuzzle('abc', null);
    markSeen('p1');
    markSeen('p2');
    markSeen('p1');
    await loadMinedPuzzle(null, 'italian');
    expect(fetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['/api/puzzles/daily', '/api/puzzles/abc', '/api/puzzles/next?variant=italian&exclude=p2%2Cp1']);
  });
});
