import { describe, expect, it } from 'vitest';
import { parseSquare } from '../../src/chess/index.js';
import { cyclePending, legalMoves } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

const sq = (names: string) => names.split(' ').map((n) => parseSquare(n)!);

describe('English democratic cycles', () => {
  it('docs/rules.md correct example: 1.e4 2.e6 f6 3.e5 Nf3 Bc4', () => {
    const out = run(game('english'), 'e2e4 e7e6 f7f6 e4e5 g1f3 f1c4');
    expect(out.turnEnded).toBe(true);
    expect(out.state.turn).toBe(4);
  });

  it('docs/rules.md incorrect example: 3.e5 Ba6 Bxb7 moves the bishop twice', () => {
    const s = run(game('english'), 'e2e4 e7e6 f7f6 e4e5 f1a6').state;
    expect(refused(s, 'a6b7')).toBe('cycle-piece-already-moved');
    expect(ucis(legalMoves(s)).some((m) => m.startsWith('a6') || m.startsWith('e5'))).toBe(false);
    expect(cyclePending(s)).toEqual(sq('b1 d1 e1 g1 a2 b2 c2 d2 f2 g2 h2'));
  });

  it('a piece keeps its identity as it moves', () => {
    const s = run(game('english'), 'e2e4 e7e6 f7f6 g1f3').state;
    expect(refused(s, 'f3g5')).toBe('cycle-piece-already-moved');
    const next = step(s, 'e4e5').state; // moved last turn: free again in this one
    expect(refused(next, 'f3g5')).toBe('cycle-piece-already-moved');
    expect(refused(next, 'e5f6')).toBe('cycle-piece-already-moved');
  });

  it('a blocked piece is exempt: the cycle completes without it', () => {
    const s = game('english', '4k3/8/8/8/8/7p/7P/1N2K3 w - - 0 1', 3);
    const first = step(s, 'b1c3');
    expect(first.cycleEnded).toBe(false);
    const second = step(first.state, 'e1d1');
    expect(second.cycleEnded).toBe(true);
    expect(cyclePending(second.state)).toEqual(sq('d1 c3'));
    expect(step(second.state, 'c3b5').turnEnded).toBe(true);
  });

  it('pinning one\'s own piece on purpose exempts it from the cycle', () => {
    const pinned = game('english', '4k3/8/8/8/1b6/8/3N3P/5K2 w - - 0 1', 3);
    const a = step(pinned, 'f1e1'); // walks into the pin: Nd2 cannot move now
    expect(cyclePending(a.state)).toEqual(sq('h2'));
    const b = step(a.state, 'h2h3');
    expect(b.cycleEnded).toBe(true);
    expect(step(b.state, 'e1f1').turnEnded).toBe(true);

    const free = game('english', '4k3/8/8/8/8/8/3N3P/5K2 w - - 0 1', 3);
    const c = run(free, 'f1e1 h2h3');
    expect(c.cycleEnded).toBe(false);
    expect(cyclePending(c.state)).toEqual(sq('d2'));
    expect(refused(c.state, 'e1f1')).toBe('cycle-piece-already-moved');
  });

  it('no catch-up: a piece freed in a later cycle moves once per cycle', () => {
    const s = game('english', '4k3/8/8/8/1b6/8/3N3P/5K2 w - - 0 1', 5);
    const mid = run(s, 'f1e1 h2h3 e1f1 d2f3').state; // cycle 2: king, knight moved
    expect(refused(mid, 'f3g5')).toBe('cycle-piece-already-moved');
    expect(ucis(legalMoves(mid))).toEqual(['h3h4']);
  });

  it('castling counts as a move of both king and rook', () => {
    const s = step(game('english', '4k3/8/8/8/8/8/P7/4K2R w K - 0 1', 3), 'e1g1');
    expect(s.effect?.castle).toEqual({ rookFrom: 7, rookTo: 5 });
    expect(refused(s.state, 'f1f2')).toBe('cycle-piece-already-moved');
    expect(refused(s.state, 'g1h1')).toBe('cycle-piece-already-moved');
    expect(cyclePending(s.state)).toEqual(sq('a2'));
    const next = step(s.state, 'a2a3');
    expect(next.cycleEnded).toBe(true);
    expect(step(next.state, 'f1f2').turnEnded).toBe(true);
  });

  it('a just-promoted piece counts as moved in this cycle', () => {
    const s = game('english', '4k3/P7/8/8/8/8/7P/4K3 w - - 0 1', 5);
    const promoted = step(s, 'a7a8n').state;
    expect(refused(promoted, 'a8b6')).toBe('cycle-piece-already-moved');
    const out = run(promoted, 'e1d1 h2h3');
    expect(out.cycleEnded).toBe(true);
    expect(step(out.state, 'a8b6').turnEnded).toBe(false);
  });

  it('cycles do not carry over: every turn starts at cycle 1', () => {
    const t3 = run(game('english', '4k3/8/8/8/8/8/P7/1N2K3 w - - 0 1', 3), 'b1c3 e1d1 a2a3');
    const t5 = run(t3.state, 'e8d8 d8c8 c8b8 b8a8').state;
    expect(t5.color).toBe('white');
    expect(cyclePending(t5)).toEqual(sq('d1 a3 c3'));
    expect(step(t5, 'c3b5').turnEnded).toBe(false);
  });

  it('reports cycleEnded only while the turn goes on', () => {
    const out = run(game('english', '4k3/8/8/8/8/7p/7P/1N2K3 w - - 0 1', 2 + 1), 'b1c3 e1d1 c3b5');
    expect(out.turnEnded).toBe(true);
    expect(out.cycleEnded).toBe(false);
  });

  it('other variants have no cycles', () => {
    const s = step(game('scottish', '4k3/8/8/8/8/8/3N3P/5K2 w - - 0 1', 3), 'd2f3').state;
    expect(cyclePending(s)).toEqual([]);
    expect(step(s, 'f3g5').turnEnded).toBe(false);
  });
});
