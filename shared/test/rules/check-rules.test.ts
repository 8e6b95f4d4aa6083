import { describe, expect, it } from 'vitest';
import { inCheck, legalMoves, type VariantId } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

// White rook gives check on the 8th rank; a pawn keeps White able to move on.
const ROOK_CHECK = '4k3/8/8/8/8/8/7P/R3K3 w - - 0 1';

describe('check ends the series', () => {
  it.each<[VariantId, number]>([
    ['scottish', 3],
    ['english', 3],
    ['logical', 3],
    ['cost-simple', 9],
  ])('%s: a checking move ends the turn, the next turn keeps its length', (variant, turn) => {
    const out = step(game(variant, ROOK_CHECK, turn), 'a1a8');
    expect(out.check).toBe(true);
    expect(out.turnEnded).toBe(true);
    expect(out.outcome).toBeNull();
    expect(out.state.turn).toBe(turn + 1);
    expect(out.state.color).toBe('black');
    expect(out.state.moveIndex).toBe(0);
    expect(out.state.budget).toBe(variant === 'cost-simple' ? 5 : turn + 1);
    expect(inCheck(out.state)).toBe(true);
  });

  it('a quiet move does not end the series', () => {
    const out = step(game('scottish', ROOK_CHECK, 3), 'a1a7');
    expect(out.check).toBe(false);
    expect(out.turnEnded).toBe(false);
    expect(out.state.moveIndex).toBe(1);
  });

  it('the player in check must escape with the first move', () => {
    const s = step(game('scottish', ROOK_CHECK, 3), 'a1a8').state;
    expect(ucis(legalMoves(s))).toEqual(['e8d7', 'e8e7', 'e8f7']);
    expect(refused(s, 'e8d8')).toBe('illegal-move');
  });

  it('Scottish: mate is decided right after the checking move', () => {
    const out = step(game('scottish', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 3), 'a1a8');
    expect(out.turnEnded).toBe(true);
    expect(out.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(out.state.outcome).toEqual(out.outcome);
    expect(out.state.color).toBe('black');
    expect(legalMoves(out.state)).toEqual([]);
  });
});

describe('Italian: check only on the last move', () => {
  it('refuses a premature check and leaves it out of legalMoves', () => {
    const s = game('italian', ROOK_CHECK, 3);
    expect(refused(s, 'a1a8')).toBe('check-before-last-move');
    expect(ucis(legalMoves(s))).not.toContain('a1a8');
    const last = run(s, 'h2h3 h3h4');
    expect(last.state.moveIndex).toBe(2);
    expect(ucis(legalMoves(last.state))).toContain('a1a8');
  });

  it('a check on the last move of the full series is legal; mate is decided then', () => {
    const s = game('italian', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 3);
    expect(refused(s, 'a1a8')).toBe('check-before-last-move');
    const out = run(s, 'g1g2 g2f3 a1a8');
    expect(out.check).toBe(true);
    expect(out.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('progressive checkmate: in check and every escape gives check', () => {
    // Black escapes only with Ne8/Ng8, both discovering Bh4 on the white king e7.
    const fenPos = 'R6k/4K1pp/5n2/8/7b/8/8/8 b - - 0 1';
    const italian = game('italian', fenPos, 2);
    expect(italian.outcome).toEqual({ result: '1-0', reason: 'progressive-checkmate' });
    expect(legalMoves(italian)).toEqual([]);
    const scottish = game('scottish', fenPos, 2);
    expect(scottish.outcome).toBeNull();
    expect(ucis(legalMoves(scottish))).toEqual(['f6e8', 'f6g8']);
    expect(step(scottish, 'f6e8').check).toBe(true);
  });

  it('a one-move series may check at once', () => {
    const s = game('italian', ROOK_CHECK, 1);
    expect(step(s, 'a1a8').check).toBe(true);
  });
});

describe('Escalation: checks are free', () => {
  const MATE = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';

  it('a check does not end the series; checks pile up', () => {
    const s = game('escalation', '6k1/8/8/8/8/8/8/RR4K1 w - - 0 1', 3);
    const first = step(s, 'a1a8');
    expect(first.check).toBe(true);
    expect(first.turnEnded).toBe(false);
    expect(ucis(legalMoves(first.state))).not.toContain('a8g8'); // the king is never captured
    const second = step(first.state, 'b1b8');
    expect(second.check).toBe(true);
    expect(second.turnEnded).toBe(false);
  });

  it('a mate stands when the series ends with it', () => {
    const out = run(game('escalation', MATE, 3), 'a1a8 g1g2 g2f3');
    expect(out.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('a later move of the series may spoil the mate', () => {
    const mid = step(game('escalation', MATE, 3), 'a1a8');
    expect(mid.outcome).toBeNull();
    const out = run(mid.state, 'a8a7 g1g2');
    expect(out.turnEnded).toBe(true);
    expect(out.outcome).toBeNull();
    expect(inCheck(out.state)).toBe(false);
  });
});
