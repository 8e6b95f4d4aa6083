import { describe, expect, it } from 'vitest';
import { makeUci, type Move } from '../../src/chess/index.js';
import { findMate, plainMateSearch } from '../../src/mate/index.js';
import { play, type GameState, type VariantId } from '../../src/rules/index.js';
import { playout } from '../notation/playout.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

/** Replays the series through the rules: it must end the game at once with the mover winning. */
function expectWinningSeries(state: GameState, moves: readonly Move[], reasons: string[]): void {
  let s = state;
  for (const [i, move] of moves.entries()) {
    expect(s.outcome, `game over before move ${i + 1}`).toBeNull();
    const r = play(s, move, state.color);
    if (!r.ok) throw new Error(`move ${i + 1} (${makeUci(move)}): ${r.error.code}`);
    s = r.value.state;
  }
  expect(s.outcome?.result).toBe(state.color === 'white' ? '1-0' : '0-1');
  expect(reasons).toContain(s.outcome?.reason);
}

const MATE = ['checkmate', 'progressive-checkmate'];

/** Plays the first k moves of a series (null when the variant refuses one or the turn ends). */
function tryAfter(state: GameState, moves: readonly Move[], k: number): GameState | null {
  let s = state;
  for (const move of moves.slice(0, k)) {
    const r = play(s, move);
    if (!r.ok || r.value.turnEnded) return null;
    s = r.value.state;
  }
  return s;
}

function after(state: GameState, moves: readonly Move[], k: number): GameState {
  const s = tryAfter(state, moves, k);
  if (!s) throw new Error('the series was refused');
  return s;
}

describe('findMate: known mates', () => {
  it('finds the scholar mate of Scottish turn 3 and returns the shortest first', () => {
    const g = game('scottish', 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    const r = findMate(g);
    expect(r.found).toBe(true);
    if (!r.found) return;
    expect(r.moves).toHaveLength(3);
    expectWinningSeries(g, r.moves, MATE);
  });

  it('reports no mate, completely, where the series is too short (turn 1)', () => {
    const r = findMate(game('italian'));
    expect(r).toMatchObject({ found: false, complete: true });
  });

  it('says incomplete when the node budget runs out', () => {
    const p = mateProblems().find((x) => x.turn === 9)!;
    const r = findMate(game('italian', p.fen, p.turn), { maxNodes: 50 });
    expect(r).toMatchObject({ found: false, complete: false });
  });

  it('stops on the time budget through the clock passed in', () => {
    // #53: its mate takes the finder many thousands of nodes.
    const p = mateProblems().find((x) => x.id === '53')!;
    let t = 0;
    const r = findMate(game('italian', p.fen, p.turn), { budgetMs: 10, now: () => (t += 1) });
    expect(r).toMatchObject({ found: false, complete: false });
  });

  it('finds a Take-All series that captures everything left', () => {
    const g = game('take-all', '4k3/8/8/8/8/8/3p4/R3K3 w - - 0 1', 3);
    const r = findMate(g);
    expect(r.found).toBe(true);
    if (r.found) expectWinningSeries(g, r.moves, ['all-captured']);
  });

  it('finds an Escalation mate that stands at the end of the series and checks on the way', () => {
    const g = game('escalation', '6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1', 3);
    const r = findMate(g);
    expect(r.found).toBe(true);
    if (r.found) expectWinningSeries(g, r.moves, MATE);
  });

  it('finds a cost-variant mate within the points', () => {
    const g = game('cost-simple', '6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1', 7);
    const r = findMate(g);
    expect(r.found).toBe(true);
    if (r.found) expectWinningSeries(g, r.moves, MATE);
  });
});

describe('findMate: the 60 progressive mates', () => {
  const problems = mateProblems();
  it.each(problems.filter((p) => p.turn <= 6).map((p) => [p.id, p] as const))('#%s is solved with a replayed mate', (_id, p) => {
    const g = game('italian', p.fen, p.turn);
    const r = findMate(g, { maxNodes: 400_000 });
    expect(r.found).toBe(true);
    if (r.found) {
      expect(r.moves).toHaveLength(p.turn);
      expectWinningSeries(g, r.moves, MATE);
    }
  }, 60_000);

  it.each(problems.map((p) => [p.id, p] as const))('#%s from the middle of the series (two moves left)', (_id, p) => {
    const g = after(game('italian', p.fen, p.turn), p.solution, p.turn - 2);
    expect(g.moveIndex).toBe(p.turn - 2);
    const r = findMate(g);
    expect(r.found).toBe(true);
    if (r.found) expectWinningSeries(g, r.moves, MATE);
  });
});

describe('findMate agrees with the plain rules search', () => {
  const variants: VariantId[] = ['scottish', 'italian', 'english', 'logical', 'escalation', 'take-all', 'cost', 'cost-simple', 'cost-fibonacci'];
  const cases: Array<[VariantId, number, GameState]> = [];
  for (const v of variants) {
    for (let seed = 1; seed <= 12; seed++) {
      const { state } = playout(v, seed * 7919, 6 + seed * 2);
      if (state.outcome) continue;
      const left = v.startsWith('cost') ? state.budget - state.spent : state.budget - state.moveIndex;
      if (left <= 2) cases.push([v, seed, state]);
    }
  }
  for (const p of mateProblems().filter((_, i) => i % 3 === 0)) {
    for (const v of ['italian', 'scottish', 'escalation', 'english'] as VariantId[]) {
      const s = tryAfter(game(v, p.fen, p.turn), p.solution, p.turn - 2);
      if (s) cases.push([v, Number(p.id), s]);
    }
  }

  it('has enough cases', () => {
    expect(cases.length).toBeGreaterThan(60);
  });

  it.each(cases.map(([v, seed, s]) => [v, seed, s] as const))('%s #%i', (v, _seed, s) => {
    const fast = findMate(s);
    const plain = plainMateSearch(s, { maxNodes: 1_000_000 });
    expect(plain.complete || plain.found).toBe(true);
    expect(fast.complete).toBe(true);
    expect(fast.found).toBe(plain.found);
    if (fast.found) expectWinningSeries(s, fast.moves, v === 'take-all' ? ['all-captured'] : MATE);
  }, 60_000);
});
