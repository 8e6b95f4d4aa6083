// Test helpers: games from FEN, moves in UCI, plays that must succeed or fail.
import { makeUci, parseUci, type Move } from '../../src/chess/index.js';
import {
  newGame,
  play,
  type GameState,
  type PlayOutcome,
  type RuleErrorCode,
  type VariantId,
} from '../../src/rules/index.js';

export function game(variant: VariantId, fen?: string, turn?: number): GameState {
  const r = newGame(variant, { ...(fen === undefined ? {} : { fen }), ...(turn === undefined ? {} : { turn }) });
  if (!r.ok) throw new Error(`newGame(${variant}): ${r.error.code} ${r.error.message}`);
  return r.value;
}

export function uci(s: string): Move {
  const m = parseUci(s);
  if (!m) throw new Error(`bad uci ${s}`);
  return m;
}

/** Plays one move that must be accepted. */
export function step(state: GameState, move: string): PlayOutcome {
  const r = play(state, uci(move));
  if (!r.ok) throw new Error(`${move}: ${r.error.code} (${r.error.message})`);
  return r.value;
}

/** Plays space-separated UCI moves that must all be accepted; returns the last outcome. */
export function run(state: GameState, moves: string): PlayOutcome {
  let last: PlayOutcome | undefined;
  let s = state;
  for (const m of moves.trim().split(/\s+/)) {
    last = step(s, m);
    s = last.state;
  }
  if (!last) throw new Error('no moves');
  return last;
}

/** Plays a move that must be refused; returns the error code. */
export function refused(state: GameState, move: string): RuleErrorCode {
  const r = play(state, uci(move));
  if (r.ok) throw new Error(`${move} was accepted`);
  return r.error.code;
}

export const ucis = (moves: readonly Move[]): string[] => moves.map(makeUci).sort();
