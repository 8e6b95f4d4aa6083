// A dead position (insufficient material) ends the game at once, however it is reached: by a
// capture or by an under-promotion, in the middle of a series or on its last move.
import { describe, expect, it } from 'vitest';
import { encodeState, decodeState, type VariantId } from '../../src/rules/index.js';
import { game, refused, step } from './helpers.js';

const DEAD = { result: '1/2-1/2', reason: 'insufficient-material' };
/** White's lone pawn promotes on e8; Black has a bare king. */
const PAWN = '8/4P3/8/8/8/k7/8/K7 w - - 0 1';

/** Every variant with checkmate, at a White turn that leaves moves (or points) after the promotion. */
const CASES: Array<[VariantId, number, string]> = [
  ['scottish', 3, 'e7e8n'],
  ['scottish', 3, 'e7e8b'],
  ['italian', 3, 'e7e8b'],
  ['italian', 3, 'e7e8n'],
  ['english', 3, 'e7e8n'],
  ['logical', 3, 'e7e8b'],
  ['escalation', 3, 'e7e8n'],
  ['cost', 9, 'e7e8n'], // 5 points: knight 3, a king move (2) still affordable
  ['cost-simple', 5, 'e7e8n'], // 3 points: knight 2, king 1
  ['cost-fibonacci', 5, 'e7e8b'], // F(5) = 5 points: bishop 3, king 2
];

describe('dead position by under-promotion in mid-series', () => {
  it.each(CASES)('%s turn %i: %s draws at once and nothing more can be played', (variant, turn, promotion) => {
    const s = game(variant, PAWN, turn);
    const out = step(s, promotion);
    expect(out.outcome).toEqual(DEAD);
    expect(out.turnEnded).toBe(true);
    expect(out.state.outcome).toEqual(DEAD);
    // The series was still open: play would have continued with White's second move.
    expect([out.state.turn, out.state.color, out.state.moveIndex]).toEqual([turn, 'white', 1]);
    expect(refused(out.state, 'a1b1')).toBe('game-over');
    const back = decodeState(encodeState(out.state));
    expect(back.ok && back.value.outcome).toEqual(DEAD);
  });

  it.each<VariantId>(['scottish', 'italian', 'cost-simple'])('%s: promoting to a queen or a rook plays on', (variant) => {
    for (const promotion of ['e7e8q', 'e7e8r']) {
      const s = game(variant, PAWN, variant === 'cost-simple' ? 11 : 3);
      const out = step(s, promotion);
      expect(out.outcome, promotion).toBeNull();
      expect(out.turnEnded, promotion).toBe(false);
    }
  });

  it('a knight promotion is not dead while the other side keeps a pawn', () => {
    const out = step(game('scottish', '8/4P3/8/8/8/k7/p7/K7 w - - 0 1', 3), 'e7e8n');
    expect(out.outcome).toBeNull();
  });

  it('bishops on one colour after a promotion are dead, on both colours they are not', () => {
    // Black keeps a bishop on b4, a dark square: e8 is light, d8 is dark.
    const light = step(game('scottish', '8/4P3/8/8/1b6/k7/8/K7 w - - 0 1', 3), 'e7e8b');
    expect(light.outcome).toBeNull();
    const dark = step(game('scottish', '3r4/4P3/8/8/1b6/k7/8/K7 w - - 0 1', 3), 'e7d8b');
    expect(dark.outcome).toEqual(DEAD);
  });

  it('take-all has no dead positions: a lone knight plays on', () => {
    const out = step(game('take-all', PAWN, 3), 'e7e8n');
    expect(out.outcome).toBeNull();
    expect(out.turnEnded).toBe(false);
  });
});

describe('where a finished game stands (the turn and move play would have continued with)', () => {
  /** White can take Black's last rook with the king: K v K. */
  const ROOK = '8/8/8/k7/8/8/1r6/K7 w - - 0 1';

  it('a dead-position capture on the last move of a series: the start of the next turn', () => {
    const out = step(game('scottish', ROOK, 1), 'a1b2');
    expect(out.outcome).toEqual(DEAD);
    expect(out.turnEnded).toBe(true);
    expect([out.state.turn, out.state.color, out.state.moveIndex]).toEqual([2, 'black', 0]);
  });

  it('the same capture as the first move of a longer series: the next move of that series', () => {
    const out = step(game('scottish', ROOK, 3), 'a1b2');
    expect(out.outcome).toEqual(DEAD);
    expect([out.state.turn, out.state.color, out.state.moveIndex]).toEqual([3, 'white', 1]);
  });

  it('a dead-position promotion that also ends the series: the start of the next turn', () => {
    const last = step(game('scottish', PAWN, 1), 'e7e8n');
    expect(last.outcome).toEqual(DEAD);
    expect([last.state.turn, last.state.color, last.state.moveIndex]).toEqual([2, 'black', 0]);
    // cost-simple turn 3 grants 2 points: the knight spends them all.
    const spent = step(game('cost-simple', PAWN, 3), 'e7e8n');
    expect(spent.outcome).toEqual(DEAD);
    expect([spent.state.turn, spent.state.moveIndex]).toEqual([4, 0]);
  });

  it('a checkmate: the start of the mated side\'s turn, like every finish at a turn boundary', () => {
    const out = step(game('scottish', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 3), 'a1a8');
    expect(out.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect([out.state.turn, out.state.color, out.state.moveIndex]).toEqual([4, 'black', 0]);
  });

  it('take-all: capturing the last piece with the last move of the series: the next turn', () => {
    const out = step(game('take-all', '8/8/8/8/8/8/1n6/K7 w - - 0 1', 1), 'a1b2');
    expect(out.outcome).toEqual({ result: '1-0', reason: 'all-captured' });
    expect([out.state.turn, out.state.moveIndex]).toEqual([2, 0]);
    const early = step(game('take-all', '8/8/8/8/8/8/1n6/K7 w - - 0 1', 3), 'a1b2');
    expect([early.state.turn, early.state.moveIndex]).toEqual([3, 1]);
  });
});
