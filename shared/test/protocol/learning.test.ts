import { describe, expect, it } from 'vitest';
import {
  fen,
  legalMoves,
  nearCopyKey,
  newGame,
  play,
  ratingBandOf,
  speedOf,
  turnStartKey,
  VARIANT_IDS,
  type GameState,
} from '../../src/index.js';

/** Turn-start states of a game that plays the `pick`-th legal move each time (pawn double steps leave en-passant squares). */
function turnStarts(variant: (typeof VARIANT_IDS)[number], plies: number, pick: number): GameState[] {
  const g = newGame(variant);
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  const starts = [s];
  for (let i = 0; i < plies && !s.outcome; i++) {
    const moves = legalMoves(s);
    const m = moves[(pick * (i + 1)) % moves.length];
    if (!m) break;
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    if (r.value.turnEnded && !s.outcome) starts.push(s);
  }
  return starts;
}

describe('learning keys', () => {
  it('keys a turn-start position alike whether replayed or read back from its FEN and turn, in every variant', () => {
    for (const variant of VARIANT_IDS) {
      for (const pick of [3, 7]) {
        for (const s of turnStarts(variant, 40, pick)) {
          const again = newGame(variant, { fen: fen(s), turn: s.turn });
          expect(again.ok, `${variant} ${fen(s)}`).toBe(true);
          if (again.ok) expect(turnStartKey(again.value)).toBe(turnStartKey(s));
          expect(turnStartKey(s).split(' ')).toHaveLength(5);
        }
      }
    }
  });

  it('near-copies: the same board and side whatever the turn number', () => {
    const a = newGame('italian', { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1', turn: 5 });
    const b = newGame('italian', { fen: '4k3/8/8/8/8/8/8/4K2R w - - 0 1', turn: 7 });
    if (!a.ok || !b.ok) throw new Error('bad setup');
    expect(nearCopyKey(a.value)).toBe(nearCopyKey(b.value));
    expect(turnStartKey(a.value)).not.toBe(turnStartKey(b.value));
  });

  it('sorts games into speeds and rating bands', () => {
    expect(speedOf({ kind: 'none' })).toBe('untimed');
    expect(speedOf({ kind: 'correspondence', daysPerTurn: 3 })).toBe('correspondence');
    expect(speedOf({ kind: 'fischer', initial: 60, increment: 0 })).toBe('live');
    expect(ratingBandOf(undefined, 1500)).toBe('unrated');
    expect(ratingBandOf(1300, 1400)).toBe('under-1400');
    expect(ratingBandOf(1400, 1400)).toBe('1400-1599');
    expect(ratingBandOf(1990, 2000)).toBe('1800-1999');
    expect(ratingBandOf(2199, 2201)).toBe('2200-plus');
    expect(ratingBandOf(3000, 3000)).toBe('2200-plus');
  });
});
