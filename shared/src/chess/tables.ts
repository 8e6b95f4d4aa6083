/**
 * Internal constants and lookup tables of the 0x88 move generator.
 * Board squares are 0x88 indices (rank * 16 + file); public squares are 0..63.
 */

/** Piece types (0 is no piece). */
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
/** Colour bit of a piece code; also the internal side-to-move value. */
export const WHITE = 0;
export const BLACK = 8;

/** Move flags (bits 14..16 of an encoded move). */
export const F_DOUBLE = 1;
export const F_EP = 2;
export const F_CASTLE = 3;

/** Castling-right bits. */
export const WK = 1;
export const WQ = 2;
export const BK = 4;
export const BQ = 8;

/** Rule bits passed to the generator. */
export const R_ROYAL = 1;
export const R_CASTLING = 2;
export const R_DOUBLE = 4;
export const R_KING_PROMO = 8;

export const to88 = (sq: number): number => sq + (sq & ~7);
export const from88 = (s: number): number => (s + (s & 7)) >> 1;

export const encodeMove = (from: number, to: number, flag: number, promo: number): number =>
  from | (to << 7) | (flag << 14) | (promo << 17);

export const KNIGHT_DELTAS: readonly number[] = [33, 31, 18, 14, -14, -18, -31, -33];
export const KING_DELTAS: readonly number[] = [16, -16, 1, -1, 17, 15, -15, -17];
export const BISHOP_DELTAS: readonly number[] = [17, 15, -15, -17];
export const ROOK_DELTAS: readonly number[] = [16, -16, 1, -1];

/** Attack bit of each piece code (colour | role); pawns differ by colour. */
export const ATTACK_BIT = new Uint8Array(16);
const WPAWN_BIT = 1 << 1;
const BPAWN_BIT = 1 << 7;
ATTACK_BIT[WHITE | PAWN] = WPAWN_BIT;
ATTACK_BIT[BLACK | PAWN] = BPAWN_BIT;
for (const c of [WHITE, BLACK]) for (let r = KNIGHT; r <= KING; r++) ATTACK_BIT[c | r] = 1 << r;

/** Indexed by (target - from + 119): which attack bits can reach across that delta, ignoring blockers. */
export const ATTACKS = new Uint8Array(239);
/** Indexed like ATTACKS: the unit step along a queen line, else 0. */
export const STEP = new Int8Array(239);

for (const d of KNIGHT_DELTAS) ATTACKS[d + 119]! |= 1 << KNIGHT;
for (const d of KING_DELTAS) {
  ATTACKS[d + 119]! |= 1 << KING;
  const slider = BISHOP_DELTAS.includes(d) ? BISHOP : ROOK;
  for (let k = 1; k < 8; k++) {
    const delta = d * k;
    ATTACKS[delta + 119]! |= (1 << slider) | (1 << QUEEN);
    STEP[delta + 119] = d;
  }
}
ATTACKS[15 + 119]! |= WPAWN_BIT;
ATTACKS[17 + 119]! |= WPAWN_BIT;
ATTACKS[-15 + 119]! |= BPAWN_BIT;
ATTACKS[-17 + 119]! |= BPAWN_BIT;

/** Castling rights kept when a move touches the square (from or to). */
export const CASTLE_KEEP = new Uint8Array(128).fill(15);
CASTLE_KEEP[0x04] = 15 & ~(WK | WQ);
CASTLE_KEEP[0x07] = 15 & ~WK;
CASTLE_KEEP[0x00] = 15 & ~WQ;
CASTLE_KEEP[0x74] = 15 & ~(BK | BQ);
CASTLE_KEEP[0x77] = 15 & ~BK;
CASTLE_KEEP[0x70] = 15 & ~BQ;
