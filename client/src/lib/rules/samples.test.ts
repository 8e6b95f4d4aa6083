import { VARIANT_IDS } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { RULE_SAMPLES, playSample, samplesFor } from './samples.js';

describe('rules samples (played by the shared rules)', () => {
  it.each(RULE_SAMPLES.map((s) => [s.id, s] as const))('%s is legal and ends as its caption says', (_id, sample) => {
    const played = playSample(sample);
    if (!played.ok) throw new Error(played.error);
    const last = played.frames.at(-1);
    if (sample.ends === 'series') {
      expect(last?.turnEnded).toBe(true);
      expect(last?.state.outcome).toBeNull();
    } else {
      expect(last?.state.outcome).toEqual(sample.ends);
      // It ends with its last move, not before.
      expect(played.frames.slice(0, -1).every((f) => f.state.outcome === null)).toBe(true);
    }
    if (sample.cycleAfter !== undefined) {
      expect(played.frames.map((f) => f.cycleEnded).indexOf(true)).toBe(sample.cycleAfter);
      expect(played.frames[sample.cycleAfter]?.turnEnded).toBe(false);
    }
  });

  it('a refused step is named', () => {
    const first = RULE_SAMPLES[0];
    if (!first) throw new Error('no samples');
    expect(playSample({ ...first, steps: ['e4', 'Ke2'] })).toMatchObject({ ok: false, error: expect.stringMatching(/^Ke2: /) });
  });

  it('every variant has a sample of its own', () => {
    for (const v of VARIANT_IDS) expect(samplesFor(v).length).toBeGreaterThan(0);
    expect(samplesFor(null)).toHaveLength(RULE_SAMPLES.length);
  });
});
