import type { Role, Square } from '../chess/index.js';

/** What a written move says, before it is matched against the legal moves of a position. */
export type SanSyntax =
  | { readonly kind: 'castle'; readonly side: 'king' | 'queen' }
  | {
      readonly kind: 'move';
      /** 'any': long algebraic or UCI without a piece letter (`g1f3`): the from-square decides. */
      readonly role: Role | 'any';
      readonly fromFile?: number;
      readonly fromRank?: number;
      readonly to: Square;
      readonly promotion?: Role;
    };

const ROLE_OF: Readonly<Record<string, Role>> = {
  P: 'pawn',
  N: 'knight',
  B: 'bishop',
  R: 'rook',
  Q: 'queen',
  K: 'king',
};

export const ROLE_LETTER: Readonly<Record<Role, string>> = {
  pawn: 'P',
  knight: 'N',
  bishop: 'B',
  rook: 'R',
  queen: 'Q',
  king: 'K',
};

const CASTLE = /^([O0o])-?\1(-?\1)?$/;
// piece? from-file? from-rank? separator? to-square (=? promotion)?
const MOVE = /^([KQRBNP])?([a-h])?([1-8])?([-x:])?([a-h])([1-8])(?:=?([QRBNKqrbnk]))?$/;
const FILES = 'abcdefgh';

/** Removes check/mate marks, annotation glyphs and a trailing "e.p." from a written move. */
function stripMarks(text: string): string {
  return text.replace(/(e\.?p\.?)?[+#!?]*$/, '');
}

/**
 * Reads SAN (`Nbd2`, `exd5`, `e8=Q`, `e8Q`, `O-O`, `0-0-0`), long algebraic (`e2-e4`,
 * `Ng1-f3`, `e2xd3`) and UCI (`e2e4`, `e7e8q`). Marks `+ # ! ?` are ignored.
 */
export function readSanSyntax(text: string): SanSyntax | undefined {
  const s = stripMarks(text.trim());
  const castle = CASTLE.exec(s);
  if (castle) return { kind: 'castle', side: castle[2] ? 'queen' : 'king' };
  const m = MOVE.exec(s);
  if (!m) return undefined;
  const [, piece, fromFile, fromRank, , toFile, toRank, promo] = m;
  const to = FILES.indexOf(toFile ?? '') + 8 * (Number(toRank) - 1);
  let role: Role | 'any';
  if (piece) role = ROLE_OF[piece] ?? 'pawn';
  else role = fromFile && fromRank ? 'any' : 'pawn';
  const promotion = promo ? ROLE_OF[promo.toUpperCase()] : undefined;
  if (promotion === 'pawn') return undefined;
  return {
    kind: 'move',
    role,
    to,
    ...(fromFile ? { fromFile: FILES.indexOf(fromFile) } : {}),
    ...(fromRank ? { fromRank: Number(fromRank) - 1 } : {}),
    ...(promotion ? { promotion } : {}),
  };
}
