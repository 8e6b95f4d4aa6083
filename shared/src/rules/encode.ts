/*
 * State encoding: an extended FEN that round-trips any GameState, also in the middle of a series.
 * Fourteen fields separated by single spaces, and a fifteenth only while the ten-turn rule's
 * exception is being played (so the encoding, and the hash, of every other state is unchanged, and
 * states stored before the field existed still decode, without the exception):
 *
 *   1 placement        as in FEN
 *   2 side             w | b: the side playing this turn (state.color)
 *   3 castling         as in FEN ('-' when none)
 *   4 ep-open          en-passant targets open for the first move of this turn: 'e3,d3' or '-'
 *                      (kept for the whole turn; they apply only while move-index is 0)
 *   5 variant          variant id, e.g. 'italian'
 *   6 turn             progressive turn number t (odd: white, even: black)
 *   7 move-index       moves already played in this turn
 *   8 spent            moves or points used so far in this turn
 *   9 ep-next          targets of this turn's pawn double steps whose pawns have not moved again, or '-'
 *  10 cycle            English: squares of the pieces that moved in the current cycle, or '-'
 *  11 quiet-turns      completed consecutive turns without capture or pawn move
 *  12 irreversible     1 if this turn already had a capture or a pawn move, else 0
 *  13 outcome          '-' or '<result>:<reason>', result '*' when none (aborted): '1-0:checkmate'
 *  14 history          turn-start repetition keys since the last irreversible turn, oldest first, ending
 *                      with this turn's start, joined by ';'; each key is 'placement_side_castling_ep'
 *                      with ep as square names (sorted a1..h8) joined by ',' or '-'
 *  15 play-on          'play-on' when this series is played past the ten-turn rule (its side could
 *                      force mate); absent otherwise
 *
 * Example (Scottish, Black to play turn 2 after 1.e4, one move made: e5):
 *   rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - scottish 2 1 1 e6 - 0 1 -
 *   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_-   (one line)
 */
import { makeSquare, parseSquare, Position, type Square } from '../chess/index.js';
import { err, ok, type Result } from '../result.js';
import { ruleError, type RuleError } from './errors.js';
import { colorLetter, freezeState, type GameState } from './state.js';
import { GAME_RESULTS, OUTCOME_REASONS, type GameResult, type Outcome, type OutcomeReason } from './variant-ids.js';
import { colorOfTurn, getVariant, seriesBudget } from './variants.js';

const squares = (list: readonly Square[]): string => (list.length > 0 ? list.map(makeSquare).join(',') : '-');

/** Encoded history lists: a state's history is a frozen list, shared by the states of one turn. */
const encodedHistory = new WeakMap<readonly string[], string>();

function historyField(history: readonly string[]): string {
  let s = encodedHistory.get(history);
  if (s === undefined) {
    s = history.map((k) => k.replaceAll(' ', '_')).join(';');
    if (Object.isFrozen(history)) encodedHistory.set(history, s);
  }
  return s;
}

/** (The fields joined from one array: a template of 27 parts made some 2 KB of intermediate strings per move.) */
export function encodeState(state: GameState): string {
  const outcome = state.outcome ? `${state.outcome.result ?? '*'}:${state.outcome.reason}` : '-';
  const { board } = state;
  return [
    board.placement(),
    colorLetter(state.color),
    board.castlingRights(),
    squares(state.epTurn),
    state.variant,
    state.turn,
    state.moveIndex,
    state.spent,
    squares(state.epNext),
    squares(state.cycleMoved),
    state.quietTurns,
    state.irreversible ? 1 : 0,
    outcome,
    historyField(state.history),
    ...(state.tenTurnPlayOn ? [PLAY_ON] : []),
  ].join(' ');
}

const PLAY_ON = 'play-on';

class Invalid extends Error {}

/** A square list; `rank` (0-based), when given, is where every square must lie. */
function parseSquares(field: string, rank?: number): Square[] {
  if (field === '-') return [];
  return field.split(',').map((name) => {
    const sq = parseSquare(name);
    if (sq === undefined || (rank !== undefined && sq >> 3 !== rank)) throw new Invalid(`bad square ${name}`);
    return sq;
  });
}

function parseCount(field: string, min: number): number {
  if (!/^\d+$/.test(field) || Number(field) < min) throw new Invalid(`bad number ${field}`);
  return Number(field);
}

function parseOutcome(field: string): Outcome | null {
  if (field === '-') return null;
  const [result = '', reason = ''] = field.split(':');
  const known = (GAME_RESULTS as readonly string[]).includes(result) || result === '*';
  if (!known || !(OUTCOME_REASONS as readonly string[]).includes(reason)) throw new Invalid(`bad outcome ${field}`);
  return { result: result === '*' ? null : (result as GameResult), reason: reason as OutcomeReason };
}

function decode(s: string): GameState {
  const f = s.trim().split(' ');
  if (f.length !== 14 && f.length !== 15) throw new Invalid(`expected 14 or 15 fields, got ${f.length}`);
  const [placement, side, castling, epOpen, variantId, turnF, indexF, spentF, epNext, cycle, quiet, irr, outF, hist, playOn] =
    f as [string, string, string, string, string, string, string, string, string, string, string, string, string, string, string?];
  if (playOn !== undefined && playOn !== PLAY_ON) throw new Invalid(`bad field ${playOn}`);
  const v = getVariant(variantId);
  if (!v) throw new Invalid(`unknown variant ${variantId}`);
  const turn = parseCount(turnF, 1);
  const color = side === 'w' ? 'white' : side === 'b' ? 'black' : null;
  if (!color || colorOfTurn(turn) !== color) throw new Invalid('side does not match the turn');
  const budget = seriesBudget(v, turn);
  const moveIndex = parseCount(indexF, 0);
  const spent = parseCount(spentF, 0);
  if (spent > budget || moveIndex > spent) throw new Invalid('move index or spent out of range');
  const parsed = Position.fromFen(`${placement} ${side} ${castling} - 0 ${turn}`);
  if (!parsed.ok) throw new Invalid(parsed.error.message);
  // Targets open to the side to move lie on its sixth rank; its own double steps pass its third.
  const epTurn = parseSquares(epOpen, color === 'white' ? 5 : 2);
  parsed.value.setEpSquares(moveIndex === 0 ? epTurn : []);
  if (irr !== '0' && irr !== '1') throw new Invalid(`bad flag ${irr}`);
  const history = hist.split(';').map((k) => k.replaceAll('_', ' '));
  return freezeState({
    variant: v.id,
    turn,
    color,
    moveIndex,
    budget,
    spent,
    outcome: parseOutcome(outF),
    board: parsed.value,
    epTurn,
    epNext: parseSquares(epNext, color === 'white' ? 2 : 5),
    cycleMoved: parseSquares(cycle),
    quietTurns: parseCount(quiet, 0),
    tenTurnPlayOn: playOn === PLAY_ON,
    irreversible: irr === '1',
    history,
  });
}

export function decodeState(s: string): Result<GameState, RuleError> {
  try {
    return ok(decode(s));
  } catch (e) {
    if (e instanceof Invalid) return err(ruleError('invalid-state', e.message));
    throw e;
  }
}
