// The 60 progressive mates (Italian) with their example series as moves.
import { parseUci, type Move } from '../../src/chess/index.js';
import { to88 } from '../../src/chess/tables.js';
import { play, type GameState } from '../../src/rules/index.js';
import { game } from '../rules/helpers.js';
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

/** The Italian state of problem p after the first k moves of its example series. */
export function afterExample(p: MateProblem, k: number): GameState {
  let s = game('italian', p.fen, p.turn);
  for (const move of p.solution.slice(0, k)) {
    const r = play(s, move);
    if (!r.ok) throw new Error(`#${p.id}: the example series was refused`);
    s = r.value.state;
  }
  return s;
}

/** The 0x88 start squares of the pieces the example series moves. */
export function solutionPieces(p: MateProblem): number[] {
  const origin = new Map<number, number>();
  const out = new Set<number>();
  for (const m of p.solution) {
    const from = to88(m.from);
    const first = origin.get(from) ?? from;
    origin.delete(from);
    origin.set(to88(m.to), first);
    out.add(first);
  }
  return [...out].sort((a, b) => a - b);
}
