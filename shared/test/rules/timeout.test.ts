import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, VARIANTS, timeoutOutcome } from '../../src/rules/index.js';
import { game } from './helpers.js';

const LONE_WHITE_KING = '4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1';

describe('timeoutOutcome: who wins when a clock runs out (docs/rules.md section 9)', () => {
  it('the opponent of the side that flagged wins', () => {
    expect(timeoutOutcome(game('scottish'), 'white')).toEqual({ result: '0-1', reason: 'timeout' });
    expect(timeoutOutcome(game('scottish'), 'black')).toEqual({ result: '1-0', reason: 'timeout' });
  });

  it('a draw when that opponent has a lone king in a variant won by checkmate, a win in any other', () => {
    for (const id of VARIANT_IDS) {
      const expected = VARIANTS[id].goal === 'checkmate' ? { result: '1/2-1/2', reason: 'timeout-vs-insufficient-material' } : { result: '1-0', reason: 'timeout' };
      expect(timeoutOutcome(game(id, LONE_WHITE_KING), 'black'), id).toEqual(expected);
      expect(timeoutOutcome(game(id, LONE_WHITE_KING), 'white'), id).toEqual({ result: '0-1', reason: 'timeout' });
    }
  });
});
