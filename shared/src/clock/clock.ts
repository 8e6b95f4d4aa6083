import type { Color } from '../chess/types.js';
import type { ClockView } from '../protocol/types.js';
import type { TimeControl } from './time-control.js';

/**
 * Clock arithmetic of docs/rules.md section 9 as pure functions of (clock, event, now).
 * Times are epoch milliseconds passed in by the caller; nothing here reads a clock.
 * The clock of the side whose turn it is runs during the whole series and stops when
 * the turn ends.
 */
export interface ClockState {
  readonly control: TimeControl;
  /** Milliseconds left; for the running side, as of `since`. */
  readonly remaining: { readonly white: number; readonly black: number };
  readonly running: Color | null;
  readonly since: number | null;
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/** The fresh budget a turn gets under per-turn and correspondence controls (ms), or null. */
export function turnBudgetMs(control: TimeControl, budget: number): number | null {
  switch (control.kind) {
    case 'per-turn':
      return (control.base + control.perMove * budget) * SECOND;
    case 'correspondence':
      return control.daysPerTurn * DAY;
    default:
      return null;
  }
}

/**
 * A game's clocks before anyone has moved. `firstBudgets`: each side's first-turn budget (moves or
 * points), so that a per-turn side holds its own first turn's time until its clock starts.
 */
export function initClock(control: TimeControl, firstBudgets: { readonly white: number; readonly black: number } = { white: 1, black: 1 }): ClockState {
  const start = (budget: number): number =>
    control.kind === 'fischer' ? control.initial * SECOND : (turnBudgetMs(control, budget) ?? 0);
  return { control, remaining: { white: start(firstBudgets.white), black: start(firstBudgets.black) }, running: null, since: null };
}

/**
 * `remaining` with `side`'s time set. (Clocks are built field by field, not spread: they change on
 * every turn, and V8 copies an object made by a spread much more slowly than one made by a literal.)
 */
function withRemaining(remaining: ClockState['remaining'], side: Color, ms: number): ClockState['remaining'] {
  return side === 'white' ? { white: ms, black: remaining.black } : { white: remaining.white, black: ms };
}

/** Starts `color`'s clock for a turn of `budget` moves (or points). Untimed clocks never run. */
export function startClockTurn(clock: ClockState, color: Color, budget: number, now: number): ClockState {
  if (clock.control.kind === 'none') return clock;
  const fresh = turnBudgetMs(clock.control, budget);
  const remaining = fresh === null ? clock.remaining : withRemaining(clock.remaining, color, fresh);
  return { control: clock.control, remaining, running: color, since: now };
}

function stopped(clock: ClockState, side: Color, left: number): ClockState {
  return { control: clock.control, remaining: withRemaining(clock.remaining, side, left), running: null, since: null };
}

/** Ends the running turn; Fischer credits `increment` per move played in it (not after a flag). */
export function endClockTurn(clock: ClockState, movesPlayed: number, now: number): ClockState {
  const side = clock.running;
  if (side === null) return clock;
  const c = clock.control;
  const left = remainingMs(clock, side, now);
  const bonus = c.kind === 'fischer' && left > 0 ? c.increment * SECOND * Math.max(0, movesPlayed) : 0;
  return stopped(clock, side, left + bonus);
}

/** Stops the clock at the end of the game (no increment). */
export function stopClock(clock: ClockState, now: number): ClockState {
  const side = clock.running;
  return side === null ? clock : stopped(clock, side, remainingMs(clock, side, now));
}

/** Time left of `base` ms at `now` when it runs since `since` (null: stopped); never negative. */
const leftAt = (base: number, since: number | null, now: number): number =>
  Math.max(0, since === null ? base : base - Math.max(0, now - since));

/** Milliseconds `color` has left at `now`; never negative. */
export function remainingMs(clock: ClockState, color: Color, now: number): number {
  return leftAt(clock.remaining[color], clock.running === color ? clock.since : null, now);
}

/** Milliseconds `color` has left at server time `serverNow`, from a `clockView` (what clients get). */
export function viewRemainingMs(view: ClockView, color: Color, serverNow: number): number {
  return leftAt(view[color], view.running === color ? view.serverNow : null, serverNow);
}

/** The running side when its time is used up at `now`, else null. */
export function flaggedSide(clock: ClockState, now: number): Color | null {
  const side = clock.running;
  return side !== null && remainingMs(clock, side, now) <= 0 ? side : null;
}

/** When the running side flags (epoch ms), or null when no clock runs. */
export function clockDeadline(clock: ClockState): number | null {
  if (clock.running === null || clock.since === null) return null;
  return clock.since + clock.remaining[clock.running];
}

/** What clients see of `clock` at `now`; `firstMoveBy`: the running first-move deadline (null: none). */
export function clockView(clock: ClockState, now: number, firstMoveBy: number | null = null): ClockView {
  const view = {
    white: remainingMs(clock, 'white', now),
    black: remainingMs(clock, 'black', now),
    running: clock.running,
    serverNow: now,
  };
  return firstMoveBy === null ? view : { ...view, firstMoveBy };
}

/** What `game:giveTime` adds to the opponent's clock. */
export const GIVE_TIME_MS = 15_000;
/** `game:giveTime` never takes a clock above this (the longest starting time a game may have). */
export const GIVE_TIME_MAX_MS = 3 * 3600 * SECOND;

/**
 * `color`'s clock with `GIVE_TIME_MS` more, or null when there is none to give to: a live timed
 * game only (Fischer, and per-turn while that side's turn runs, since a per-turn clock starts each
 * turn afresh), and never above `GIVE_TIME_MAX_MS`.
 */
export function giveTime(clock: ClockState, color: Color, now: number): ClockState | null {
  const c = clock.control;
  if (c.kind !== 'fischer' && !(c.kind === 'per-turn' && clock.running === color)) return null;
  const left = remainingMs(clock, color, now);
  if (left + GIVE_TIME_MS > GIVE_TIME_MAX_MS) return null;
  return { control: c, remaining: withRemaining(clock.remaining, color, clock.remaining[color] + GIVE_TIME_MS), running: clock.running, since: clock.since };
}
