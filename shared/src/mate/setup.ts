/** The mate search's view of a game state: the internal board and the series rules as plain numbers. */
import type { Board } from '../chess/board.js';
import { parseFen, relevantEp } from '../chess/fen.js';
import { rulesBits } from '../chess/position.js';
import { BLACK, KING, to88, WHITE } from '../chess/tables.js';
import type { Role } from '../chess/types.js';
import type { GameState } from '../rules/state.js';
import { seriesBudget, VARIANTS } from '../rules/variants.js';
import type { ZoneRules } from './zone.js';

export interface SearchSetup {
  readonly b: Board;
  /** The mover: WHITE or BLACK. */
  readonly us: number;
  readonly rules: number;
  readonly budget: number;
  /** Budget of the opponent's next turn (its check escapes must be affordable / not give check). */
  readonly nextBudget: number;
  /** Points per role code 1..6, or null (every move costs one). */
  readonly costs: readonly number[] | null;
  readonly royal: boolean;
  readonly lastOnly: boolean;
  readonly endsSeries: boolean;
  readonly takeAll: boolean;
  readonly cycles: boolean;
  readonly enPassant: boolean;
  readonly zone: ZoneRules;
  /** The series so far. */
  readonly spent: number;
  readonly moved: number[];
  readonly epNext: number[];
}

const ROLE_ORDER: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

export function searchSetup(state: GameState): SearchSetup {
  const v = VARIANTS[state.variant];
  const parsed = parseFen(state.board.toFen());
  if (!parsed.ok) throw new Error(`unreachable: the state's own FEN: ${parsed.error.message}`);
  const b = parsed.value;
  b.setEp(state.moveIndex === 0 ? relevantEp(b, state.board.epSquares.map(to88)) : []);
  const us = state.color === 'white' ? WHITE : BLACK;
  const costs = v.costs ? [0, ...ROLE_ORDER.map((r) => v.costs![r])] : null;
  const nextBudget = seriesBudget(v, state.turn + 1);
  return {
    b,
    us,
    rules: rulesBits(v.moveRules),
    budget: state.budget,
    nextBudget,
    costs,
    royal: v.moveRules.royalKing,
    lastOnly: v.checkRule === 'last-only',
    endsSeries: v.checkRule === 'ends-series',
    takeAll: v.goal === 'capture-all',
    cycles: v.cycles,
    enPassant: v.enPassant,
    zone: {
      us,
      lastOnly: v.checkRule === 'last-only',
      costs,
      kingStuck: costs !== null && costs[KING]! > nextBudget,
      double: v.moveRules.doubleStep,
    },
    spent: state.spent,
    moved: state.cycleMoved.map(to88),
    epNext: state.epNext.map(to88),
  };
}
