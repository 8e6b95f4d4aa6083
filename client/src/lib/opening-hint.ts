import { VARIANTS, colorOfTurn, opposite, seriesBudget, type Color, type VariantId } from '@progressive-chess/shared';

const NAME: Record<Color, string> = { white: 'White', black: 'Black' };

/**
 * The empty move list's hint: who plays first and how much, then the next two turns, from the
 * turn the game starts at (a set-up position may start at any turn) and the variant's schedule.
 * A standard start reads "White plays 1 move, then Black 2, White 3...".
 */
export function openingHint(variant: VariantId, initialTurn: number): string {
  const v = VARIANTS[variant];
  const first = colorOfTurn(initialTurn);
  const budget = (k: number): number => seriesBudget(v, initialTurn + k);
  const unit = v.costs === null ? 'move' : 'point';
  const amount = `${budget(0)} ${unit}${budget(0) === 1 ? '' : 's'}`;
  return `${NAME[first]} plays ${amount}, then ${NAME[opposite(first)]} ${budget(1)}, ${NAME[first]} ${budget(2)}...`;
}
