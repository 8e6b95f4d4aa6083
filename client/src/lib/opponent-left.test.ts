import { describe, expect, it } from 'vitest';
import { setup } from '../test-utils/game-model-setup.js';
import { canGiveTime, opponentLeft } from './opponent-left.js';
import { reasonText } from './outcome-text.js';

const FISCHER = { kind: 'fischer', initial: 300, increment: 5 } as const;
const clocks = { white: 300_000, black: 300_000, running: 'white' as const, serverNow: 1000 };

describe('an opponent who left', () => {
  it('counts down to the claim, then offers it', () => {
    const absence = { white: null, black: { since: 0, claimFrom: 30_000 } };
    expect(opponentLeft(absence, 'white', 'Bob', 6_500, false, false)).toEqual({ text: 'Bob left the game.', secondsLeft: 24, canClaim: false });
    expect(opponentLeft(absence, 'white', 'Bob', 30_000, false, false)).toEqual({ text: 'Bob left the game.', secondsLeft: null, canClaim: true });
  });

  it('offers the abort, not a claim, while the game can be aborted (the claim would be refused)', () => {
    const absence = { white: null, black: { since: 0, claimFrom: 30_000 } };
    const abort = { text: 'Bob left the game. It has not really started: you can abort it.', secondsLeft: null, canClaim: false };
    expect(opponentLeft(absence, 'white', 'Bob', 6_500, false, true)).toEqual(abort);
    expect(opponentLeft(absence, 'white', 'Bob', 99_000, false, true)).toEqual(abort);
  });

  it('says nothing to the absent side, to spectators, or after the game; never offers a claim the server would refuse', () => {
    const absence = { white: null, black: { since: 0, claimFrom: null } };
    expect(opponentLeft(absence, 'black', 'Alice', 0, false, false)).toBeNull();
    expect(opponentLeft(absence, null, 'Alice', 0, false, false)).toBeNull();
    expect(opponentLeft(absence, 'white', 'Bob', 0, true, false)).toBeNull();
    expect(opponentLeft(absence, 'white', 'Bob', 99_999_999, false, false)).toEqual({ text: 'Bob left the game.', secondsLeft: null, canClaim: false });
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

describe('the game view keeps the absences and the time given', () => {
  it('applies absence and time-given events in version order, and takes absences from a snapshot', () => {
    const { model, game } = setup('white');
    expect(model.absence).toBeNull();
    const absence = { white: null, black: { since: 5, claimFrom: 30_005 } };
    model.handleEvent(game.event({ type: 'absence', absence }));
    expect(model.absence).toEqual(absence);
    const clocks = { white: 75_000, black: 60_000, running: null, serverNow: 9 };
    model.handleEvent(game.event({ type: 'time-given', by: 'black', clocks }));
    expect(model.clocks).toEqual(clocks);
    expect(model.version).toBe(game.version);
    model.applySnapshot({ ...game.snapshot(), absence: { white: null, black: null } }, 'white');
    expect(model.absence).toEqual({ white: null, black: null });
  });
});

describe('the end of a claimed game', () => {
  it('says who left and what the other claimed', () => {
    expect(reasonText({ result: '1-0', reason: 'opponent-left' })).toBe('Black left the game, and White claimed the victory');
    expect(reasonText({ result: '1/2-1/2', reason: 'opponent-left' })).toBe('A player left the game, and the other claimed a draw');
  });
});
