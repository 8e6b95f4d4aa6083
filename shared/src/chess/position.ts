/** `Position`: the public face of the move generator (see shared/API.md, "Chess core"). */
import { err, ok, type Result } from '../result.js';
import { Board } from './board.js';
import { type FenError, INITIAL_FEN, castlingFen, epSquaresOf, makeFen, parseFen, placementFen, relevantEp } from './fen.js';
import { insufficientMaterial } from './material.js';
import { BUF, generateRoot } from './movegen.js';
import { perftBoard } from './perft.js';
import { makeSquare } from './squares.js';
import {
  BLACK, F_CASTLE, F_DOUBLE, F_EP, KING, PAWN, R_CASTLING, R_DOUBLE, R_KING_PROMO, R_ROYAL, WHITE, encodeMove, from88, to88,
} from './tables.js';
import { type Color, type Move, type MoveRules, type Piece, type Role, type Square, STANDARD_RULES } from './types.js';

export interface MoveEffect {
  /** Role of the moving piece before promotion. */
  moved: Role;
  /** Captured role, including en passant. */
  captured?: Role;
  /** Square of the captured piece; differs from `to` for en passant. */
  capturedSquare?: Square;
  enPassant: boolean;
  /** Pawn two-square step. */
  doubleStep: boolean;
  castle?: { rookFrom: Square; rookTo: Square };
  promotion?: Role;
}

const ROLE_OF: readonly Role[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];
const ROLE_CODE: Record<Role, number> = { pawn: 1, knight: 2, bishop: 3, rook: 4, queen: 5, king: 6 };
const PIECES: ReadonlyArray<Piece | undefined> = Array.from({ length: 16 }, (_, p) =>
  p & 7 && (p & 7) < 7 ? Object.freeze({ color: p & 8 ? 'black' : 'white', role: ROLE_OF[p & 7]! } as Piece) : undefined,
);
const colorCode = (c: Color): number => (c === 'white' ? WHITE : BLACK);

export function rulesBits(rules: MoveRules): number {
  return (rules.royalKing ? R_ROYAL : 0) | (rules.castling ? R_CASTLING : 0) | (rules.doubleStep ? R_DOUBLE : 0) |
    (rules.kingPromotion ? R_KING_PROMO : 0);
}
const STANDARD_BITS = rulesBits(STANDARD_RULES);
const bitsOf = (rules: MoveRules | undefined): number => (rules === undefined ? STANDARD_BITS : rulesBits(rules));

export function toMove(m: number): Move {
  const from = from88(m & 127);
  const to = from88((m >> 7) & 127);
  const promo = m >> 17;
  return promo ? { from, to, promotion: ROLE_OF[promo]! } : { from, to };
}

export class Position {
  private readonly b: Board;

  private constructor(b: Board) {
    this.b = b;
  }

  static initial(): Position {
    const r = parseFen(INITIAL_FEN);
    if (!r.ok) throw new Error('unreachable: initial FEN');
    return new Position(r.value);
  }

  static fromFen(fen: string): Result<Position, FenError> {
    const r = parseFen(fen);
    return r.ok ? ok(new Position(r.value)) : err(r.error);
  }

  toFen(): string {
    return makeFen(this.b);
  }

  /** The FEN's piece placement field alone. */
  placement(): string {
    return placementFen(this.b);
  }

  clone(): Position {
    return new Position(new Board(this.b));
  }

  get turn(): Color {
    return this.b.side === WHITE ? 'white' : 'black';
  }

  set turn(c: Color) {
    this.b.side = colorCode(c);
  }

  get epSquares(): readonly Square[] {
    return epSquaresOf(this.b);
  }

  /** Opens these en-passant targets (squares on rank 3 or 6 with the pawn beyond them; others are ignored). */
  setEpSquares(squares: readonly Square[]): void {
    this.b.setEp(relevantEp(this.b, squares.filter((s) => s >= 0 && s < 64).map(to88)));
  }

  castlingRights(): string {
    return castlingFen(this.b);
  }

  pieceAt(sq: Square): Piece | undefined {
    return sq >= 0 && sq < 64 ? PIECES[this.b.board[to88(sq)]!] : undefined;
  }

  pieces(color?: Color): Array<{ square: Square; piece: Piece }> {
    const out: Array<{ square: Square; piece: Piece }> = [];
    for (let sq = 0; sq < 64; sq++) {
      const piece = PIECES[this.b.board[to88(sq)]!];
      if (piece && (color === undefined || piece.color === color)) out.push({ square: sq, piece });
    }
    return out;
  }

  /** How many pieces of this kind (colour and role) are on the board, without listing them. */
  countOf(piece: Piece): number {
    const code = colorCode(piece.color) | ROLE_CODE[piece.role];
    let n = 0;
    for (let sq = 0; sq < 64; sq++) if (this.b.board[to88(sq)] === code) n++;
    return n;
  }

  /** The square of that side's king (the lowest one if there are several), undefined without a king. */
  kingSquare(color: Color): Square | undefined {
    const code = colorCode(color) | KING;
    for (let sq = 0; sq < 64; sq++) if (this.b.board[to88(sq)] === code) return sq;
    return undefined;
  }

