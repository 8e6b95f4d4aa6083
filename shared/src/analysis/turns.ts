/** A game record cut into its turns (series), each with the state it started from. */
import type { Move } from '../chess/types.js';
import { endTurn, play, positionOf, type GameState } from '../rules/index.js';
import { failAt, startState, type GameRecord } from '../notation/record.js';
import { ok, type Result } from '../result.js';
import type { NotationError } from '../notation/errors.js';
import { makeUci } from '../chess/squares.js';

export interface PlayedTurn {
  /** The state at the start of the series (moveIndex 0, game running). */
  readonly start: GameState;
  /** Index in the record's `moves` of the series' first move. */
  readonly firstMove: number;
  /** The moves played in the series (empty when the game ended from outside before any). */
  readonly moves: readonly Move[];
  /** The state after the series' last move (or `start` when none was played). */
  readonly end: GameState;
}

/**
 * Replays a record through the rules and returns every turn that started with the game running:
 * the series played in it, including a last series cut short by a finish from outside (a
 * resignation, a flag) and a turn the game ended before any move of it. Passes (cost variants)
 * follow `record.passes` or the colour of the next move, as in `makeGame`.
 */
export function playedTurns(record: GameRecord): Result<PlayedTurn[], NotationError> {
  const first = startState(record.variant, {
    ...(record.initialFen !== undefined ? { fen: record.initialFen } : {}),
    ...(record.initialTurn !== undefined ? { turn: record.initialTurn } : {}),
  });
  if (!first.ok) return first;
  const passes = new Set(record.passes ?? []);
  const turns: PlayedTurn[] = [];
  let state = first.value;
  let open: { start: GameState; firstMove: number; moves: Move[] } | null = null;
  const close = (): void => {
    if (open) turns.push({ start: open.start, firstMove: open.firstMove, moves: open.moves, end: state });
    open = null;
  };
  for (const [i, move] of record.moves.entries()) {
    const mover = positionOf(state).pieceAt(move.from)?.color;
    if (state.moveIndex > 0 && !state.outcome && (passes.has(i) || (mover !== undefined && mover !== state.color))) {
      const passed = endTurn(state);
      if (!passed.ok) return failAt(state, passed.error.code, passed.error.message, '');
      state = passed.value.state;
      close();
    }
    if (state.moveIndex === 0 && !state.outcome) {
      close();
      open = { start: state, firstMove: i, moves: [] };
    }
    const r = play(state, move);
    if (!r.ok) return failAt(state, r.error.code, r.error.message, makeUci(move));
    open?.moves.push(move);
    state = r.value.state;
    if (r.value.turnEnded) close();
  }
  close();
  if (!state.outcome && state.moveIndex === 0) turns.push({ start: state, firstMove: record.moves.length, moves: [], end: state });
  return ok(turns);
}
