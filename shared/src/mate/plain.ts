/**
 * The plain reference search: depth-first through the public rules (legalMoves, play), no
 * ordering, no transpositions, no pruning. Slow, but an independent check of findMate's answers
 * and the baseline of the mate benchmark.
 */
import { legalMoves } from '../rules/query.js';
import { play } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import type { Move } from '../chess/types.js';
import { DEFAULT_MAX_NODES, isWinningSeries, type MateOptions, type MateResult } from './find-mate.js';

export function plainMateSearch(state: GameState, opts: MateOptions = {}): MateResult {
  if (state.outcome) return { found: false, complete: true, nodes: 0 };
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const { now, budgetMs } = opts;
  const start = now ? now() : 0;
  let nodes = 0;
  let stopped = false;
  const mover = state.color;
  const path: Move[] = [];
  const walk = (s: GameState): boolean => {
    nodes++;
    if (nodes >= maxNodes || (now && budgetMs !== undefined && now() - start >= budgetMs)) stopped = true;
    if (stopped) return false;
    for (const move of legalMoves(s)) {
      const r = play(s, move, mover);
      if (!r.ok) continue;
      path.push(move);
      const next = r.value;
      if (next.turnEnded) {
        if (next.outcome && isWinningSeries(state, path)) return true;
      } else if (walk(next.state)) return true;
      path.pop();
      if (stopped) return false;
    }
    return false;
  };
  if (walk(state)) return { found: true, moves: [...path], complete: true, nodes };
  return { found: false, complete: !stopped, nodes };
}
