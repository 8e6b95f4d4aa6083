import { VARIANTS, type Color, type GameState, type Role } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';
import { playOnText } from './outcome-text.js';

export type Pip = 'done' | 'next' | 'todo';

/** Everything the series indicator shows, derived from the rules state. */
export interface SeriesProgress {
  readonly turn: number;
  readonly color: Color;
  readonly unit: 'moves' | 'points';
  readonly budget: number;
  readonly used: number;
  readonly left: number;
  /** "Move 3 of 7" or "5 points left of 8". */
  readonly label: string;
  /** One pip per move (or point); null when the budget is too large to draw pip by pip. */
  readonly pips: readonly Pip[] | null;
  /** Cost variants: what each piece costs and whether it is still affordable. */
  readonly costs: ReadonlyArray<{ readonly role: Role; readonly cost: number; readonly affordable: boolean }> | null;
  /** The ten-turn rule's exception is being played: "Ten quiet turns: White can force mate, play on". */
  readonly playOn: string | null;
}

const MAX_PIPS = 40;
const COST_ORDER: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

export function seriesProgress(state: GameState): SeriesProgress {
  const variant = VARIANTS[state.variant];
  const unit = variant.costs ? 'points' : 'moves';
  const budget = state.budget;
  const used = state.spent;
  const left = Math.max(0, budget - used);
  const label =
    unit === 'moves'
      ? m.series_move_of({ move: Math.min(state.moveIndex + 1, budget), budget })
      : m.series_points_left({ left, budget });
  const pips: Pip[] | null =
    budget <= MAX_PIPS
      ? Array.from({ length: budget }, (_, i) => (i < used ? 'done' : i === used && unit === 'moves' ? 'next' : 'todo'))
      : null;
  const costs = variant.costs
    ? COST_ORDER.map((role) => {
        const cost = variant.costs?.[role] ?? 0;
        return { role, cost, affordable: cost <= left };
      })
    : null;
  return { turn: state.turn, color: state.color, unit, budget, used, left, label, pips, costs, playOn: playOnText(state) };
}
