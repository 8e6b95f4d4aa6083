// Turn boundaries: closing a series and opening the next turn (mate, stalemate, ten-turn rule,
// repetition are all decided when a turn starts).
import { makeSquare, opposite, type Color, type Position, type Square } from '../chess/index.js';
import { boardMoves, cloneNode, seriesMoves, type SeriesNode } from './series.js';
import { colorLetter, draw, freezeState, loss, type GameState } from './state.js';
import { seriesBudget, VARIANTS, type Variant } from './variants.js';
import type { Outcome } from './variant-ids.js';

export const TEN_TURN_LIMIT = 10;

/**
 * Whether the side to move at a turn start (outcome still null) can force mate in its series:
 * the ten-turn rule's exception. The state machine (game.ts) supplies the mate finder.
 */
export type MateOracle = (s: GameState) => boolean;
export const REPETITION_LIMIT = 3;

/** Repetition key of a turn start: placement, side to move, castling rights, en-passant targets. */
function turnKey(pos: Position, color: Color, ep: readonly Square[]): string {
  const placement = pos.placement();
  const eps = ep.length > 0 ? [...ep].sort((a, b) => a - b).map(makeSquare).join(',') : '-';
  return `${placement} ${colorLetter(color)} ${pos.castlingRights()} ${eps}`;
}

export interface TurnStart {
  /** Owned by the new state from now on. */
  readonly pos: Position;
  readonly color: Color;
  readonly turn: number;
  /** Double-step targets of the previous turn (or the FEN's ep square); filtered here. */
  readonly epCandidates: readonly Square[];
  readonly quietTurns: number;
  /** Keys of earlier turn starts that may still repeat. */
  readonly history: readonly string[];
  /** The series that just ended was played on past the ten-turn rule (the draw is now declared unless it mated). */
  readonly playedOn?: boolean;
}

/** startOutcome's answer when the ten-turn rule leaves the decision to the mate finder. */
const ASK_MATE_FINDER = 'ask-mate-finder';

export function startTurn(v: Variant, t: TurnStart, canForceMate: MateOracle): GameState {
  const pos = t.pos;
  pos.turn = t.color;
  // The position keeps the targets that are empty with the double-stepped pawn beyond them (a piece
  // of the same side may have taken the passed square later in its series); of those, the ones a pawn
  // can really take are the turn's en-passant rights.
  pos.setEpSquares(v.enPassant ? t.epCandidates : []);
  const open = pos.epSquares;
  const board = boardMoves(v, pos);
  const epTurn = open.filter((sq) => board.some((m) => m.to === sq && pos.pieceAt(m.from)?.role === 'pawn'));
  if (epTurn.length !== open.length) pos.setEpSquares(epTurn);
  const key = turnKey(pos, t.color, epTurn);
  const state: GameState = {
    variant: v.id,
    turn: t.turn,
    color: t.color,
    moveIndex: 0,
    budget: seriesBudget(v, t.turn),
    spent: 0,
    outcome: null,
    board: pos,
    epTurn,
    epNext: [],
    cycleMoved: [],
    quietTurns: t.quietTurns,
    tenTurnPlayOn: false,
    irreversible: false,
    history: [...t.history, key],
  };
  const outcome = startOutcome(v, state, board, t.playedOn === true);
  if (outcome !== ASK_MATE_FINDER) return freezeState({ ...state, outcome });
  // Tenth quiet turn: the draw is declared unless the side to move can force mate in this series.
  if (canForceMate(state)) return freezeState({ ...state, tenTurnPlayOn: true });
  return freezeState({ ...state, outcome: draw('ten-turn-rule') });
}

function startOutcome(
  v: Variant,
  s: GameState,
  board: Parameters<typeof seriesMoves>[3],
  playedOn: boolean,
): Outcome | null | typeof ASK_MATE_FINDER {
  const node: SeriesNode = { pos: s.board, moveIndex: 0, spent: 0, moved: [], epNext: [], irreversible: false };
  const moves = seriesMoves(v, node, s.budget, board);
  const checked = v.moveRules.royalKing && s.board.isCheck(s.color);
  if (moves.length === 0 && checked) {
    const progressive = v.checkRule === 'last-only' && board.length > 0;
    return loss(s.color, progressive ? 'progressive-checkmate' : 'checkmate');
  }
  if (v.goal === 'checkmate' && s.board.insufficientMaterial()) return draw('insufficient-material');
  if (moves.length === 0) return draw('stalemate');
  // The exception is granted once: at exactly ten quiet turns, never past them (docs/rules.md 5.1.1).
  if (playedOn || s.quietTurns > TEN_TURN_LIMIT) return draw('ten-turn-rule');
  const key = s.history[s.history.length - 1];
  const repeated = s.history.filter((k) => k === key).length >= REPETITION_LIMIT;
  if (s.quietTurns === TEN_TURN_LIMIT) return repeated ? draw('ten-turn-rule') : ASK_MATE_FINDER;
  if (repeated) return draw('repetition');
  return null;
}

/** Ends the current series (full, check-ended, exhausted or passed) and opens the next turn. */
export function closeTurn(state: GameState, node: SeriesNode, canForceMate: MateOracle): GameState {
  const v = VARIANTS[state.variant];
  return startTurn(v, {
    pos: node.pos,
    color: opposite(state.color),
    turn: state.turn + 1,
    epCandidates: node.epNext,
    quietTurns: node.irreversible ? 0 : state.quietTurns + 1,
    history: node.irreversible ? [] : state.history,
    playedOn: state.tenTurnPlayOn,
  }, canForceMate);
}

/** A mutable working copy of the state's series (the board is cloned). */
export const nodeOf = (s: GameState): SeriesNode =>
  cloneNode({ pos: s.board, moveIndex: s.moveIndex, spent: s.spent, moved: s.cycleMoved, epNext: s.epNext, irreversible: s.irreversible });
