import { endTurn, makeUci, moveRecord, play, type GameState, type Move, type MoveRecord } from '@progressive-chess/shared';

/**
 * The analysis board's move tree: every position reached, with its branches. A node is one move
 * (or a pass of the rest of a cost turn) played by the shared rules from its parent's state, so a
 * node exists only when the rules accept it; the series ends and outcomes are the rules' own.
 */
export interface MoveNode {
  readonly id: number;
  readonly parent: number | null;
  /** null: the root, or a pass (`passed`). */
  readonly move: Move | null;
  readonly passed: boolean;
  /** The move as written ("Qxf7#"), "pass" for a pass, "" at the root. */
  readonly san: string;
  /** The move's record for the move list (null: the root or a pass). */
  readonly record: MoveRecord | null;
  /** The state before the move (the turn and colour it was played in). */
  readonly before: GameState | null;
  readonly state: GameState;
  /** Children in the order first played: the first is the main continuation. */
  readonly children: readonly number[];
}

export interface MoveTree {
  readonly nodes: readonly MoveNode[];
}

export type TreeStep = { readonly ok: true; readonly tree: MoveTree; readonly id: number } | { readonly ok: false; readonly error: string };

export const ROOT = 0;

export function createTree(start: GameState): MoveTree {
  return { nodes: [{ id: ROOT, parent: null, move: null, passed: false, san: '', record: null, before: null, state: start, children: [] }] };
}

export function nodeAt(tree: MoveTree, id: number): MoveNode {
  const n = tree.nodes[id];
  if (!n) throw new RangeError(`no node ${id} in the move tree`);
  return n;
}

function attach(tree: MoveTree, parent: MoveNode, node: Omit<MoveNode, 'id' | 'parent' | 'children'>): TreeStep {
  const id = tree.nodes.length;
  const nodes = tree.nodes.slice();
  nodes[parent.id] = { ...parent, children: [...parent.children, id] };
  nodes.push({ ...node, id, parent: parent.id, children: [] });
  return { ok: true, tree: { nodes }, id };
}

const sameMove = (a: Move | null, b: Move): boolean => a !== null && makeUci(a) === makeUci(b);

/** Plays `move` after node `at`: the existing child when it was played before, else a new branch. */
export function addMove(tree: MoveTree, at: number, move: Move): TreeStep {
  const parent = nodeAt(tree, at);
  const known = parent.children.find((c) => sameMove(nodeAt(tree, c).move, move));
  if (known !== undefined) return { ok: true, tree, id: known };
  const res = play(parent.state, move);
  if (!res.ok) return { ok: false, error: res.error.message };
  const record = moveRecord(parent.state, move, res.value, 0);
  return attach(tree, parent, { move, passed: false, san: record.san, record, before: parent.state, state: res.value.state });
}

/** Passes the rest of a cost turn after node `at` (the rules decide whether that is allowed). */
export function addPass(tree: MoveTree, at: number): TreeStep {
  const parent = nodeAt(tree, at);
  const known = parent.children.find((c) => nodeAt(tree, c).passed);
  if (known !== undefined) return { ok: true, tree, id: known };
  const res = endTurn(parent.state);
  if (!res.ok) return { ok: false, error: res.error.message };
  return attach(tree, parent, { move: null, passed: true, san: 'pass', record: null, before: parent.state, state: res.value.state });
}

/** Plays moves one after the other from `at` ("pass" or a UCI move each); stops at the first refused. */
export function addLine(tree: MoveTree, at: number, steps: ReadonlyArray<Move | 'pass'>): TreeStep {
  let t = tree;
  let id = at;
  for (const step of steps) {
    const r = step === 'pass' ? addPass(t, id) : addMove(t, id, step);
    if (!r.ok) return r;
    t = r.tree;
    id = r.id;
  }
  return { ok: true, tree: t, id };
}

/** The node ids from the root to `id`, both included. */
export function pathTo(tree: MoveTree, id: number): number[] {
  const path: number[] = [];
  for (let n: MoveNode | undefined = nodeAt(tree, id); n; n = n.parent === null ? undefined : nodeAt(tree, n.parent)) path.push(n.id);
  return path.reverse();
}

/** `id` and its first children after it, to the end of that line. */
export function lineFrom(tree: MoveTree, id: number): number[] {
  const line = [id];
  for (let c = nodeAt(tree, id).children[0]; c !== undefined; c = nodeAt(tree, c).children[0]) line.push(c);
  return line;
}

/** The moves played to reach `id` ("pass" for a pass), for sharing and re-playing. */
export function stepsTo(tree: MoveTree, id: number): Array<Move | 'pass'> {
  return pathTo(tree, id)
    .slice(1)
    .map((n) => {
      const node = nodeAt(tree, n);
      return node.passed || !node.move ? 'pass' : node.move;
    });
}

/** Removes node `id` and everything after it (not the root). */
export function deleteFrom(tree: MoveTree, id: number): MoveTree {
  const node = nodeAt(tree, id);
  if (node.parent === null) return tree;
  const gone = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const n = stack.pop() as number;
    gone.add(n);
    stack.push(...nodeAt(tree, n).children);
  }
  // Ids are positions in the list: renumber the nodes kept.
  const renum = new Map<number, number>();
  tree.nodes.filter((n) => !gone.has(n.id)).forEach((n, i) => renum.set(n.id, i));
  const map = (n: number): number => renum.get(n) as number;
  const nodes = tree.nodes
    .filter((n) => !gone.has(n.id))
    .map((n) => ({
      ...n,
      id: map(n.id),
      parent: n.parent === null ? null : map(n.parent),
      children: n.children.filter((c) => !gone.has(c)).map(map),
    }));
  return { nodes };
}

/** Makes the line through `id` the main one at each branch point on its way. */
export function promote(tree: MoveTree, id: number): MoveTree {
  const nodes = tree.nodes.slice();
  for (let n = nodeAt(tree, id); n.parent !== null; n = nodeAt(tree, n.parent)) {
    const p = nodes[n.parent] as MoveNode;
    nodes[n.parent] = { ...p, children: [n.id, ...p.children.filter((c) => c !== n.id)] };
  }
  return { nodes };
}

/** The line through `id`: the path to it, then its main continuation. */
export function lineThrough(tree: MoveTree, id: number): number[] {
  return [...pathTo(tree, id), ...lineFrom(tree, id).slice(1)];
}

/** The move records of a line (passes leave none: the move list tells them by the colour that follows). */
export function lineRecords(tree: MoveTree, line: readonly number[]): MoveRecord[] {
  return line.flatMap((n) => nodeAt(tree, n).record ?? []);
}

/** How many moves of `line` are played at node `id` of it. */
export function plyOf(tree: MoveTree, line: readonly number[], id: number): number {
  return lineRecords(tree, line.slice(0, line.indexOf(id) + 1)).length;
}

/** The node of `line` after `ply` moves, a pass that follows them included (the position the next move is played in). */
export function nodeAtPly(tree: MoveTree, line: readonly number[], ply: number): number {
  let moves = 0;
  let at = line[0] ?? ROOT;
  for (const n of line) {
    if (nodeAt(tree, n).record) moves++;
    if (moves > ply) break;
    at = n;
  }
  return at;
}

/** The tree with node `id`'s state replaced (an imported game's recorded finish: resignation, timeout...). */
export function withState(tree: MoveTree, id: number, state: GameState): MoveTree {
  const nodes = tree.nodes.slice();
  nodes[id] = { ...nodeAt(tree, id), state };
  return { nodes };
}
