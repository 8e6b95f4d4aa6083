import { timeControlSchema } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { CUSTOM_INPUTS, PRESETS, customControl, type TimeKind } from './presets.js';

const valid = (kind: TimeKind, a: number, b: number): boolean => timeControlSchema.safeParse(customControl(kind, a, b)).success;

describe('the seek form and the server accept the same time controls (shared TIME_CONTROL_BOUNDS)', () => {
  it('every preset is a valid time control', () => {
    for (const p of PRESETS) expect(timeControlSchema.safeParse(p.tc).success, p.id).toBe(true);
  });

  it("each custom input's min and max make a valid control, one step beyond does not", () => {
    expect(valid('fischer', CUSTOM_INPUTS.fischer[0]!.min, 0)).toBe(true); // 10 s, not 1 min
    expect(customControl('fischer', CUSTOM_INPUTS.fischer[0]!.min, 0)).toEqual({ kind: 'fischer', initial: 10, increment: 0 });
    expect(valid('fischer', CUSTOM_INPUTS.fischer[0]!.max, CUSTOM_INPUTS.fischer[1]!.max)).toBe(true);
    expect(valid('fischer', CUSTOM_INPUTS.fischer[0]!.max + 1, 0)).toBe(false);
    expect(valid('fischer', 5, CUSTOM_INPUTS.fischer[1]!.max + 1)).toBe(false);
    const [base, perMove] = CUSTOM_INPUTS['per-turn'];
    expect(valid('per-turn', base!.max, perMove!.max)).toBe(true);
    expect(valid('per-turn', base!.max + 1, 5)).toBe(false);
    expect(valid('per-turn', 5, perMove!.max + 1)).toBe(false);
    const [days] = CUSTOM_INPUTS.correspondence;
    expect(valid('correspondence', days!.min, 0) && valid('correspondence', days!.max, 0)).toBe(true);
    expect(valid('correspondence', days!.min - 1, 0) || valid('correspondence', days!.max + 1, 0)).toBe(false);
  });
});