  legalMoves(rules?: MoveRules): Move[] {
    const end = generateRoot(this.b, 0, bitsOf(rules));
    const out: Move[] = [];
    for (let i = 0; i < end; i++) out.push(toMove(BUF[i]!));
    return out;
  }

  /**
   * The squares of the other pieces of the same kind as the one on `move.from` that could legally
   * move to `move.to` now (SAN disambiguation), without building the list of legal moves.
   */
  rivalSquares(move: Move, rules?: MoveRules): Square[] {
    const from = to88(move.from);
    const to = to88(move.to);
    const piece = this.b.board[from]!;
    const out: Square[] = [];
    const end = generateRoot(this.b, 0, bitsOf(rules));
    for (let i = 0; i < end; i++) {
      const m = BUF[i]!;
      const f = m & 127;
      if (((m >> 7) & 127) === to && f !== from && this.b.board[f] === piece && !out.includes(from88(f))) out.push(from88(f));
    }
    return out;
  }

  isLegal(move: Move, rules?: MoveRules): boolean {
    const m = this.encode(move);
    if (m === undefined || (move.promotion && (this.b.board[to88(move.from)]! & 7) !== PAWN)) return false;
    const end = generateRoot(this.b, 0, bitsOf(rules));
    for (let i = 0; i < end; i++) if (BUF[i] === m) return true;
    return false;
  }

  /** `legalMoves(rules).length > 0`, without building the list. */
  hasLegalMove(rules?: MoveRules): boolean {
    return generateRoot(this.b, 0, bitsOf(rules)) > 0;
  }

  play(move: Move): MoveEffect {
    // A pawn reaching the last rank without a promotion role becomes a queen (play assumes a legal move).
    const lastRank = move.to >> 3 === (this.b.side === WHITE ? 7 : 0);
    const pawn = this.b.board[to88(move.from)] === (this.b.side | PAWN);
    const m = this.encode(lastRank && pawn && !move.promotion ? { ...move, promotion: 'queen' } : move);
    if (m === undefined) throw new Error(`Position.play: no piece of the side to move on ${makeSquare(move.from)}`);
    const effect = this.effectOf(m);
    this.b.commit(m);
    return effect;
  }

  isCheck(color?: Color): boolean {
    return this.b.kingAttacked(color === undefined ? this.b.side : colorCode(color));
  }

  givesCheck(move: Move): boolean {
    const m = this.encode(move);
    if (m === undefined) return false;
    const b = this.b;
    const mover = b.side;
    b.make(m);
    const check = b.kingAttacked(mover ^ 8);
    b.unmake(m);
    return check;
  }

  isAttacked(sq: Square, by: Color): boolean {
    return this.b.attacked(to88(sq), colorCode(by));
  }

  insufficientMaterial(): boolean {
    return insufficientMaterial(this.b);
  }

  key(): string {
    const eps = epSquaresOf(this.b).sort((a, c) => a - c).map(makeSquare).join(',') || '-';
    return `${placementFen(this.b)} ${this.b.side === WHITE ? 'w' : 'b'} ${castlingFen(this.b)} ${eps}`;
  }

  perft(depth: number, rules?: MoveRules): number {
    return perftBoard(this.b, depth, bitsOf(rules));
  }

  /** Internal encoding of a move of the side to move, flags inferred from the board; undefined without own piece on `from`. */
  private encode(move: Move): number | undefined {
    if (move.from < 0 || move.from > 63 || move.to < 0 || move.to > 63) return undefined;
    const from = to88(move.from);
    const to = to88(move.to);
    const b = this.b;
    const p = b.board[from]!;
    if (p === 0 || (p & 8) !== b.side) return undefined;
    const role = p & 7;
    let flag = 0;
    if (role === PAWN) {
      if (Math.abs(to - from) === 32) flag = F_DOUBLE;
      else if (((to - from) & 15) !== 0 && b.board[to] === 0) flag = F_EP;
    } else if (role === KING && Math.abs(to - from) === 2 && (from === 0x04 || from === 0x74)) flag = F_CASTLE;
    const promo = role === PAWN && move.promotion ? ROLE_CODE[move.promotion] : 0;
    return encodeMove(from, to, flag, promo);
  }

  private effectOf(m: number): MoveEffect {
    const b = this.b;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const flag = (m >> 14) & 7;
    const promo = m >> 17;
    const capSq = flag === F_EP ? to + (b.side === WHITE ? -16 : 16) : to;
    const cap = b.board[capSq]!;
    const effect: MoveEffect = { moved: ROLE_OF[b.board[from]! & 7]!, enPassant: flag === F_EP, doubleStep: flag === F_DOUBLE };
    if (cap !== 0) {
      effect.captured = ROLE_OF[cap & 7]!;
      effect.capturedSquare = from88(capSq);
    }
    if (flag === F_CASTLE) {
      effect.castle = to > from ? { rookFrom: from88(to + 1), rookTo: from88(to - 1) } : { rookFrom: from88(to - 2), rookTo: from88(to + 1) };
    }
    if (promo) effect.promotion = ROLE_OF[promo]!;
    return effect;
  }
}
