/** Perft on the internal board: no allocation per node, bulk count at depth 1. */
import type { Board } from './board.js';
import { BUF, generate } from './movegen.js';

export function perftBoard(b: Board, depth: number, rules: number, start = 0): number {
  if (depth <= 0) return 1;
  const end = generate(b, start, rules);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const m = BUF[i]!;
    b.make(m);
    nodes += perftBoard(b, depth - 1, rules, end);
    b.unmake(m);
  }
  return nodes;
}
