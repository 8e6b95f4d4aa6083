import { makeUci, parseSan, type GameState, type Move, type Result, type SanError } from '@progressive-chess/shared';

/**
 * The spellings a player may type besides the exact notation: all lower case ("E2E4" -> "e2e4",
 * what phones' auto-capitals make), and a lower-case piece letter ("nf3" -> "Nf3", "qxd8+" ->
 * "Qxd8+"). A lower-case "b" reads as a bishop only when no pawn move reads from it ("bxc3" is
 * the b-pawn's capture when it has one).
 */
function spellings(text: string): string[] {
  const t = text.trim();
  const lower = t.toLowerCase();
  const piece = /^[nbrqk]/.test(lower) ? lower[0]!.toUpperCase() + lower.slice(1) : null;
  return [...new Set([t, lower, ...(piece ? [piece] : [])])];
}

/**
 * A move typed into the move box: the exact notation (SAN or UCI, as the shared reader takes it)
 * when it reads, else the one legal move its other spellings give; two different ones, or none: the
 * exact notation's error.
 */
export function parseTypedMove(state: GameState, text: string): Result<Move, SanError> {
  const exact = parseSan(state, text);
  if (exact.ok) return exact;
  const found = new Map<string, Move>();
  for (const s of spellings(text).slice(1)) {
    const r = parseSan(state, s);
    if (r.ok) found.set(makeUci(r.value), r.value);
  }
  const only = found.size === 1 ? [...found.values()][0] : undefined;
  return only ? { ok: true, value: only } : exact;
}
