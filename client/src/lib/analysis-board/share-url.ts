import { DEFAULT_VARIANT, INITIAL_FEN, VARIANT_IDS, makeUci, parseUci, type Move, type VariantId } from '@progressive-chess/shared';

/** What a shared analysis link carries: the start (variant, FEN, turn) and the moves played from it. */
export interface SharedAnalysis {
  readonly variant: VariantId;
  /** Absent: the initial position. */
  readonly fen?: string;
  readonly turn?: number;
  readonly moves: ReadonlyArray<Move | 'pass'>;
}

const PASS = 'pass';

/** The query of a link to this analysis (`variant`, `fen`, `turn`, `moves` as UCI joined by commas). */
export function encodeShare(a: SharedAnalysis): URLSearchParams {
  const q = new URLSearchParams();
  q.set('variant', a.variant);
  if (a.fen !== undefined && a.fen !== INITIAL_FEN) q.set('fen', a.fen);
  if (a.turn !== undefined && a.turn !== 1) q.set('turn', String(a.turn));
  if (a.moves.length > 0) q.set('moves', a.moves.map((m) => (m === PASS ? PASS : makeUci(m))).join(','));
  return q;
}

export type ShareRead = { readonly ok: true; readonly value: SharedAnalysis | null } | { readonly ok: false; readonly error: string };

const isVariant = (v: string): v is VariantId => (VARIANT_IDS as readonly string[]).includes(v);

/**
 * Reads a link's query: null when it names no analysis (no `variant`, `fen` or `moves`), an error
 * for what does not read (the rules still judge the position and the moves when they are played).
 */
export function decodeShare(query: URLSearchParams): ShareRead {
  const variant = query.get('variant');
  const fen = query.get('fen');
  const turnText = query.get('turn');
  const movesText = query.get('moves');
  if (variant === null && fen === null && movesText === null) return { ok: true, value: null };
  const v = variant ?? DEFAULT_VARIANT;
  if (!isVariant(v)) return { ok: false, error: `Unknown variant “${v}”.` };
  const turn = turnText === null ? undefined : Number(turnText);
  if (turn !== undefined && (!Number.isInteger(turn) || turn < 1)) return { ok: false, error: `The turn “${turnText}” is not a positive whole number.` };
  const moves: Array<Move | 'pass'> = [];
  for (const text of movesText ? movesText.split(',') : []) {
    const m = text === PASS ? PASS : parseUci(text);
    if (m === undefined) return { ok: false, error: `“${text}” is not a move.` };
    moves.push(m);
  }
  return { ok: true, value: { variant: v, ...(fen === null ? {} : { fen }), ...(turn === undefined ? {} : { turn }), moves } };
}
