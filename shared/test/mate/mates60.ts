// The 60 progressive mates (Italian), read from the copy in test/data.
import { readFileSync } from 'node:fs';
import { parseSquare, type Move, type Role } from '../../src/chess/index.js';

export interface MateProblem {
  id: string;
  fen: string;
  turn: number;
  solution: Move[];
}

const PROMOTION: Record<string, Role> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

function parseMove(text: string): Move {
  const m = /^([a-h][1-8])-([a-h][1-8])([qrbn])?$/.exec(text);
  if (!m) throw new Error(`bad move ${text}`);
  const [, from, to, promo] = m;
  const move = { from: parseSquare(from!)!, to: parseSquare(to!)! };
  return promo ? { ...move, promotion: PROMOTION[promo]! } : move;
}

export function mateProblems(): MateProblem[] {
  const text = readFileSync(new URL('../data/progressive-mates-60.csv', import.meta.url), 'utf8');
  return text.trim().split(/\r?\n/).slice(1).map((line) => {
    const m = /^(\d+),"([^"]+)",(\d+),"([^"]+)"$/.exec(line.trim());
    if (!m) throw new Error(`bad line ${line}`);
    return { id: m[1]!, fen: m[2]!, turn: Number(m[3]), solution: m[4]!.split(';').map(parseMove) };
  });
}
