import { parseUci } from '@progressive-chess/shared';
import type { ImportedGame } from '../analysis.js';
import { addMove, addPass, createTree, nodeAt, withState, type MoveTree } from './move-tree.js';

/**
 * An imported game as the analysis board's tree: its moves as the main line (a cost turn passed
 * where the next move is the other side's), its last node holding the finish the file records.
 */
export function treeOfGame(game: ImportedGame): { readonly tree: MoveTree; readonly last: number } {
  const first = game.states[0];
  if (!first) throw new Error('an imported game has a start');
  let tree = createTree(first);
  let at = 0;
  for (const rec of game.records) {
    if (nodeAt(tree, at).state.color !== rec.color) {
      const p = addPass(tree, at);
      if (!p.ok) throw new Error(p.error);
      ({ tree, id: at } = p);
    }
    const move = parseUci(rec.uci);
    const r = move ? addMove(tree, at, move) : { ok: false as const, error: `bad move ${rec.uci}` };
    if (!r.ok) throw new Error(r.error);
    ({ tree, id: at } = r);
  }
  const end = game.states.at(-1);
  return { tree: end ? withState(tree, at, end) : tree, last: at };
}
