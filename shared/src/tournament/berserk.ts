import type { TimeControl } from '../clock/time-control.js';

/** The clock of a player who berserked, in milliseconds. */
export type BerserkClock =
  /** Fischer: the time to start with and the increment per move. */
  | { readonly kind: 'fischer'; readonly initialMs: number; readonly incrementMs: number }
  /** Per-turn: each turn's budget is `baseMs + perMoveMs × series length`. */
  | { readonly kind: 'per-turn'; readonly baseMs: number; readonly perMoveMs: number };

const SECOND = 1000;

/**
 * The berserking player's own clock, or null where berserk is not allowed (untimed and
 * correspondence games). Fischer, as lichess: the increment is dropped, and the initial time is
 * halved unless it is under 40 increments (then only the increment goes: 1+2 keeps its minute, 3+2
 * becomes 1.5+0). Per-turn: half of every turn's budget (base and per move).
 */
export function berserkClock(control: TimeControl): BerserkClock | null {
  switch (control.kind) {
    case 'fischer': {
      const halved = control.initial >= 40 * control.increment;
      return { kind: 'fischer', initialMs: (control.initial * SECOND) / (halved ? 2 : 1), incrementMs: 0 };
    }
    case 'per-turn':
      return { kind: 'per-turn', baseMs: (control.base * SECOND) / 2, perMoveMs: (control.perMove * SECOND) / 2 };
    default:
      return null;
  }
}
