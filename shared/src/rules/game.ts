// The progressive game state machine: newGame, play, endTurn, finish.
import { INITIAL_FEN, opposite, Position, type Color, type Move, type MoveEffect } from '../chess/index.js';
import { err, ok, type Result } from '../result.js';
import { ruleError, type RuleError } from './errors.js';
import { applyStep, boardMoves, moveCost, seriesAllows } from './series.js';
import { sameMove } from '../chess/squares.js';
import { freezeState, type GameState } from './state.js';
import { closeTurn, nodeOf, startTurn, type MateOracle } from './turn.js';
import type { Outcome, OutcomeReason, VariantId } from './variant-ids.js';
import { searchMate } from '../mate/search-mate.js';
import { colorOfTurn, getVariant, seriesBudget, VARIANTS, type Variant } from './variants.js';

export interface PlayOutcome {
  /** The new state (at the start of the next turn when the turn ended without ending the game). */
  readonly state: GameState;
  /** The series is over: full, ended by check, exhausted, passed, or the game ended. */
  readonly turnEnded: boolean;
  /** The move gave check. */
  readonly check: boolean;
  /** English: a cycle completed with this move and the turn goes on. */
  readonly cycleEnded: boolean;
  /** Set when the game ended. */
  readonly outcome: Outcome | null;
  /** null for endTurn. */
  readonly effect: MoveEffect | null;
}

const fenError = (message: string) => err(ruleError('invalid-fen', message));

function validateSetup(v: Variant, pos: Position): string | null {
  const colors: Color[] = ['white', 'black'];
  if (v.moveRules.royalKing) {
    for (const c of colors) {
      const kings = pos.pieces(c).filter((p) => p.piece.role === 'king').length;
      if (kings !== 1) return `${c} must have exactly one king`;
    }
    if (pos.isCheck(opposite(pos.turn))) return 'the side not to move is in check';
  } else if (colors.some((c) => pos.pieces(c).length === 0)) {
    return 'both sides need at least one piece';
  }
  return null;
}

/** A game of the variant from the initial position, or from a standard FEN at the start of turn `turn`. */
export function newGame(variant: VariantId, opts: { fen?: string; turn?: number } = {}): Result<GameState, RuleError> {
  const v = getVariant(variant);
  if (!v) return err(ruleError('invalid-state', `unknown variant: ${String(variant)}`));
  const parsed = Position.fromFen(opts.fen ?? INITIAL_FEN);
  if (!parsed.ok) return fenError(parsed.error.message);
  let pos = parsed.value;
  const turn = opts.turn ?? (pos.turn === 'white' ? 1 : 2);
  if (!Number.isInteger(turn) || turn < 1) return fenError(`turn must be a positive integer, got ${turn}`);
  if (colorOfTurn(turn) !== pos.turn) {
    return fenError(`turn ${turn} belongs to ${colorOfTurn(turn)}, the FEN has ${pos.turn} to move`);
  }
  if (!v.castling && pos.castlingRights() !== '-') {
    const fields = pos.toFen().split(' ');
    fields[2] = '-';
    const stripped = Position.fromFen(fields.join(' '));
    if (!stripped.ok) return fenError(stripped.error.message);
    pos = stripped.value;
    pos.setEpSquares(parsed.value.epSquares);
  }
  const problem = validateSetup(v, pos);
  if (problem) return fenError(problem);
  const epCandidates = [...pos.epSquares];
  return ok(startTurn(v, { pos, color: pos.turn, turn, epCandidates, quietTurns: 0, history: [] }, canForceMate));
}

/**
 * Search nodes the mate finder may spend deciding the ten-turn rule's exception (docs/rules.md,
 * 5.1): a node count, not a time, so that every server and client decide alike. When the search
 * does not finish within it, the draw stands.
 */
export const TEN_TURN_MATE_NODES = 5000;

/** The ten-turn exception's oracle: a mate proved within TEN_TURN_MATE_NODES nodes. */
export const canForceMate: MateOracle = (s) =>
  searchMate(s, { maxNodes: TEN_TURN_MATE_NODES }, (moves) => isWinningSeries(s, moves)).found;

/** Lookahead (the computer player's line search): no mate search, the draw stands as when the search cannot finish. */
const lookaheadOracle: MateOracle = () => false;

export interface PlayOptions {
  /**
   * A line searched ahead, not the game: the ten-turn exception is not searched (the draw stands),
   * which keeps a search over many lines fast. Never for the game's own moves.
   */
  readonly lookahead?: boolean;
}

const oracleOf = (opts: PlayOptions): MateOracle => (opts.lookahead ? lookaheadOracle : canForceMate);

const WINNING: ReadonlySet<OutcomeReason> = new Set(['checkmate', 'progressive-checkmate', 'all-captured']);

/** Does playing `moves` from `state` end the game with the mover winning by mate or capture of everything? */
export function isWinningSeries(state: GameState, moves: readonly Move[]): boolean {
  const mover = state.color;
  let s = state;
  for (const move of moves) {
    if (s.outcome || s.color !== mover) return false;
    const r = play(s, move, mover, { lookahead: true });
    if (!r.ok) return false;
    s = r.value.state;
  }
  const o = s.outcome;
  return o !== null && WINNING.has(o.reason) && o.result === (mover === 'white' ? '1-0' : '0-1');
}

function guard(state: GameState, by: Color | undefined): RuleError | null {
  if (state.outcome) return ruleError('game-over', 'the game is over');
  if (by !== undefined && by !== state.color) return ruleError('not-your-turn', `it is ${state.color}'s turn`);
  return null;
}

