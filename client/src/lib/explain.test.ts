import { newGame, type MoveRecord } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { lowTimeMs, turnBudgetMs } from './clock-display.js';
import { abortText, checkEndedNotice, endedByCheck, midSeriesCheckNotice, passedAfter, sentence } from './explain.js';
import { soundsFor } from './sounds.js';

const rec = (san: string, color: 'white' | 'black', turn: number, index: number, turnEnded = false, at = 0): MoveRecord => ({
  uci: 'a2a3',
  san,
  color,
  turn,
  index,
  turnEnded,
  at,
});

describe('the rules explained', () => {
  it('writes notices in sentence case', () => {
    expect(sentence('the game is over')).toBe('The game is over.');
    expect(sentence('Check only on the last move!')).toBe('Check only on the last move!');
    // a move first keeps its case: "E5" would be read as a piece
    expect(sentence('e5 is not a legal move here')).toBe('e5 is not a legal move here.');
    expect(sentence('exd5 is not a legal move here')).toBe('exd5 is not a legal move here.');
    expect(sentence('e2e4 is not a legal move here')).toBe('e2e4 is not a legal move here.');
    expect(sentence('black to move')).toBe('Black to move.');
    expect(sentence('a move is due')).toBe('A move is due.');
  });

  it('marks a Scottish check that ended the series early, and says who must answer it', () => {
    const early = rec('Bb5+', 'white', 3, 2, true);
    expect(endedByCheck(early, 'scottish')).toBe(true);
    expect(endedByCheck(rec('Qh5+', 'white', 3, 3, true), 'scottish')).toBe(false); // the series was complete anyway
    expect(endedByCheck(early, 'italian')).toBe(false);
    expect(checkEndedNotice([rec('d4', 'white', 3, 1), early], 'scottish')).toBe('Series ended by check: Black must answer it');
  });

  it('says who starts a turn in check after a full series ended with a check, in every variant with checks', () => {
    const full = [rec('e4', 'white', 1, 1, true), rec('e5', 'black', 2, 1), rec('Bb4+', 'black', 2, 2, true)];
    const inCheck = 'White is in check: the first move of the series must answer it';
    for (const variant of ['scottish', 'italian', 'escalation', 'english'] as const) expect(checkEndedNotice(full, variant), variant).toBe(inCheck);
    // no check, a check in the middle of a series that goes on (Escalation), a mate: nothing to answer
    expect(checkEndedNotice([rec('e4', 'white', 1, 1, true)], 'italian')).toBeNull();
    expect(checkEndedNotice([rec('d4', 'white', 3, 1), rec('Bb5+', 'white', 3, 2)], 'escalation')).toBeNull();
    expect(checkEndedNotice([rec('d4', 'white', 3, 1), rec('Qxf7#', 'white', 3, 2, true)], 'scottish')).toBeNull();
  });

  it('Escalation: a check in the middle of the series says the series goes on, while the check stands', () => {
    const mid = [rec('d4', 'white', 3, 1), rec('Bb5+', 'white', 3, 2)];
    expect(midSeriesCheckNotice(mid, 'escalation')).toBe(
      "Black is in check, and the series goes on: in Escalation a check or mate counts only if it still stands when Black's turn starts",
    );
    // the check lifted by the next move, the series over, another variant: nothing
    expect(midSeriesCheckNotice([...mid, rec('Be2', 'white', 3, 3, true)], 'escalation')).toBeNull();
    expect(midSeriesCheckNotice([rec('d4', 'white', 3, 1), rec('Bb5+', 'white', 3, 2, true)], 'escalation')).toBeNull();
    expect(midSeriesCheckNotice(mid, 'scottish')).toBeNull();
  });

  it('tells a passed cost turn from one that ended by itself', () => {
    const moves = [rec('e4', 'white', 1, 1, true), rec('e5', 'black', 2, 1), rec('d4', 'white', 3, 1)];
    expect(passedAfter(moves, 0, 'white')).toBe(false);
    expect(passedAfter(moves, 1, 'white')).toBe(true); // Black passed after one move
    expect(passedAfter(moves, 2, 'white')).toBe(false); // White's turn goes on
    expect(passedAfter(moves, 2, 'black')).toBe(true); // White passed: Black to move
  });

  it('explains an abort by the cause the server recorded: the side that did not make a first move in time, abandonment, a player', () => {
    expect(abortText('first-move-timeout', 'black')).toBe('Black did not make a first move in time, so the game was aborted. Nobody lost rating.');
    expect(abortText('abandoned', 'white')).toBe('Nobody moved for too long, so the game was aborted as abandoned. Nobody lost rating.');
    expect(abortText('player', 'white')).toBe('The game was aborted before it really started. Nobody lost rating.');
    // a game that ended before the cause was recorded
    expect(abortText(undefined, 'white')).toBe('The game was aborted. Nobody lost rating.');
  });

  it('per-turn clocks: the coming turn budget and a low-time line relative to it', () => {
    const start = newGame('scottish');
    if (!start.ok) throw new Error(start.error.message);
    const tc = { kind: 'per-turn', base: 20, perMove: 5 } as const;
    expect(turnBudgetMs(tc, start.value, 'white')).toBe(25_000); // turn 1: 1 move
    expect(turnBudgetMs(tc, start.value, 'black')).toBe(30_000); // turn 2: 2 moves
    expect(lowTimeMs(tc, start.value, 'black')).toBe(7500);
    expect(turnBudgetMs({ kind: 'fischer', initial: 60, increment: 1 }, start.value, 'white')).toBeNull();
    expect(lowTimeMs({ kind: 'fischer', initial: 60, increment: 1 }, start.value, 'white')).toBe(20_000);
  });
});

describe('sounds', () => {
  const v = (sans: string[], myTurn = false, over = false) => ({ sans, myTurn, over });
  it('choose move, capture, check, series start and game end', () => {
    expect(soundsFor(v([]), v(['e4']))).toEqual(['move']);
    expect(soundsFor(v(['e4']), v(['e4', 'dxe4'], true))).toEqual(['capture', 'series']);
    expect(soundsFor(v(['e4']), v(['e4', 'Bb4+']))).toEqual(['check']);
    expect(soundsFor(v(['e4']), v(['e4', 'Qh5#'], false, true))).toEqual(['check', 'end']);
    expect(soundsFor(v(['e4'], true), v(['e4'], true))).toEqual([]);
  });
});
