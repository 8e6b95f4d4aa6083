import { comingTurnBudget, encodeState, fen, hasFirstMoveGrace, initClock, newGame, type GameState, type TimeControl, type VariantId } from '@progressive-chess/shared';
import { fail } from './errors.js';
import type { BotSeat, GameDoc, PlayerRef } from './game-doc.js';
import { turnStartOf } from './game-transitions.js';

export interface CreateGameOptions {
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly white: PlayerRef;
  readonly black: PlayerRef;
  /** Custom start (tests and rematches of such games only; never taken from clients). */
  readonly fen?: string;
  readonly turn?: number;
  /** From an invitation: not listed in the lobby. */
  readonly private?: boolean;
  readonly rated?: boolean;
  /** A game against the computer (see `GameDoc.bot`). */
  readonly bot?: BotSeat;
  /** Extra keys the game was reserved under (`reserve`), released when it ends. */
  readonly counted?: readonly string[];
  /** A tournament's game (its results go to the tournament; no rematch); `berserkable`: an arena's. */
  readonly tournamentId?: string;
  readonly berserkable?: boolean;
}

const firstTurnBudgets = (state: GameState) => ({ white: comingTurnBudget(state, 'white'), black: comingTurnBudget(state, 'black') });

/** A variant's start as every game of it without a custom start begins. */
interface VariantStart {
  readonly state: GameState;
  readonly initialFen: string;
  readonly encoded: string;
}

/**
 * Each variant's start, worked out once (a rules state is never mutated, so every game may share
 * it): a tournament wave starts hundreds of games at once, and each worked out its start anew
 * (some 30 µs, a fifth of a wave's own work on a game, in bench:arena's profile).
 */
const starts = new Map<VariantId, VariantStart>();

function startOf(variant: VariantId, custom: { fen: string; turn: number } | null): VariantStart {
  const known = custom === null ? starts.get(variant) : undefined;
  if (known) return known;
  const res = newGame(variant, custom ?? {});
  if (!res.ok) fail('bad-request', res.error.message);
  const start = { state: res.value, initialFen: fen(res.value), encoded: encodeState(res.value) };
  if (custom === null) starts.set(variant, start);
  return start;
}

/** A new game's document and its rules state, as created at `now` (refused: `bad-request` for a custom start the rules refuse). */
export function newGameDoc(id: string, opts: CreateGameOptions, now: number, firstMoveGraceMs: number): { doc: GameDoc; state: GameState } {
  const custom = opts.fen === undefined ? null : { fen: opts.fen, turn: opts.turn ?? 1 };
  const { state, initialFen, encoded } = startOf(opts.variant, custom);
  const timed = hasFirstMoveGrace(opts.timeControl);
  const clock = initClock(opts.timeControl, firstTurnBudgets(state));
  const created: GameDoc = {
    id,
    variant: opts.variant,
    timeControl: opts.timeControl,
    players: { white: opts.white, black: opts.black },
    initialFen,
    initialTurn: state.turn,
    custom,
    state: encoded,
    turn: state.turn,
    clock,
    passes: [],
    turnStarts: [turnStartOf(state.turn, clock)],
    started: { white: false, black: false },
    graceDeadline: timed ? now + firstMoveGraceMs : null,
    status: 'playing',
    outcome: null,
    drawOffer: null,
    rematchOffer: null,
    rematchGameId: null,
    createdAt: now,
    ...(opts.private === true ? { private: true } : {}),
    ...(opts.rated ? { rated: true } : {}),
    ...(opts.bot ? { bot: opts.bot } : {}),
    ...(opts.counted?.length ? { counted: opts.counted } : {}),
    ...(opts.tournamentId === undefined ? {} : { tournamentId: opts.tournamentId }),
    ...(opts.berserkable === true ? { berserkable: true } : {}),
  };
  return { doc: created, state };
}
