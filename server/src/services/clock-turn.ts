import { remainingMs, stopClock, type ClockState } from '@progressive-chess/shared';

/**
 * The clock's `endTurn` (RULES.md section 6: stop, Fischer credits the increment per move played).
 * The shared index also exports the rules' `endTurn`, so the clock's one is not importable by
 * that name through the package index; this bridge keeps the server on public names only.
 */
export function endClockTurn(clock: ClockState, movesPlayed: number, now: number): ClockState {
  const side = clock.running;
  const stopped = stopClock(clock, now);
  const c = clock.control;
  if (side === null || c.kind !== 'fischer') return stopped;
  const left = remainingMs(clock, side, now);
  if (left <= 0) return stopped;
  return { ...stopped, remaining: { ...stopped.remaining, [side]: left + c.increment * 1000 * Math.max(0, movesPlayed) } };
}