/** Why a move that the series does not allow is refused (board moves = pos's legal moves now). */
function refusal(v: Variant, state: GameState, board: readonly Move[], move: Move): RuleError {
  const pos = state.board;
  if (!board.some((m) => sameMove(m, move))) {
    if (v.enPassant && state.moveIndex > 0 && state.epTurn.includes(move.to) && pos.pieceAt(move.from)?.role === 'pawn') {
      const probe = pos.clone();
      probe.setEpSquares(state.epTurn);
      if (probe.isLegal(move, v.moveRules)) {
        return ruleError('en-passant-not-first-move', 'en passant is allowed only on the first move of a turn');
      }
    }
    return ruleError('illegal-move', 'illegal move');
  }
  if (v.cycles && state.cycleMoved.includes(move.from)) {
    return ruleError('cycle-piece-already-moved', 'this piece has already moved in the current cycle');
  }
  if (v.costs && moveCost(v, pos, move) > state.budget - state.spent) {
    return ruleError('cannot-afford', `the move costs ${moveCost(v, pos, move)}, ${state.budget - state.spent} left`);
  }
  if (v.checkRule === 'last-only') {
    return ruleError('check-before-last-move', 'check is allowed only on the last move of the series');
  }
  return ruleError('illegal-move', 'illegal move');
}

/** Plays one move of the current series. Never changes `state`. */
export function play(state: GameState, move: Move, by?: Color, opts: PlayOptions = {}): Result<PlayOutcome, RuleError> {
  const refused = guard(state, by);
  if (refused) return err(refused);
  const v = VARIANTS[state.variant];
  const node = nodeOf(state);
  if (!node.pos.isLegal(move, v.moveRules) || !seriesAllows(v, node, state.budget, move)) {
    return err(refusal(v, state, boardMoves(v, node.pos), move));
  }
  const { from, to, promotion } = move;
  const step = applyStep(v, state.color, state.budget, node, promotion ? { from, to, promotion } : { from, to }, true, false);
  const { check, effect } = step;
  if (step.kind === 'turn') {
    const next = closeTurn(state, node, oracleOf(opts));
    return ok({ state: next, turnEnded: true, check, cycleEnded: false, outcome: next.outcome, effect });
  }
  if (step.kind === 'game' && step.turnOver) {
    // The move completed its series as well: like every finish at a turn boundary, the final
    // state is the start of the turn that would have followed.
    const next = freezeState({ ...closeTurn(state, node, lookaheadOracle), outcome: step.outcome });
    return ok({ state: next, turnEnded: true, check, cycleEnded: false, outcome: step.outcome, effect });
  }
  const next = freezeState({
    ...state,
    moveIndex: node.moveIndex,
    spent: node.spent,
    board: node.pos,
    epNext: node.epNext,
    cycleMoved: node.moved,
    irreversible: node.irreversible,
    outcome: step.kind === 'game' ? step.outcome : null,
  });
  if (step.kind === 'game') {
    return ok({ state: next, turnEnded: true, check, cycleEnded: false, outcome: step.outcome, effect });
  }
  return ok({ state: next, turnEnded: false, check, cycleEnded: step.cycleEnded, outcome: null, effect });
}

/** Why the side to move may not pass now (cost variants only, after at least one move of the turn). */
function passRefusal(state: GameState): RuleError | null {
  if (!VARIANTS[state.variant].costs) return ruleError('cannot-pass', 'only cost variants allow passing');
  if (state.moveIndex === 0) return ruleError('cannot-pass', 'make at least one move before passing');
  return null;
}

/** Whether `endTurn(state, by)` would succeed: the one rule for a "Pass the rest" button. */
export function canPass(state: GameState, by?: Color): boolean {
  return guard(state, by) === null && passRefusal(state) === null;
}

/**
 * The budget (moves, or points in cost variants) of `color`'s coming turn: the current turn's when
 * it is `color`'s, else the next turn's. What a per-turn clock gives that side.
 */
export function comingTurnBudget(state: GameState, color: Color): number {
  return state.color === color ? state.budget : seriesBudget(VARIANTS[state.variant], state.turn + 1);
}

/** Turns both sides together must complete before a game has really started. */
export const STARTED_AFTER_TURNS = 2;

/**
 * Whether a game has really started: both sides have completed a turn. Before, a player may abort
 * it and its result changes no rating.
 */
export const reallyStarted = (completedTurns: number): boolean => completedTurns >= STARTED_AFTER_TURNS;

/**
 * Whether a player may still abort: before the game has really started (it is at most one turn
 * past where it started) and while it runs.
 */
export function canAbort(state: GameState, initialTurn: number): boolean {
  return state.outcome === null && !reallyStarted(state.turn - initialTurn);
}

/** Passes the rest of a cost turn (after at least one move). */
export function endTurn(state: GameState, by?: Color, opts: PlayOptions = {}): Result<PlayOutcome, RuleError> {
  const refused = guard(state, by);
  if (refused) return err(refused);
  const pass = passRefusal(state);
  if (pass) return err(pass);
  const next = closeTurn(state, nodeOf(state), oracleOf(opts));
  return ok({ state: next, turnEnded: true, check: false, cycleEnded: false, outcome: next.outcome, effect: null });
}

/** Ends the game from outside (resignation, timeout, agreement, abort). A finished game is returned unchanged. */
export function finish(state: GameState, outcome: Outcome): GameState {
  return state.outcome ? state : freezeState({ ...state, outcome });
}
