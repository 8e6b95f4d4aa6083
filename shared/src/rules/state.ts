import { opposite, type Color, type Position, type Square } from '../chess/index.js';
import type { Outcome, OutcomeReason, VariantId } from './variant-ids.js';

/**
 * The progressive game state: an immutable value. Every rules function returns a new one and
 * never mutates its input. The fields below the public ones are internals (read them through
 * `fen`, `positionOf`, `inCheck`, `cyclePending`, `encodeState`).
 */
export interface GameState {
  readonly variant: VariantId;
  /** Progressive turn number t (White odd, Black even from the initial position). */
  readonly turn: number;
  /** Side playing turn t. */
  readonly color: Color;
  /** Moves already played in this turn. */
  readonly moveIndex: number;
  /** Series length (moves) or points of this turn. */
  readonly budget: number;
  /** Moves or points used so far this turn. */
  readonly spent: number;
  readonly outcome: Outcome | null;
  /** Internal. The board; side to move = color; its ep squares are `epTurn` at move 0, else none. Never mutated. */
  readonly board: Position;
  /** Internal. En-passant targets open for the first move of this turn (kept all turn for error reports). */
  readonly epTurn: readonly Square[];
  /** Internal. Targets of this turn's pawn double steps whose pawns have not moved again. */
  readonly epNext: readonly Square[];
  /** Internal (English). Current squares of the pieces that have moved in the current cycle. */
  readonly cycleMoved: readonly Square[];
  /** Internal. Consecutive completed turns without capture or pawn move. */
  readonly quietTurns: number;
  /**
   * Internal. The ten-turn rule's exception: this series is played on after the tenth quiet turn
   * because its side could force mate in it; unless it mates, the draw is declared when it ends.
   */
  readonly tenTurnPlayOn: boolean;
  /** Internal. This turn has had a capture or a pawn move so far. */
  readonly irreversible: boolean;
  /** Internal. Turn-start keys since the last irreversible turn, ending with this turn's start. */
  readonly history: readonly string[];
}

/** A frozen copy of a list, or the list itself when it is frozen already (then shared: it cannot change). */
const frozen = <T>(a: readonly T[]): readonly T[] => (Object.isFrozen(a) ? a : Object.freeze([...a]));

type Unfrozen = { -readonly [K in keyof GameState]: GameState[K] };

/**
 * Freezes `s` and its lists, in place: `s` must be a new object of the caller's (every rules function
 * builds its result as a literal), so the state is not copied once more on every move.
 */
export function freezeState(s: GameState): GameState {
  const m = s as Unfrozen;
  m.epTurn = frozen(s.epTurn);
  m.epNext = frozen(s.epNext);
  m.cycleMoved = frozen(s.cycleMoved);
  m.history = frozen(s.history);
  return Object.freeze(m);
}

export const win = (winner: Color, reason: OutcomeReason): Outcome => ({
  result: winner === 'white' ? '1-0' : '0-1',
  reason,
});
export const draw = (reason: OutcomeReason): Outcome => ({ result: '1/2-1/2', reason });
export const loss = (loser: Color, reason: OutcomeReason): Outcome => win(opposite(loser), reason);

export const colorLetter = (c: Color): string => (c === 'white' ? 'w' : 'b');

/** Square of the pawn that double-stepped over `target`, for the side that made the step. */
export const pawnBehind = (target: Square, mover: Color): Square => (mover === 'white' ? target + 8 : target - 8);
