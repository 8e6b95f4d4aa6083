import { describe, expect, it } from 'vitest';
import { endTurn, finish, legalMoves, type VariantId } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('cost variants', () => {
  it.each<VariantId>(['cost', 'cost-simple', 'cost-fibonacci'])('%s: turn 1 grants one point, pawns only', (variant) => {
    const s = game(variant);
    expect([s.budget, s.spent]).toEqual([1, 0]);
    expect(legalMoves(s)).toHaveLength(16);
    expect(refused(s, 'g1f3')).toBe('cannot-afford');
    const out = step(s, 'e2e4');
    expect(out.turnEnded).toBe(true);
    expect(out.state.budget).toBe(1);
  });

  it('accounts points move by move (cost-simple: knight 2, pawn 1)', () => {
    const s = game('cost-simple', START, 5);
    expect(s.budget).toBe(3);
    const a = step(s, 'g1f3');
    expect([a.state.moveIndex, a.state.spent, a.turnEnded]).toEqual([1, 2, false]);
    expect(refused(a.state, 'b1c3')).toBe('cannot-afford');
    expect(ucis(legalMoves(a.state)).every((m) => /^[a-h]2/.test(m))).toBe(true);
    const b = step(a.state, 'e2e4');
    expect(b.turnEnded).toBe(true);
    expect([b.state.turn, b.state.budget, b.state.spent]).toEqual([6, 3, 0]);
  });

  it('cost: a knight move costs 3', () => {
    const s = game('cost', START, 5);
    const out = step(s, 'g1f3');
    expect(out.turnEnded).toBe(true);
  });

  it('Fibonacci schedule in play: 1, 1, 2, 3, 5', () => {
    const budgets: number[] = [];
    let s = game('cost-fibonacci');
    for (const turn of ['e2e4', 'e7e5', 'a2a3 b2b3', 'a7a6 b7b6 c7c6']) {
      budgets.push(s.budget);
      s = run(s, turn).state;
    }
    expect([...budgets, s.budget]).toEqual([1, 1, 2, 3, 5]);
  });

  it('the turn ends by itself when no legal move is affordable', () => {
    const s = game('cost-fibonacci', 'r3k3/8/8/8/8/8/8/4K3 b - - 0 1', 4);
    expect(s.budget).toBe(3);
    const out = step(s, 'e8d7'); // king 2, one point left: nothing costs 1
    expect(out.turnEnded).toBe(true);
    expect(out.state.color).toBe('white');
  });

  it('passing the rest of the turn after at least one move', () => {
    const s = game('cost', START, 5);
    const early = endTurn(s);
    expect(!early.ok && early.error.code).toBe('cannot-pass');
    const a = step(s, 'e2e4').state;
    const r = endTurn(a, 'white');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.value.turnEnded, r.value.effect, r.value.state.turn, r.value.state.color]).toEqual([true, null, 6, 'black']);
    const wrong = endTurn(a, 'black');
    expect(!wrong.ok && wrong.error.code).toBe('not-your-turn');
    const over = endTurn(finish(a, { result: '0-1', reason: 'resignation' }));
    expect(!over.ok && over.error.code).toBe('game-over');
  });

  it('passing is not allowed in move-count variants', () => {
    const s = step(game('scottish', START, 3), 'e2e4').state;
    const r = endTurn(s);
    expect(!r.ok && r.error.code).toBe('cannot-pass');
  });

  it('a promoted piece costs its new kind', () => {
    const s = game('cost-simple', '4k3/P6p/8/8/8/8/8/4K3 w - - 0 1', 5);
    expect(s.budget).toBe(3);
    expect(refused(s, 'a7a8q')).toBe('cannot-afford');
    expect(refused(s, 'a7a8r')).toBe('cannot-afford');
    expect(step(s, 'a7a8b').turnEnded).toBe(true);
    const out = step(s, 'a7a8n');
    expect([out.turnEnded, out.state.spent]).toEqual([false, 2]);
  });

  it('castling costs the king\'s cost', () => {
    const fenPos = '4k3/8/8/8/8/8/P7/4K2R w K - 0 1';
    const costly = step(game('cost', fenPos, 3), 'e1g1');
    expect(costly.turnEnded).toBe(true);
    const simple = step(game('cost-simple', fenPos, 3), 'e1g1');
    expect([simple.turnEnded, simple.state.spent]).toEqual([false, 1]);
  });

  it('a check ends the turn and loses the remaining points', () => {
    const out = step(game('cost', '4k3/8/8/8/8/8/7P/3QK3 w - - 0 1', 19), 'd1d8');
    expect(out.check).toBe(true);
    expect(out.turnEnded).toBe(true);
    expect([out.state.turn, out.state.budget, out.state.spent]).toEqual([20, 10, 0]); // the pawn could have used 1
  });

  it('in check with no affordable escape: checkmate', () => {
    const fenPos = 'R6k/p7/8/8/8/8/8/4K3 b - - 0 1';
    expect(game('cost', fenPos, 2).outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    const simple = game('cost-simple', fenPos, 2);
    expect(simple.outcome).toBeNull();
    expect(ucis(legalMoves(simple))).toEqual(['h8g7', 'h8h7']);
  });

  it('no affordable move at the start of a turn, not in check: stalemate', () => {
    const fenPos = '7k/8/8/8/8/8/8/R3K3 b - - 0 1';
    expect(game('cost', fenPos, 2).outcome).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
    expect(game('cost-simple', fenPos, 2).outcome).toBeNull();
  });
});
