import { makeUci, type Move } from '../chess/index.js';
import { makeSan } from '../notation/san.js';
import type { GameState, PlayOutcome } from '../rules/index.js';
import type { MoveRecord } from './types.js';

/**
 * The record of `move` played in `state` (the state before it) with its outcome: what the
 * server logs and broadcasts and what the client shows while the server confirms it.
 */
export function moveRecord(state: GameState, move: Move, out: PlayOutcome, at: number): MoveRecord {
  return {
    uci: makeUci(move),
    san: makeSan(state, move, out),
    color: state.color,
    turn: state.turn,
    index: state.moveIndex + 1,
    ...(out.cycleEnded ? { cycleEnd: true } : {}),
    turnEnded: out.turnEnded,
    at,
  };
}
