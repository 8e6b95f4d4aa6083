import type { MoveRecord } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { abortText } from './explain.js';

const rec = (color: 'white' | 'black', turn: number, index: number, turnEnded: boolean): MoveRecord => ({
  uci: 'a2a3',
  san: 'a3',
  color,
  turn,
  index,
  turnEnded,
  at: 0,
});

const TURNS_1_2 = [rec('white', 1, 1, true), rec('black', 2, 1, false), rec('black', 2, 2, true)];

describe('the banner of an aborted game tells how it was aborted', () => {
  it('a game abandoned after both sides completed a turn (no player could abort it) says so', () => {
    // untimed or correspondence: nobody moved for the idle limit in White's turn 3
    expect(abortText(TURNS_1_2, 'white', false)).toMatch(/abandoned/);
    expect(abortText([...TURNS_1_2, rec('white', 3, 1, false)], 'white', false)).toMatch(/abandoned/);
    expect(abortText([...TURNS_1_2, rec('white', 3, 1, false)], 'white', false)).not.toMatch(/before it really started/);
  });

  it('before both sides completed a turn: an abort, or the first-move timeout', () => {
    expect(abortText([rec('white', 1, 1, true)], 'black', false)).toBe('The game was aborted before it really started. Nobody lost rating.');
    expect(abortText([rec('white', 1, 1, true), rec('black', 2, 1, false)], 'black', false)).toMatch(/^The game was aborted before/);
    expect(abortText([rec('white', 1, 1, true)], 'black', true)).toMatch(/^Black did not make a first move in time/);
  });
});
