import { STANDARD_RULES, type Color, type MoveRules, type Role } from '../chess/types.js';
import type { VariantId } from './variant-ids.js';

export type Schedule = 'moves' | 'half-points' | 'fibonacci';
export type CheckRule = 'ends-series' | 'last-only' | 'free' | 'none';
export type Goal = 'checkmate' | 'capture-all';

/** A progressive variant, built from a handful of parameters (docs/rules.md section 6). */
export interface Variant {
  readonly id: VariantId;
  /** The name the site shows. */
  readonly name: string;
  /** The name a PGN file's `Variant` tag carries: the full name of docs/rules.md section 6 (often the same). */
  readonly pgnName: string;
  /** One line. */
  readonly summary: string;
  /** A paragraph for the rules page. */
  readonly description: string;
  /** Length of turn t: `t` moves, `ceil(t/2)` points, or `F(t)` points (1, 1, 2, 3, 5, ...). */
  readonly schedule: Schedule;
  readonly checkRule: CheckRule;
  readonly enPassant: boolean;
  readonly castling: boolean;
  readonly doubleStep: boolean;
  /** English democratic cycles. */
  readonly cycles: boolean;
  readonly goal: Goal;
  /** Points per move by moving piece; null: every move costs 1 (move-count variants). */
  readonly costs: Readonly<Record<Role, number>> | null;
  readonly moveRules: MoveRules;
}

/** Sirotkin's costs: P1 N3 B3 R5 Q9 K2 (also used by the Fibonacci variant). */
export const COST_STANDARD: Readonly<Record<Role, number>> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 2 };
/** Simple costs: P1 N2 B3 R4 Q5 K1. */
export const COST_SIMPLE: Readonly<Record<Role, number>> = { pawn: 1, knight: 2, bishop: 3, rook: 4, queen: 5, king: 1 };

type Params = Partial<Omit<Variant, 'id' | 'name' | 'summary' | 'description' | 'moveRules'>> &
  Pick<Variant, 'name' | 'summary' | 'description'>;

const DEFAULTS = {
  schedule: 'moves',
  checkRule: 'ends-series',
  enPassant: true,
  castling: true,
  doubleStep: true,
  cycles: false,
  goal: 'checkmate',
  costs: null,
} as const satisfies Partial<Variant>;

function build(id: VariantId, params: Params): Variant {
  const v = { ...DEFAULTS, pgnName: params.name, ...params, id };
  const royalKing = v.goal === 'checkmate';
  const moveRules: MoveRules =
    royalKing && v.castling && v.doubleStep
      ? STANDARD_RULES
      : { royalKing, castling: v.castling, doubleStep: v.doubleStep, kingPromotion: !royalKing };
  return Object.freeze({ ...v, moveRules });
}

const COST_TEXT =
  'Instead of a number of moves, each turn grants points, and every move costs the moving piece\'s price';

