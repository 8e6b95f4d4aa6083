import { newGame, positionOf, type Color, type GameState, type Piece, type Role, type VariantId } from '@progressive-chess/shared';

/** The board editor's position: what it shows, before the rules have judged it. */
export interface BoardSetup {
  /** 64 squares, index = square (a1 = 0, h8 = 63). */
  readonly pieces: ReadonlyArray<Piece | undefined>;
  readonly color: Color;
  readonly turn: number;
  /** Castling rights kept, a subset of "KQkq" ("" for none). */
  readonly castling: string;
}

const LETTER: Readonly<Record<Role, string>> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** The FEN of a setup (no en passant square, clocks 0 1: progressive turns count separately). */
export function setupFen(s: BoardSetup): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const p = s.pieces[rank * 8 + file];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const l = LETTER[p.role];
      row += p.color === 'white' ? l.toUpperCase() : l;
    }
    ranks.push(empty ? row + String(empty) : row);
  }
  const castling = ['K', 'Q', 'k', 'q'].filter((c) => s.castling.includes(c)).join('') || '-';
  return `${ranks.join('/')} ${s.color === 'white' ? 'w' : 'b'} ${castling} - 0 1`;
}

/** The editor's setup of a state (its board at the start of its turn). */
export function setupOf(state: GameState): BoardSetup {
  const pos = positionOf(state);
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  for (const { square, piece } of pos.pieces()) pieces[square] = piece;
  const castling = pos.castlingRights();
  return { pieces, color: state.color, turn: state.turn, castling: castling === '-' ? '' : castling };
}

export type SetupCheck = { readonly ok: true; readonly state: GameState; readonly fen: string } | { readonly ok: false; readonly error: string };

/**
 * A setup checked by the shared rules (`newGame` of the variant: kings, the side not to move not in
 * check, the turn's colour, castling rights the board allows).
 */
export function checkSetup(variant: VariantId, s: BoardSetup): SetupCheck {
  const fen = setupFen(s);
  const res = newGame(variant, { fen, turn: s.turn });
  if (!res.ok) return { ok: false, error: res.error.message };
  return { ok: true, state: res.value, fen };
}
