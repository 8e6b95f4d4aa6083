// One move inside a series: the variant's move filter and the per-move bookkeeping shared by
// `play` and `seriesCount`. Works on a mutable SeriesNode (the caller clones).
import { opposite, type Color, type Move, type MoveEffect, type Position, type Square } from '../chess/index.js';
import { draw, pawnBehind, win } from './state.js';
import type { Variant } from './variants.js';
import type { Outcome } from './variant-ids.js';

export interface SeriesNode {
  /** Side to move = the mover; ep squares open only at move 0. */
  pos: Position;
  moveIndex: number;
  spent: number;
  moved: Square[];
  epNext: Square[];
  irreversible: boolean;
}

interface StepBase {
  readonly check: boolean;
  readonly effect: MoveEffect;
}
export type Step =
  /** `next`: the moves the series allows now, or null when not asked for (only whether one exists). */
  | (StepBase & { readonly kind: 'continue'; readonly cycleEnded: boolean; readonly next: Move[] | null })
  | (StepBase & { readonly kind: 'turn' })
  /** `turnOver`: the series would have ended with this move anyway (full, check, points), so play
   *  would have continued with the next turn; else with the next move of this series. */
  | (StepBase & { readonly kind: 'game'; readonly outcome: Outcome; readonly turnOver: boolean });

/** Board-legal moves under the variant's move rules (never a king capture where kings are royal). */
export function boardMoves(v: Variant, pos: Position): Move[] {
  const moves = pos.legalMoves(v.moveRules);
  if (!v.moveRules.royalKing) return moves;
  return moves.filter((m) => pos.pieceAt(m.to)?.role !== 'king');
}

/** Points (or 1 in move-count variants) the move costs; castling costs the king's, promotion the new kind's. */
export function moveCost(v: Variant, pos: Position, m: Move): number {
  if (!v.costs) return 1;
  const role = m.promotion ?? pos.pieceAt(m.from)?.role;
  return role ? v.costs[role] : Infinity;
}

/** The variant limits a series beyond the board's legal moves (cycles, costs, premature check). */
const limited = (v: Variant): boolean => v.cycles || v.costs !== null || v.checkRule === 'last-only';

/** Whether the series allows this board-legal move now: the cycle, cost and premature-check limits. */
export function seriesAllows(v: Variant, node: SeriesNode, budget: number, m: Move): boolean {
  if (v.cycles && node.moved.includes(m.from)) return false;
  if (v.costs && moveCost(v, node.pos, m) > budget - node.spent) return false;
  return !(v.checkRule === 'last-only' && node.moveIndex < budget - 1 && node.pos.givesCheck(m));
}

/** The moves the series allows now: board moves minus cycle, cost and premature-check limits. */
export function seriesMoves(v: Variant, node: SeriesNode, budget: number, board: readonly Move[]): Move[] {
  return limited(v) ? board.filter((m) => seriesAllows(v, node, budget, m)) : [...board];
}

/** `seriesMoves(...).length > 0`, without building the list where the variant has no limits. */
function hasSeriesMove(v: Variant, node: SeriesNode, budget: number): boolean {
  if (!limited(v)) return node.pos.hasLegalMove(v.moveRules);
  return seriesMoves(v, node, budget, boardMoves(v, node.pos)).length > 0;
}

type NodeView = Readonly<Omit<SeriesNode, 'moved' | 'epNext'>> & {
  readonly moved: readonly Square[];
  readonly epNext: readonly Square[];
};

/** A deep copy (board cloned) of a node or of a read-only view of one. */
export const cloneNode = (n: NodeView): SeriesNode => ({
  pos: n.pos.clone(),
  moveIndex: n.moveIndex,
  spent: n.spent,
  moved: [...n.moved],
  epNext: [...n.epNext],
  irreversible: n.irreversible,
});

function trackEnPassant(v: Variant, node: SeriesNode, color: Color, move: Move, effect: MoveEffect): void {
  if (!v.enPassant) return;
  node.epNext = node.epNext.filter((t) => pawnBehind(t, color) !== move.from);
  if (effect.doubleStep) node.epNext.push((move.from + move.to) / 2);
}

function trackCycle(node: SeriesNode, move: Move, effect: MoveEffect): void {
  node.moved.push(move.to);
  if (effect.castle) node.moved.push(effect.castle.rookTo);
}

/** English: the cycle is complete when no piece that has not moved in it has a legal move. */
function closeCycle(node: SeriesNode, board: readonly Move[]): boolean {
  if (board.some((m) => !node.moved.includes(m.from))) return false;
  node.moved = [];
  return true;
}

/**
 * Plays a move the series allows (see seriesMoves) on the node and says what happens next.
 * `report`: compute `check` even where it does not matter for the series (play reports it).
 * `listNext`: list the next moves of a continuing series (else `next` is null).
 */
export function applyStep(
  v: Variant,
  color: Color,
  budget: number,
  node: SeriesNode,
  move: Move,
  report: boolean,
  listNext: boolean,
): Step {
  const pos = node.pos;
  const cost = moveCost(v, pos, move);
  const canStop = v.checkRule === 'ends-series' && node.spent + cost < budget;
  const check = v.checkRule !== 'none' && (report || canStop) && pos.givesCheck(move);
  const effect = pos.play(move);
  pos.turn = color;
  pos.setEpSquares([]);
  node.moveIndex += 1;
  node.spent += cost;
  if (effect.captured || effect.moved === 'pawn') node.irreversible = true;
  trackEnPassant(v, node, color, move, effect);
  if (v.cycles) trackCycle(node, move, effect);
  const ended = materialEnd(v, color, pos, effect);
  const stop = (turnOver: boolean): Step =>
    ended ? { kind: 'game', check, effect, outcome: ended, turnOver } : { kind: 'turn', check, effect };
  if ((check && v.checkRule === 'ends-series') || node.spent >= budget) return stop(true);
  if (!listNext && !v.cycles && !ended) {
    if (hasSeriesMove(v, node, budget)) return { kind: 'continue', check, effect, cycleEnded: false, next: null };
  } else {
    const board = boardMoves(v, pos);
    const cycleEnded = v.cycles && closeCycle(node, board);
    const next = seriesMoves(v, node, budget, board);
    if (next.length > 0 && ended) return stop(false);
    if (next.length > 0) return { kind: 'continue', check, effect, cycleEnded, next: listNext ? next : null };
  }
  // Nothing playable: a cost turn runs out of affordable moves; otherwise progressive stalemate.
  if (v.costs && pos.hasLegalMove(v.moveRules)) return stop(true);
  return { kind: 'game', check, effect, outcome: ended ?? draw('stalemate'), turnOver: false };
}

/**
 * The game ends at once when a move changes the material so that it is over: the last enemy
 * piece captured (Take-All), or a dead position reached by a capture or a promotion (an
 * under-promotion can leave K+N v K or same-coloured bishops just as a capture can).
 */
function materialEnd(v: Variant, color: Color, pos: Position, effect: MoveEffect): Outcome | null {
  if (effect.captured && v.goal === 'capture-all' && pos.pieces(opposite(color)).length === 0) return win(color, 'all-captured');
  if ((effect.captured || effect.promotion) && v.goal === 'checkmate' && pos.insufficientMaterial()) {
    return draw('insufficient-material');
  }
  return null;
}
