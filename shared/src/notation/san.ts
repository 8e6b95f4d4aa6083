import { makeSquare, type Move, type Piece, type Position, type Square } from '../chess/index.js';
import {
  getVariant,
  legalMoves,
  play,
  type GameState,
  type PlayOutcome,
  type RuleError,
} from '../rules/index.js';
import { err, ok, type Result } from '../result.js';
import type { SanError } from './errors.js';
import { ROLE_LETTER, readSanSyntax, type SanSyntax } from './san-syntax.js';

const fileOf = (sq: number): number => sq & 7;
const rankOf = (sq: number): number => sq >> 3;

/** The board position of a state (its side to move is the player of the turn), for reading only. */
const boardOf = (state: GameState): Position => state.board;

/** Other pieces of the moving kind that could move to the same square on the board (ignoring the progressive limits), for disambiguation. */
function boardRivals(state: GameState, pos: Position, move: Move): Square[] {
  return pos.rivalSquares(move, getVariant(state.variant)?.moveRules);
}

function isCastle(pos: Position, move: Move): boolean {
  return (
    pos.pieceAt(move.from)?.role === 'king' &&
    rankOf(move.from) === rankOf(move.to) &&
    Math.abs(fileOf(move.from) - fileOf(move.to)) === 2
  );
}

/** The side has another piece of the same kind as `piece` (a possible rival for the target square). */
const hasTwin = (pos: Position, piece: Piece): boolean => pos.countOf(piece) > 1;

/**
 * SAN without check or mate mark, disambiguated among `rivals`: the squares of the other pieces of
 * the moving kind that could move to the same square (a function: asked only for a piece that may
 * have a rival, i.e. not for pawns, castling or a lone kind).
 */
function plainSan(pos: Position, move: Move, rivals: () => readonly Square[]): string {
  const piece = pos.pieceAt(move.from);
  if (!piece) return makeSquare(move.from) + makeSquare(move.to);
  if (isCastle(pos, move)) return move.to > move.from ? 'O-O' : 'O-O-O';
  const promo = move.promotion ? '=' + ROLE_LETTER[move.promotion] : '';
  const to = makeSquare(move.to);
  if (piece.role === 'pawn') {
    const capture = fileOf(move.from) !== fileOf(move.to);
    return capture ? `${'abcdefgh'[fileOf(move.from)]}x${to}${promo}` : to + promo;
  }
  const capture = pos.pieceAt(move.to) !== undefined ? 'x' : '';
  const others = hasTwin(pos, piece) ? rivals() : [];
  let from = '';
  if (others.length > 0) {
    const name = makeSquare(move.from);
    if (others.every((sq) => fileOf(sq) !== fileOf(move.from))) from = name[0] ?? '';
    else if (others.every((sq) => rankOf(sq) !== rankOf(move.from))) from = name[1] ?? '';
    else from = name;
  }
  return ROLE_LETTER[piece.role] + from + capture + to + promo;
}

/** `#` when the game ends by (progressive) checkmate, `+` when the move gives check. */
function mark(outcome: PlayOutcome): string {
  const reason = outcome.outcome?.reason;
  if (reason === 'checkmate' || reason === 'progressive-checkmate') return '#';
  return outcome.check ? '+' : '';
}

/** Plays `move` and writes it: the SAN (with its mark) and the rules' outcome. */
export function sanStep(
  state: GameState,
  move: Move,
): Result<{ san: string; outcome: PlayOutcome }, RuleError> {
  const pos = boardOf(state);
  const base = plainSan(pos, move, () => boardRivals(state, pos, move));
  const played = play(state, move);
  if (!played.ok) return played;
  return ok({ san: base + mark(played.value), outcome: played.value });
}

/**
 * SAN of a legal move in a progressive position: `+` check, `#` when it ends the game by mate.
 * `played`: the outcome of `play(state, move)` when the caller already has it (the move is then
 * not played a second time just for the mark).
 */
export function makeSan(state: GameState, move: Move, played?: PlayOutcome): string {
  const pos = boardOf(state);
  if (played) return plainSan(pos, move, () => boardRivals(state, pos, move)) + mark(played);
  const step = sanStep(state, move);
  if (step.ok) return step.value.san;
  return plainSan(pos, move, () => boardRivals(state, pos, move));
}

function matches(pos: Position, move: Move, syn: SanSyntax): boolean {
  if (syn.kind === 'castle') {
    return isCastle(pos, move) && (syn.side === 'king') === move.to > move.from;
  }
  if (move.to !== syn.to) return false;
  if (syn.fromFile !== undefined && fileOf(move.from) !== syn.fromFile) return false;
  if (syn.fromRank !== undefined && rankOf(move.from) !== syn.fromRank) return false;
  if (syn.role !== 'any' && pos.pieceAt(move.from)?.role !== syn.role) return false;
  return syn.promotion === undefined || move.promotion === syn.promotion;
}

/** Among several matches that differ only by promotion piece (`e8` written bare), the queen. */
function pickOne(found: readonly Move[]): Move | undefined {
  if (found.length === 1) return found[0];
  const first = found[0];
  if (!first || found.some((m) => m.from !== first.from || m.to !== first.to)) return undefined;
  return found.find((m) => m.promotion === 'queen');
}

/**
 * Reads a move written in SAN, long algebraic or UCI, in a progressive position. Errors:
 * 'unreadable' (not a move, or ambiguous), a rules code from `play` when the move exists on
 * the board but the variant forbids it now, else 'illegal-move'.
 */
export function parseSan(state: GameState, san: string): Result<Move, SanError> {
  const syn = readSanSyntax(san);
  if (!syn) return err({ code: 'unreadable', message: `"${san}" is not a move` });
  if (state.outcome) return err({ code: 'game-over', message: 'the game is over' });
  const pos = boardOf(state);
  const found = legalMoves(state).filter((m) => matches(pos, m, syn));
  const move = pickOne(found);
  if (move) return ok(move);
  if (found.length > 1) return err({ code: 'unreadable', message: `"${san}" is ambiguous` });
  const onBoard = pos.legalMoves(getVariant(state.variant)?.moveRules).filter((m) => matches(pos, m, syn));
  const tried = onBoard[0] ?? literalMove(syn, state.color);
  if (tried) {
    const refused = play(state, tried);
    if (!refused.ok) return err(refused.error);
  }
  return err({ code: 'illegal-move', message: `${san} is not a legal move here` });
}

/**
 * The move a text names without the board's help (both squares, or a pawn capture `dxe3`), tried
 * as is to get the rules' reason for refusing it (e.g. en passant after the first move).
 */
function literalMove(syn: SanSyntax, color: GameState['color']): Move | undefined {
  if (syn.kind !== 'move' || syn.fromFile === undefined) return undefined;
  let { fromRank } = syn;
  if (fromRank === undefined && syn.role === 'pawn') fromRank = rankOf(syn.to) + (color === 'white' ? -1 : 1);
  if (fromRank === undefined) return undefined;
  const from = syn.fromFile + 8 * fromRank;
  return syn.promotion ? { from, to: syn.to, promotion: syn.promotion } : { from, to: syn.to };
}
