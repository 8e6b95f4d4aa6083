import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSquare, type Move, type Role } from '../../src/chess/index.js';
import { newGame, play, type PlayOutcome } from '../../src/rules/index.js';

const CSV = '/work/shared/data/progressive-mates-60.csv';
const PROMOTION: Record<string, Role> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

interface Problem {
  id: string;
  fen: string;
  turn: number;
  solution: Move[];
}

function parseMove(text: string): Move {
  const m = /^([a-h][1-8])-([a-h][1-8])([qrbn])?$/.exec(text);
  if (!m) throw new Error(`bad move ${text}`);
  const [, from, to, promo] = m;
  const move = { from: parseSquare(from!)!, to: parseSquare(to!)! };
  return promo ? { ...move, promotion: PROMOTION[promo]! } : move;
}

function problems(): Problem[] {
  const lines = readFileSync(CSV, 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((line) => {
    const m = /^(\d+),"([^"]+)",(\d+),"([^"]+)"$/.exec(line.trim());
    if (!m) throw new Error(`bad line ${line}`);
    return { id: m[1]!, fen: m[2]!, turn: Number(m[3]), solution: m[4]!.split(';').map(parseMove) };
  });
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
