import { describe, expect, it } from 'vitest';
import type { Move } from '../../src/chess/index.js';
import { newGame, play, type PlayOutcome } from '../../src/rules/index.js';
import { progressiveMates } from '../data/load.js';
import { mv } from '../notation/helpers.js';

interface Problem {
  id: string;
  fen: string;
  turn: number;
  solution: Move[];
}

function problems(): Problem[] {
  return progressiveMates().map((row) => ({ id: String(row.id), fen: row.fen, turn: row.turn, solution: row.solution.map(mv) }));
}

describe('progressive-mates-60', () => {
  const all = problems();

  it('has 60 problems', () => {
    expect(all).toHaveLength(60);
  });

  it.each(all.map((p) => [p.id, p] as const))('#%s: the example solution is a legal Italian series that mates', (_id, p) => {
    const start = newGame('italian', { fen: p.fen, turn: p.turn });
    if (!start.ok) throw new Error(start.error.message);
    const mover = start.value.color;
    expect(p.solution).toHaveLength(p.turn);
    let s = start.value;
    let last: PlayOutcome | undefined;
    for (const [i, move] of p.solution.entries()) {
      const r = play(s, move, mover);
      if (!r.ok) throw new Error(`move ${i + 1}: ${r.error.code}`);
      last = r.value;
      expect(last.turnEnded).toBe(i === p.solution.length - 1);
      s = last.state;
    }
    expect(last?.check).toBe(true);
    expect(last?.outcome).toEqual({ result: mover === 'white' ? '1-0' : '0-1', reason: 'checkmate' });
  });
});
