import { describe, expect, it } from 'vitest';
import { m } from '../i18n.svelte.js';
import { Ticker, clockFace, countdownParts } from './countdown.svelte.js';
import { summary } from './fixtures.js';
import { countdownLine, countdownText } from './tournament-text.js';

const S = 1000;
const H = 3600 * S;

/** A clock and interval timers the test moves by hand. */
function fakeClock(start: number) {
  let now = start;
  const timers = new Set<{ fn: () => void; ms: number; next: number }>();
  return {
    deps: {
      now: () => now,
      every: (fn: () => void, ms: number) => {
        const t = { fn, ms, next: now + ms };
        timers.add(t);
        return () => timers.delete(t);
      },
    },
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.fn();
      }
      now = end;
    },
    get timers() {
      return timers.size;
    },
  };
}

describe('countdowns', () => {
  it('splits the time left, rounded up to the second, never below zero', () => {
    expect(countdownParts(90 * S + 1, 0)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 31, done: false });
    expect(countdownParts(2 * 86_400 * S + 3 * H + 4 * 60 * S + 5 * S, 0)).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(5, 10)).toMatchObject({ seconds: 0, done: true });
    expect(clockFace(countdownParts(65 * S, 0))).toBe('01:05');
    expect(clockFace(countdownParts(H + 65 * S, 0))).toBe('1:01:05');
    expect(countdownText(86_400 * S + 65 * S, 0)).toBe('1 day 00:01:05');
  });

  it('counts down to an upcoming start and a running arena\'s end, driven by an injected clock', () => {
    const clock = fakeClock(0);
    const ticker = new Ticker(clock.deps);
    const upcoming = summary({ status: 'upcoming', startsAt: 10 * S, endsAt: 10 * S + H });
    const stop = ticker.start();
    expect(countdownLine(upcoming, ticker.now)).toBe(m.tournament_starts_in({ time: '00:10' }));
    clock.advance(3 * S);
    expect(countdownLine(upcoming, ticker.now)).toBe('Starts in 00:07');
    clock.advance(7 * S);
    expect(countdownLine(upcoming, ticker.now)).toBe('Starting…');
    const running = { ...upcoming, status: 'running' as const };
    expect(countdownLine(running, ticker.now)).toBe('Ends in 1:00:00');
    expect(countdownLine({ ...running, status: 'finished' }, ticker.now)).toBeNull();
    // a Swiss in play has no end to count down to
    expect(countdownLine({ ...running, kind: 'swiss', endsAt: null }, ticker.now)).toBeNull();
    stop();
    expect(clock.timers).toBe(0);
    clock.advance(5 * S);
    expect(ticker.now).toBe(10 * S);
  });
});
