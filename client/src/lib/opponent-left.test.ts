import { describe, expect, it } from 'vitest';
import { canGiveTime, opponentLeft } from './opponent-left.js';

const FISCHER = { kind: 'fischer', initial: 300, increment: 5 } as const;
const clocks = { white: 300_000, black: 300_000, running: 'white' as const, serverNow: 1000 };

describe('an opponent who left', () => {
  it('counts down to the claim, then offers it', () => {
    const absence = { white: null, black: { since: 0, claimFrom: 30_000 } };
    expect(opponentLeft(absence, 'white', 'Bob', 6_500, false)).toEqual({ text: 'Bob left the game.', secondsLeft: 24, canClaim: false });
    expect(opponentLeft(absence, 'white', 'Bob', 30_000, false)).toEqual({ text: 'Bob left the game.', secondsLeft: null, canClaim: true });
  });

  it('says nothing to the absent side, to spectators, or after the game; never offers a claim the server would refuse', () => {
    const absence = { white: null, black: { since: 0, claimFrom: null } };
    expect(opponentLeft(absence, 'black', 'Alice', 0, false)).toBeNull();
    expect(opponentLeft(absence, null, 'Alice', 0, false)).toBeNull();
    expect(opponentLeft(absence, 'white', 'Bob', 0, true)).toBeNull();
    expect(opponentLeft(absence, 'white', 'Bob', 99_999_999, false)).toEqual({ text: 'Bob left the game.', secondsLeft: null, canClaim: false });
  });

  it('gives time in live timed games only', () => {
    expect(canGiveTime(FISCHER, clocks, 'black', false)).toBe(true);
    expect(canGiveTime({ kind: 'none' }, clocks, 'black', false)).toBe(false);
    expect(canGiveTime({ kind: 'per-turn', base: 10, perMove: 5 }, clocks, 'black', false)).toBe(true);
    expect(canGiveTime({ kind: 'per-turn', base: 10, perMove: 5 }, clocks, 'white', false)).toBe(false);
    expect(canGiveTime(FISCHER, clocks, null, false)).toBe(false);
    expect(canGiveTime(FISCHER, clocks, 'black', true)).toBe(false);
  });
});
