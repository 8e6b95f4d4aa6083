import type { TimeControl } from '@progressive-chess/shared';

/** Time-control presets of the seek form (custom values are possible too). */
export const PRESETS: ReadonlyArray<{ readonly id: string; readonly tc: TimeControl }> = [
  { id: 'f3+2', tc: { kind: 'fischer', initial: 180, increment: 2 } },
  { id: 'f5+3', tc: { kind: 'fischer', initial: 300, increment: 3 } },
  { id: 'f10+5', tc: { kind: 'fischer', initial: 600, increment: 5 } },
  { id: 'f15+10', tc: { kind: 'fischer', initial: 900, increment: 10 } },
  { id: 't20+5', tc: { kind: 'per-turn', base: 20, perMove: 5 } },
  { id: 't60+10', tc: { kind: 'per-turn', base: 60, perMove: 10 } },
  { id: 'c1', tc: { kind: 'correspondence', daysPerTurn: 1 } },
  { id: 'c3', tc: { kind: 'correspondence', daysPerTurn: 3 } },
  { id: 'none', tc: { kind: 'none' } },
];

export type TimeKind = TimeControl['kind'];

/** Builds a custom control from the form's numbers (already bounded by the inputs). */
export function customControl(kind: TimeKind, a: number, b: number): TimeControl {
  switch (kind) {
    case 'fischer':
      return { kind, initial: Math.round(a * 60), increment: Math.round(b) };
    case 'per-turn':
      return { kind, base: Math.round(a), perMove: Math.round(b) };
    case 'correspondence':
      return { kind, daysPerTurn: Math.round(a) };
    case 'none':
      return { kind };
  }
}
