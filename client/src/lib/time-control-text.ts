import type { TimeControl } from '@progressive-chess/shared';

function duration(seconds: number): string {
  if (seconds % 60 === 0 && seconds >= 60) return `${seconds / 60} min`;
  if (seconds > 60) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${seconds} s`;
}

/** Short label, lichess style: "5+3", "20s+5s/move per turn", "3 days per turn", "Unlimited". */
export function timeControlLabel(tc: TimeControl): string {
  switch (tc.kind) {
    case 'fischer': {
      const min = tc.initial / 60;
      const init = Number.isInteger(min) ? `${min}` : `${Math.round(min * 100) / 100}`;
      return `${init}+${tc.increment}`;
    }
    case 'per-turn':
      return tc.perMove > 0 ? `${duration(tc.base)} + ${tc.perMove} s/move per turn` : `${duration(tc.base)} per turn`;
    case 'correspondence':
      return tc.daysPerTurn === 1 ? '1 day per turn' : `${tc.daysPerTurn} days per turn`;
    case 'none':
      return 'Unlimited';
  }
}

/** Longer explanation for the seek form. */
export function timeControlHelp(tc: TimeControl): string {
  switch (tc.kind) {
    case 'fischer':
      return `${duration(tc.initial)} each, plus ${tc.increment} s for every move played in a series.`;
    case 'per-turn':
      return `Every series gets a fresh ${duration(tc.base)}${tc.perMove > 0 ? ` plus ${tc.perMove} s per move of the series` : ''}; unused time is lost.`;
    case 'correspondence':
      return `${tc.daysPerTurn} day${tc.daysPerTurn > 1 ? 's' : ''} for each series.`;
    case 'none':
      return 'No clock.';
  }
}

/** mm:ss, h:mm:ss, days; tenths of a second under 10 s. */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const total = Math.floor(t / 1000);
  const days = Math.floor(total / 86_400);
  if (days >= 1) return `${days}d ${Math.floor((total % 86_400) / 3600)}h`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
