/*
 * Takebacks in progressive terms (docs/rules.md, "Takebacks"): what a takeback restores, pure.
 *
 * A takeback restores the start of one turn: the rules state (board, series, English cycle, cost
 * points, ten-turn and repetition counts) is the replay of the moves before it; the clocks are each
 * side's time left when that turn started (`TurnStartClock`, kept by the server at every turn start).
 */
import { parseUci, type Color } from '../chess/index.js';
import type { ClockState } from '../clock/clock.js';
import type { ClockView, MoveRecord, TakebackEvent } from '../protocol/types.js';

export type { TakebackEvent };
import { endTurn, newGame, play } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import type { VariantId } from '../rules/variant-ids.js';
import { colorOfTurn } from '../rules/variants.js';
import { err, ok, type Result } from '../result.js';

/** Each side's time left (ms) when turn `turn` started: `[turn, white, black]`. */
export type TurnStartClock = readonly [turn: number, white: number, black: number];

/** Why a takeback cannot be offered (or accepted) now; null: it can. */
export type TakebackBar = 'game-over' | 'rated' | 'tournament' | 'no-series';

/** The game facts that decide whether a takeback may be asked for at all. */
export interface TakebackGame {
  readonly rated?: boolean;
  /** A tournament game (a field a later GameDoc may carry). */
  readonly tournamentId?: string;
  readonly over: boolean;
  readonly initialTurn: number;
}

/**
 * The turn whose start a takeback by `by` restores, or null when `by` has not started a series yet:
 * - `by`'s own series in progress (at least one move): the start of that series;
 * - `by` to move with no move made yet: the start of `by`'s previous series (the opponent's series
 *   after it is taken back too);
 * - the opponent's turn (started or not): the start of `by`'s last series (the opponent's moves
 *   since are taken back too).
 */
export function takebackTurn(state: Pick<GameState, 'turn' | 'color' | 'moveIndex'>, by: Color, initialTurn: number): number | null {
  const target = state.color !== by ? state.turn - 1 : state.moveIndex > 0 ? state.turn : state.turn - 2;
  return target >= initialTurn && colorOfTurn(target) === by ? target : null;
}

/** Why `by` may not ask for (or be granted) a takeback now, or null. */
export function takebackBar(game: TakebackGame, state: Pick<GameState, 'turn' | 'color' | 'moveIndex'>, by: Color): TakebackBar | null {
  if (game.over) return 'game-over';
  if (game.rated === true) return 'rated';
  if (game.tournamentId !== undefined) return 'tournament';
  return takebackTurn(state, by, game.initialTurn) === null ? 'no-series' : null;
}

/** What is left once the moves from `turn` on are taken back. */
export interface TakenBack {
  /** The rules state at the start of `turn`. */
  readonly state: GameState;
  /** Move-log entries kept (those of the turns before `turn`). */
  readonly moves: number;
  /** The passes kept (log lengths, as `GameDoc.passes`). */
  readonly passes: readonly number[];
}

export interface ReplaySource {
  readonly variant: VariantId;
  readonly initialFen: string;
  readonly initialTurn: number;
  /** The move log (only `uci` and `turn` are read). */
  readonly moves: readonly Pick<MoveRecord, 'uci' | 'turn'>[];
  readonly passes: readonly number[];
}

/**
 * The game at the start of `turn`: the moves of the turns before it replayed from the start
 * (nothing is stored per move for this; a takeback pays for the replay). Fails only on a log the
 * rules do not accept (a server fault).
 */
export function replayToTurn(game: ReplaySource, turn: number): Result<TakenBack, string> {
  const kept = game.moves.findIndex((m) => m.turn >= turn);
  const moves = kept === -1 ? game.moves.length : kept;
  // a pass after `moves` entries ended the turn before `turn` (a pass in `turn` follows a move of it)
  const passes = game.passes.filter((p) => p <= moves);
  const start = newGame(game.variant, { fen: game.initialFen, turn: game.initialTurn });
  if (!start.ok) return err(start.error.message);
  let state = start.value;
  const passAt = new Set(passes);
  for (let i = 0; i <= moves; i++) {
    if (passAt.has(i) && state.moveIndex > 0) {
      const passed = endTurn(state);
      if (!passed.ok) return err(`pass after ${i} moves: ${passed.error.message}`);
      state = passed.value.state;
    }
    if (i === moves) break;
    const uci = game.moves[i]?.uci ?? '';
    const move = parseUci(uci);
    const r = move ? play(state, move) : null;
    if (!r?.ok) return err(`move ${i + 1} (${uci}) does not replay`);
    state = r.value.state;
  }
  if (state.turn !== turn || state.moveIndex !== 0 || state.outcome !== null) return err(`the log does not reach the start of turn ${turn}`);
  return ok({ state, moves, passes });
}

/**
 * The clocks at `now` after a takeback to the start of `start[0]`: each side's time left as it was
 * then, the mover's clock running from `now` when that side had already started (else stopped: its
 * first-move grace applies again).
 */
export function restoredClock(clock: ClockState, start: TurnStartClock, moverStarted: boolean, now: number): ClockState {
  const remaining = { white: start[1], black: start[2] };
  const running = clock.control.kind !== 'none' && moverStarted ? colorOfTurn(start[0]) : null;
  return { control: clock.control, remaining, running, since: running === null ? null : now };
}

/** Whether `color` had made a move before turn `turn` of a game that started at `initialTurn`. */
export function startedBefore(color: Color, turn: number, initialTurn: number): boolean {
  const first = colorOfTurn(initialTurn) === color ? initialTurn : initialTurn + 1;
  return first < turn;
}


/** The parts of a game's view a takeback changes besides the rules state (the client's `GameView`, the server's doc). */
export interface TakebackView {
  readonly moves: readonly MoveRecord[];
  readonly clocks: ClockView;
  readonly drawOffer: Color | null;
  readonly takebackOffer: Color | null;
}

/**
 * A takeback applied to a view: the log cut, the clocks of the turn start, every standing offer
 * gone (the caller takes `e.state`, encoded or decoded). The one definition of the event's effect:
 * the reducer (`applyGameEvent`) and the server's decision both use it.
 */
export function applyTakeback<V extends TakebackView>(view: V, e: TakebackEvent): V {
  return { ...view, moves: view.moves.slice(0, e.moves), clocks: e.clocks, drawOffer: null, takebackOffer: null };
}
