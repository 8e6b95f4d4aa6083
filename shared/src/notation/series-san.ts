import type { Move } from '../chess/index.js';
import { play, type GameState } from '../rules/index.js';
import { makeSan } from './san.js';

/** A series in SAN from `state`, each move written in the position just before it (stops at a refused move). */
export function seriesSan(state: GameState, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let s = state;
  for (const move of moves) {
    out.push(makeSan(s, move));
    const r = play(s, move);
    if (!r.ok) break;
    s = r.value.state;
  }
  return out;
}