export const VARIANTS: Readonly<Record<VariantId, Variant>> = Object.freeze({
  scottish: build('scottish', {
    name: 'Scottish progressive',
    pgnName: 'Scottish progressive (Scotch chess)',
    summary: 'White plays 1 move, Black 2, White 3...; a check ends the series.',
    description:
      'The classic progressive game, also called Scotch chess. Turn t consists of t moves by the same side: White 1, Black 2, White 3 and so on. A move may give check anywhere in the series, but a check ends the turn at once and the remaining moves are lost. A player in check must escape with the first move of the turn; if that is impossible it is checkmate. En passant is possible only on the first move of a turn, against a pawn that made a two-square step in the opponent\'s last turn.',
  }),
  italian: build('italian', {
    checkRule: 'last-only',
    name: 'Italian progressive',
    summary: 'Series of t moves that must all be played; check only on the last move.',
    description:
      'Like Scottish progressive chess, turn t has t moves, but the whole series must be played and only its last move may give check; an earlier checking move is illegal. A player in check must escape with the first move; if every escape also gives check (and the series is longer than one move), the player is progressively checkmated. Being unable to complete the series without an early check is stalemate, a draw.',
  }),
  english: build('english', {
    cycles: true,
    enPassant: false,
    name: 'English progressive (ENPR)',
    summary: 'Scottish rules with democratic cycles: every movable piece moves before one moves again.',
    description:
      'Turns grow as in Scottish progressive chess and a check ends the series, but within a turn the pieces move in democratic cycles: once a piece has moved, it may not move again until every other piece that can move has moved in the current cycle. Castling counts as a move of both king and rook, a freshly promoted piece counts as moved, and every turn starts a new cycle. There is no en passant.',
  }),
  logical: build('logical', {
    enPassant: false,
    castling: false,
    doubleStep: false,
    name: 'Logical progressive',
    pgnName: 'Logical progressive (P. Byway)',
    summary: 'Scottish rules without castling, pawn double steps or en passant.',
    description:
      'Peter Byway\'s logical progressive chess removes the rules that do not fit a series of moves: there is no castling, pawns never advance two squares, and so there is no en passant. Otherwise turn t has t moves and a check ends the series, as in Scottish progressive chess.',
  }),
  escalation: build('escalation', {
    checkRule: 'free',
    name: 'Escalation',
    pgnName: 'Escalation chess',
    summary: 'Series of t moves in which checks do not stop the attacker.',
    description:
      'Turn t has t moves and giving check does not end the series: the attacking side plays on and may pile up checks, but may never capture the king. A mate is decided when the defender\'s turn starts, so a later move of the same series may still spoil it. The defender must escape the check with the first move of the turn.',
  }),
  'take-all': build('take-all', {
    checkRule: 'none',
    goal: 'capture-all',
    name: 'Progressive Take-All',
    summary: 'No check: capture every enemy piece, king included, to win.',
    description:
      'Series grow as in Scottish progressive chess, but there is no check and no checkmate: the king is an ordinary piece that may be captured and may move onto attacked squares, and pawns may also promote to a king. The player who captures the opponent\'s last piece wins at once. A player without a legal move during their turn draws by stalemate; the ten-turn and repetition rules apply, insufficient material does not.',
  }),
  cost: build('cost', {
    schedule: 'half-points',
    costs: COST_STANDARD,
    name: 'Cost progressive',
    pgnName: 'Cost progressive (Sirotkin)',
    summary: 'Turn t grants ceil(t/2) points; moves cost P1 N3 B3 R5 Q9 K2.',
    description: `Sergey Sirotkin's cost progressive chess. ${COST_TEXT}: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 2 (castling costs the king's price, a promoted piece costs its new kind). Turn t grants ceil(t/2) points. Unused points are lost; a player may pass the rest of a turn after at least one move, and the turn ends by itself when no affordable move is left. A check ends the turn.`,
  }),
  'cost-simple': build('cost-simple', {
    schedule: 'half-points',
    costs: COST_SIMPLE,
    name: 'Simple cost progressive',
    summary: 'Turn t grants ceil(t/2) points; moves cost P1 N2 B3 R4 Q5 K1.',
    description: `A gentler price list for cost progressive chess. ${COST_TEXT}: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 1. Turn t grants ceil(t/2) points. Unused points are lost; a player may pass the rest of a turn after at least one move, and the turn ends by itself when no affordable move is left. A check ends the turn.`,
  }),
  'cost-fibonacci': build('cost-fibonacci', {
    schedule: 'fibonacci',
    costs: COST_STANDARD,
    name: 'Fibonacci cost progressive',
    summary: 'Turn t grants F(t) points (1, 1, 2, 3, 5, 8...); moves cost P1 N3 B3 R5 Q9 K2.',
    description: `Cost progressive chess on a Fibonacci schedule. ${COST_TEXT}: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 2. Turn t grants F(t) points: 1, 1, 2, 3, 5, 8, 13 and so on, so the game speeds up quickly. Unused points are lost; a player may pass the rest of a turn after at least one move, and the turn ends by itself when no affordable move is left. A check ends the turn.`,
  }),
});

export function getVariant(id: string): Variant | undefined {
  return Object.hasOwn(VARIANTS, id) ? VARIANTS[id as VariantId] : undefined;
}

function fibonacci(t: number): number {
  let [a, b] = [1, 1];
  for (let i = 2; i < t; i++) [a, b] = [b, a + b];
  return t <= 2 ? 1 : b;
}

/** Moves (or points) of turn t (t >= 1). */
/** The side that plays progressive turn `turn`: White the odd turns, Black the even ones. */
export const colorOfTurn = (turn: number): Color => (turn % 2 === 1 ? 'white' : 'black');

export function seriesBudget(variant: Variant, turn: number): number {
  switch (variant.schedule) {
    case 'moves':
      return turn;
    case 'half-points':
      return Math.ceil(turn / 2);
    case 'fibonacci':
      return fibonacci(turn);
  }
}
