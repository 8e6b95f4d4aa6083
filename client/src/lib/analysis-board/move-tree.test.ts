import { INITIAL_FEN, fen, newGame, parseUci, type GameState, type Move } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import {
  addLine,
  addMove,
  addPass,
  createTree,
  deleteFrom,
  lineFrom,
  lineRecords,
  lineThrough,
  nodeAt,
  nodeAtPly,
  pathTo,
  plyOf,
  promote,
  stepsTo,
  withState,
  type MoveTree,
} from './move-tree.js';

const m = (uci: string): Move => parseUci(uci) as Move;
const start = (variant: Parameters<typeof newGame>[0] = 'scottish', opts = {}): GameState => {
  const r = newGame(variant, opts);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
function line(tree: MoveTree, at: number, ucis: string): { tree: MoveTree; id: number } {
  const r = addLine(tree, at, ucis.split(' ').map((u) => (u === 'pass' ? 'pass' : m(u))));
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('move tree', () => {
  it('plays a series by the rules: the turn passes when the series is full, and the mate ends the game', () => {
    const { tree, id } = line(createTree(start()), 0, 'e2e4 e7e5 g8f6 f1c4 d1h5 h5f7');
    expect(pathTo(tree, id)).toHaveLength(7);
    expect(tree.nodes.map((n) => n.san)).toEqual(['', 'e4', 'e5', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#']);
    expect(nodeAt(tree, 2).state.color).toBe('black');
    expect(nodeAt(tree, 3).state.color).toBe('white');
    expect(nodeAt(tree, id).state.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('refuses what the rules refuse, with their reason', () => {
    const { tree, id } = line(createTree(start()), 0, 'e2e4');
    expect(addMove(tree, id, m('e2e4'))).toMatchObject({ ok: false });
    // Scottish: a check ends the series; Italian: check only on the last move.
    const it = line(createTree(start('italian')), 0, 'e2e4 e7e5 d7d6');
    const r = addMove(it.tree, it.id, m('f1b5'));
    expect(r).toEqual({ ok: false, error: 'check is allowed only on the last move of the series' });
  });

  it('keeps variations: a different move makes a branch, the same move reuses its node', () => {
    const a = line(createTree(start()), 0, 'e2e4 e7e5');
    const b = addMove(a.tree, 1, m('d7d5'));
    if (!b.ok) throw new Error(b.error);
    expect(nodeAt(b.tree, 1).children).toEqual([2, 3]);
    const again = addMove(b.tree, 1, m('e7e5'));
    expect(again).toMatchObject({ ok: true, id: 2 });
    if (again.ok) expect(again.tree).toBe(b.tree);
    expect(lineFrom(b.tree, 0)).toEqual([0, 1, 2]);
    const p = promote(b.tree, 3);
    expect(lineFrom(p, 0)).toEqual([0, 1, 3]);
    expect(stepsTo(p, 3).map((s) => (s === 'pass' ? s : `${s.from}-${s.to}`))).toEqual(['12-28', '51-35']);
  });

  it('deletes a node and what follows it, keeping ids as positions', () => {
    const a = line(createTree(start()), 0, 'e2e4 e7e5 g8f6');
    const b = addMove(a.tree, 1, m('d7d5'));
    if (!b.ok) throw new Error(b.error);
    const d = deleteFrom(b.tree, 2);
    expect(d.nodes.map((n) => n.san)).toEqual(['', 'e4', 'd5']);
    expect(d.nodes.map((n) => n.id)).toEqual([0, 1, 2]);
    expect(nodeAt(d, 1).children).toEqual([2]);
    expect(deleteFrom(d, 0)).toBe(d);
  });

  it('passes the rest of a cost turn, and only where the rules allow it', () => {
    const tree = createTree(start('cost'));
    expect(addPass(tree, 0)).toMatchObject({ ok: false });
    const { tree: t, id } = line(tree, 0, 'e2e4 e7e5 d2d4 d4d5');
    expect(nodeAt(t, id).state.color).toBe('black');
    const black = line(t, id, 'd7d6 pass');
    expect(nodeAt(black.tree, black.id).san).toBe('pass');
    expect(nodeAt(black.tree, black.id).state.color).toBe('white');
  });

  it('starts from any position of any variant', () => {
    const s = start('take-all', { fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', turn: 3 });
    const { tree, id } = line(createTree(s), 0, 'a1a8 a8e8');
    expect(nodeAt(tree, id).state.outcome).toEqual({ result: '1-0', reason: 'all-captured' });
    expect(fen(nodeAt(tree, 0).state)).not.toBe(INITIAL_FEN);
  });
});

describe('move tree lines (the move list)', () => {
  it('maps plies to nodes, a pass belonging to the move before it', () => {
    const { tree, id } = line(createTree(start('cost')), 0, 'e2e4 e7e5 d2d4 d4d5 d7d6 pass g1f3');
    const l = lineThrough(tree, 3);
    expect(l).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(lineRecords(tree, l).map((r) => r.san)).toEqual(['e4', 'e5', 'd4', 'd5', 'd6', 'Nf3']);
    expect(nodeAtPly(tree, l, 5)).toBe(6);
    expect(nodeAtPly(tree, l, 0)).toBe(0);
    expect(plyOf(tree, l, 6)).toBe(5);
    expect(plyOf(tree, l, id)).toBe(6);
  });

  it('replaces a state (an imported finish)', () => {
    const { tree, id } = line(createTree(start()), 0, 'e2e4');
    const over = { ...nodeAt(tree, id).state, outcome: { result: '0-1', reason: 'resignation' } } as GameState;
    expect(nodeAt(withState(tree, id, over), id).state.outcome?.reason).toBe('resignation');
  });
});
