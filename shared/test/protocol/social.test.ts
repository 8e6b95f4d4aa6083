import { describe, expect, it } from 'vitest';
import { REPORT_TEXT_MAX, reportSchema, reportTextSchema, tvQuerySchema } from '../../src/protocol/social.js';

describe('reports', () => {
  it('clean their text as chat lines are: NFC, trimmed, several lines, no control or bidi characters, capped', () => {
    expect(reportTextSchema.parse('  e\u0301  ')).toBe('\u00e9');
    expect(reportTextSchema.parse('line one\nline two')).toBe('line one\nline two');
    expect(reportTextSchema.safeParse('evil \u202e').success).toBe(false);
    expect(reportTextSchema.safeParse('bell \u0007').success).toBe(false);
    expect(reportTextSchema.safeParse('x'.repeat(REPORT_TEXT_MAX)).success).toBe(true);
    expect(reportTextSchema.safeParse('x'.repeat(REPORT_TEXT_MAX + 1)).success).toBe(false);
  });

  it('name a player and a reason, optionally a game', () => {
    expect(reportSchema.parse({ username: 'bob', reason: 'abuse', gameId: 'g1' })).toEqual({ username: 'bob', reason: 'abuse', gameId: 'g1' });
    expect(reportSchema.safeParse({ username: 'bob', reason: 'rude' }).success).toBe(false);
    expect(reportSchema.safeParse({ username: 'bob', reason: 'abuse', extra: 1 }).success).toBe(false);
  });

  it('TV channels are variants', () => {
    expect(tvQuerySchema.parse({ variant: 'italian' })).toEqual({ variant: 'italian' });
    expect(tvQuerySchema.safeParse({ variant: 'nope' }).success).toBe(false);
  });
});
