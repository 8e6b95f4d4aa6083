// The 60 progressive mates (Italian) with their example series as moves.
import { parseUci, type Move } from '../../src/chess/index.js';
import { progressiveMates } from '../data/load.js';

export interface MateProblem {
  id: string;
  fen: string;
  turn: number;
  solution: Move[];
}

function parseMove(text: string): Move {
  const move = parseUci(text.replace('-', ''));
  if (!move) throw new Error(`bad move ${text}`);
  return move;
}

export const mateProblems = (): MateProblem[] =>
  progressiveMates().map((row) => ({ id: String(row.id), fen: row.fen, turn: row.turn, solution: row.solution.map(parseMove) }));
