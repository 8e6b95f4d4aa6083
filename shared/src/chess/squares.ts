/** Square names and UCI move strings. */
import type { Move, Role, Square } from './types.js';

const FILES = 'abcdefgh';
const PROMOTION_LETTERS: Record<string, Role> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', k: 'king' };
const ROLE_LETTERS: Record<Role, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

/** 'e4' -> 28; undefined for anything else. */
export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return rank * 8 + file;
}

/** 28 -> 'e4'. */
export function makeSquare(sq: Square): string {
  return FILES[sq & 7]! + String((sq >> 3) + 1);
}

/** 'e7e8q' -> { from: 52, to: 60, promotion: 'queen' }; undefined when malformed. */
export function parseUci(s: string): Move | undefined {
  if (s.length !== 4 && s.length !== 5) return undefined;
  const from = parseSquare(s.slice(0, 2));
  const to = parseSquare(s.slice(2, 4));
  if (from === undefined || to === undefined || from === to) return undefined;
  if (s.length === 4) return { from, to };
  const promotion = PROMOTION_LETTERS[s[4]!.toLowerCase()];
  return promotion ? { from, to, promotion } : undefined;
}

export function makeUci(m: Move): string {
  return makeSquare(m.from) + makeSquare(m.to) + (m.promotion ? ROLE_LETTERS[m.promotion] : '');
}

/** Move equality: same squares and same promotion piece (none equals none). */
export const sameMove = (a: Move, b: Move): boolean =>
  a.from === b.from && a.to === b.to && (a.promotion ?? undefined) === (b.promotion ?? undefined);
