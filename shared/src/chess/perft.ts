/** Perft on the internal board: no allocation per node, bulk count at depth 1. */
import type { Board } from './board.js';
import { BUF, generate, generateRoot } from './movegen.js';

export function perftBoard(b: Board, depth: number, rules: number): number {
  if (depth <= 0) return 1;
  const end = generateRoot(b, 0, rules);
  return depth === 1 ? end : perftMoves(b, depth, rules, 0, end);
}

function perftMoves(b: Board, depth: number, rules: number, start: number, end: number): number {
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const m = BUF[i]!;
    b.make(m);
    nodes += inner(b, depth - 1, rules, end);
    b.unmake(m);
  }
  return nodes;
}

function inner(b: Board, depth: number, rules: number, start: number): number {
  const end = generate(b, start, rules);
  return depth === 1 ? end - start : perftMoves(b, depth, rules, start, end);
}
