import type { TimeControl } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

function duration(seconds: number): string {
  if (seconds % 60 === 0 && seconds >= 60) return m.tc_minutes({ min: seconds / 60 });
  if (seconds > 60) return m.tc_minutes_seconds({ min: Math.floor(seconds / 60), sec: seconds % 60 });
  return m.tc_seconds({ sec: seconds });
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
      return tc.perMove > 0 ? m.tc_per_turn_plus({ base: duration(tc.base), perMove: tc.perMove }) : m.tc_per_turn({ base: duration(tc.base) });
    case 'correspondence':
      return m.tc_days_per_turn({ days: tc.daysPerTurn });
    case 'none':
      return m.tc_unlimited();
  }
}

/** Longer explanation for the seek form. */
export function timeControlHelp(tc: TimeControl): string {
  switch (tc.kind) {
    case 'fischer':
      return m.tc_help_fischer({ initial: duration(tc.initial), increment: tc.increment });
    case 'per-turn':
      return tc.perMove > 0
        ? m.tc_help_per_turn_plus({ base: duration(tc.base), perMove: tc.perMove })
        : m.tc_help_per_turn({ base: duration(tc.base) });
    case 'correspondence':
      return m.tc_help_correspondence({ days: tc.daysPerTurn });
    case 'none':
      return m.tc_help_none();
  }
}

/** mm:ss, h:mm:ss, days; tenths of a second under 10 s. */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const total = Math.floor(t / 1000);
  const days = Math.floor(total / 86_400);
  if (days >= 1) return m.clock_days_hours({ days, hours: Math.floor((total % 86_400) / 3600) });
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(min).padStart(2, '0')}:${s}` : `${min}:${s}`;
}
