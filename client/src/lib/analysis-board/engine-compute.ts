/** The engine's work on one request (the worker's body, kept apart so a test can run it). */
import { VARIANTS, chooseSeries, decodeState, evaluate, findMate, makeUci, play, positionOf, seededRandom, type GameState, type Move } from '@progressive-chess/shared';
import type { EngineAnswer, EngineRequest } from './engine.js';

const now = (): number => performance.now();

/** The evaluation after `moves` for the side that plays them; null when they end the game. */
function scoreAfter(state: GameState, moves: readonly Move[]): number | null {
  let s = state;
  for (const m of moves) {
    const r = play(s, m);
    if (!r.ok) break;
    s = r.value.state;
  }
  if (s.outcome) return null;
  return Math.round(evaluate(positionOf(s), state.color, VARIANTS[state.variant].moveRules.royalKing));
}

export function answer(req: EngineRequest): EngineAnswer {
  const decoded = decodeState(req.state);
  if (!decoded.ok) return { id: req.id, kind: 'error', message: decoded.error.message };
  const state = decoded.value;
  if (req.kind === 'mate') {
    const r = findMate(state, { budgetMs: req.budgetMs, now });
    return { id: req.id, kind: 'mate', found: r.found, complete: r.complete, moves: r.found ? r.moves.map(makeUci) : [] };
  }
  const moves = chooseSeries(state, { level: 3, budgetMs: req.budgetMs, now, random: seededRandom(req.seed) });
  return { id: req.id, kind: 'series', moves: moves.map(makeUci), score: scoreAfter(state, moves) };
}

