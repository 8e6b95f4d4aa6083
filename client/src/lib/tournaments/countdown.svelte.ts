/**
 * Countdowns of the tournament pages (to a start, to an arena's end): the time left split into
 * days and a clock face, and a ticking "now" whose clock and timers are injected (tests drive them).
 */

export interface CountdownParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  /** The moment has come (nothing left). */
  readonly done: boolean;
}

/** The time from `now` to `target` (both epoch ms), rounded up to the second; never negative. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The clock face of a countdown without its days (worded by the caller): "1:02:03", "02:03";
 * `hours`: always with the hours, two digits ("00:02:03", after a number of days).
 */
export function clockFace(c: CountdownParts, hours = false): string {
  const ms = `${two(c.minutes)}:${two(c.seconds)}`;
  if (hours) return `${two(c.hours)}:${ms}`;
  return c.hours > 0 ? `${c.hours}:${ms}` : ms;
}

export interface TickerDeps {
  readonly now: () => number;
  readonly every: (fn: () => void, ms: number) => () => void;
}

const realDeps: TickerDeps = {
  now: () => Date.now(),
  every: (fn, ms) => {
    const t = setInterval(fn, ms);
    return () => clearInterval(t);
  },
};

/** A reactive "now" that ticks once a second while started (a page starts it in an effect). */
export class Ticker {
  now = $state(0);
  readonly #deps: TickerDeps;
  readonly #ms: number;

  constructor(deps: TickerDeps = realDeps, ms = 1000) {
    this.#deps = deps;
    this.#ms = ms;
    this.now = deps.now();
  }

  /** Starts ticking; returns the stop (an effect's cleanup). */
  start(): () => void {
    this.now = this.#deps.now();
    return this.#deps.every(() => (this.now = this.#deps.now()), this.#ms);
  }
}
