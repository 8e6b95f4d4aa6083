import { TIME_CONTROL_BOUNDS as B, type TimeControl } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

// Texts are getters: they read the current language each time they are shown.

/** Time-control presets of the seek form (custom values are possible too). */
export interface Preset {
  readonly id: string;
  /** Chip text inside its group. */
  readonly short: string;
  readonly tc: TimeControl;
}

export const PRESET_GROUPS: ReadonlyArray<{ readonly title: string; readonly presets: readonly Preset[] }> = [
  {
    get title() {
      return m.group_fischer();
    },
    presets: [
      { id: 'f3+2', short: '3+2', tc: { kind: 'fischer', initial: 180, increment: 2 } },
      { id: 'f5+3', short: '5+3', tc: { kind: 'fischer', initial: 300, increment: 3 } },
      { id: 'f10+5', short: '10+5', tc: { kind: 'fischer', initial: 600, increment: 5 } },
      { id: 'f15+10', short: '15+10', tc: { kind: 'fischer', initial: 900, increment: 10 } },
    ],
  },
  {
    get title() {
      return m.group_per_turn();
    },
    presets: [
      { id: 't20+5', get short() { return m.preset_per_turn({ base: 20, perMove: 5 }); }, tc: { kind: 'per-turn', base: 20, perMove: 5 } },
      { id: 't60+10', get short() { return m.preset_per_turn_min({ base: 1, perMove: 10 }); }, tc: { kind: 'per-turn', base: 60, perMove: 10 } },
    ],
  },
  {
    get title() {
      return m.group_slow();
    },
    presets: [
      { id: 'c1', get short() { return m.preset_days({ days: 1 }); }, tc: { kind: 'correspondence', daysPerTurn: 1 } },
      { id: 'c3', get short() { return m.preset_days({ days: 3 }); }, tc: { kind: 'correspondence', daysPerTurn: 3 } },
      { id: 'none', get short() { return m.no_clock(); }, tc: { kind: 'none' } },
    ],
  },
];

export const PRESETS: readonly Preset[] = PRESET_GROUPS.flatMap((g) => g.presets);

export type TimeKind = TimeControl['kind'];

/** The two numbers of the custom form when its kind is chosen (minutes+s, s+s, days). */
export const CUSTOM_DEFAULTS: Record<TimeKind, readonly [number, number]> = {
  fischer: [5, 3],
  'per-turn': [30, 5],
  correspondence: [2, 0],
  none: [0, 0],
};

/** One number input of the custom form: its label and bounds, in the input's unit. */
export interface CustomInput {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** 'any' where the unit is coarser than the bound (Fischer minutes: the minimum is 10 s). */
  readonly step: number | 'any';
}

/**
 * The custom form's inputs per kind (a, b), bounded by the shared TIME_CONTROL_BOUNDS in the
 * input's unit (Fischer's initial time in minutes, the rest as the control has it).
 */
export const CUSTOM_INPUTS: Record<TimeKind, readonly CustomInput[]> = {
  fischer: [
    { get label() { return m.input_minutes(); }, min: B.fischer.initial.min / 60, max: B.fischer.initial.max / 60, step: 'any' },
    { get label() { return m.input_increment(); }, ...B.fischer.increment, step: 1 },
  ],
  'per-turn': [
    { get label() { return m.input_base(); }, ...B['per-turn'].base, step: 1 },
    { get label() { return m.input_per_move(); }, ...B['per-turn'].perMove, step: 1 },
  ],
  correspondence: [{ get label() { return m.input_days(); }, ...B.correspondence.daysPerTurn, step: 1 }],
  none: [],
};

/** Builds a custom control from the form's numbers (bounded by the inputs, CUSTOM_INPUTS). */
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

/** Same clock settings (kind and every number). */
export function sameTimeControl(a: TimeControl, b: TimeControl): boolean {
  switch (a.kind) {
    case 'fischer':
      return b.kind === 'fischer' && a.initial === b.initial && a.increment === b.increment;
    case 'per-turn':
      return b.kind === 'per-turn' && a.base === b.base && a.perMove === b.perMove;
    case 'correspondence':
      return b.kind === 'correspondence' && a.daysPerTurn === b.daysPerTurn;
    case 'none':
      return b.kind === 'none';
  }
}

/** The quick-pairing buttons of the lobby: the common controls, one click to play. */
export const QUICK_PAIRINGS: readonly Preset[] = ['f3+2', 'f5+3', 'f10+5', 'f15+10', 't20+5', 't60+10'].flatMap(
  (id) => PRESETS.find((p) => p.id === id) ?? [],
);
