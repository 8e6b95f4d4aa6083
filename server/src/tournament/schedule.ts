import { VARIANT_IDS, type TimeControl, type VariantId } from '@progressive-chess/shared';
import type { TournamentKindId } from './tournament-record.js';

/*
 * The operator's recurring events (TOURNAMENT_SCHEDULE), one entry per `;`:
 *   <kind> <variant> <time control> <when> [<n>m | <n>r | <n>d] [casual] [bots]
 * kind: arena | swiss | roundrobin; time control: `3+2` (minutes + seconds increment) or `1d`
 * (correspondence days per turn); when (UTC): `hourly[:MM]`, `daily[@HH:MM]`, `weekly[@<day>HH:MM]`
 * (day: mon..sun); `<n>m` an arena's minutes (default 57), `<n>r` a Swiss's rounds (default 5),
 * `<n>d` a correspondence round's deadline in days. E.g. `arena scottish 3+2 hourly; swiss italian 5+3 weekly@sat18:00 7r`.
 */

export type Recurrence = { readonly every: 'hourly'; readonly minute: number } | { readonly every: 'daily'; readonly hour: number; readonly minute: number } | {
  readonly every: 'weekly';
  /** 0 Sunday ... 6 Saturday (Date.getUTCDay). */
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
};

export interface ScheduledEvent {
  /** The entry as written (trimmed): with the start time, the key that makes each occurrence once. */
  readonly text: string;
  readonly kind: TournamentKindId;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  readonly when: Recurrence;
  readonly minutes?: number;
  readonly rounds?: number;
  readonly roundDays?: number;
  readonly rated: boolean;
  readonly allowBots: boolean;
}

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const KINDS: Record<string, TournamentKindId> = { arena: 'arena', swiss: 'swiss', roundrobin: 'roundRobin' };
export const DEFAULT_ARENA_MINUTES = 57;
export const DEFAULT_SWISS_ROUNDS = 5;

function timeControlOf(s: string): TimeControl {
  const live = /^(\d+)\+(\d+)$/.exec(s);
  if (live) return { kind: 'fischer', initial: Number(live[1]) * 60, increment: Number(live[2]) };
  const days = /^(\d+)d$/.exec(s);
  if (days) return { kind: 'correspondence', daysPerTurn: Number(days[1]) };
  throw new Error(`time control "${s}" is not minutes+increment (3+2) or days (1d)`);
}

function clockOf(s: string | undefined, what: string): { hour: number; minute: number } {
  if (s === undefined) return { hour: 0, minute: 0 };
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`${what}: "${s}" is not HH:MM`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

function recurrenceOf(s: string): Recurrence {
  const hourly = /^hourly(?::(\d{2}))?$/.exec(s);
  if (hourly) {
    const minute = Number(hourly[1] ?? 0);
    if (minute > 59) throw new Error(`"${s}": the minute must be 00..59`);
    return { every: 'hourly', minute };
  }
  const daily = /^daily(?:@(.+))?$/.exec(s);
  if (daily) return { every: 'daily', ...clockOf(daily[1], s) };
  const weekly = /^weekly(?:@([a-z]{3})(.+))?$/.exec(s);
  if (weekly) {
    const day = weekly[1] === undefined ? 1 : DAYS.indexOf(weekly[1]);
    if (day < 0) throw new Error(`"${s}": the day must be one of ${DAYS.join(', ')}`);
    return { every: 'weekly', day, ...clockOf(weekly[2], s) };
  }
  throw new Error(`"${s}" is not hourly[:MM], daily[@HH:MM] or weekly[@dayHH:MM]`);
}

function entryOf(text: string): ScheduledEvent {
  const [kindWord, variantWord, tcWord, whenWord, ...rest] = text.split(/\s+/);
  const kind = KINDS[kindWord ?? ''];
  if (kind === undefined) throw new Error(`"${text}": the kind must be arena, swiss or roundrobin`);
  const variant = VARIANT_IDS.find((v) => v === variantWord);
  if (variant === undefined) throw new Error(`"${text}": the variant must be one of ${VARIANT_IDS.join(', ')}`);
  if (tcWord === undefined || whenWord === undefined) throw new Error(`"${text}": a time control and a recurrence are needed`);
  const timeControl = timeControlOf(tcWord);
  const when = recurrenceOf(whenWord);
  let minutes: number | undefined;
  let rounds: number | undefined;
  let roundDays: number | undefined;
  let rated = true;
  let allowBots = false;
  for (const w of rest) {
    const n = /^(\d+)([mrd])$/.exec(w);
    if (n?.[2] === 'm') minutes = Number(n[1]);
    else if (n?.[2] === 'r') rounds = Number(n[1]);
    else if (n?.[2] === 'd') roundDays = Number(n[1]);
    else if (w === 'casual') rated = false;
    else if (w === 'bots') allowBots = true;
    else throw new Error(`"${text}": unknown option "${w}"`);
  }
  if (kind === 'arena' && timeControl.kind === 'correspondence') throw new Error(`"${text}": an arena is live`);
  return {
    text,
    kind,
    variant,
    timeControl,
    when,
    rated,
    allowBots,
    ...(kind === 'arena' ? { minutes: minutes ?? DEFAULT_ARENA_MINUTES } : {}),
    ...(kind === 'swiss' ? { rounds: rounds ?? DEFAULT_SWISS_ROUNDS } : {}),
    ...(roundDays === undefined ? {} : { roundDays }),
  };
}

/** Parses TOURNAMENT_SCHEDULE (throws a sentence naming the bad entry). Empty: none. */
export function parseSchedule(raw: string): ScheduledEvent[] {
  return raw
    .split(';')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '')
    .map(entryOf);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first start of `when` at or after `from` (epoch ms, UTC). */
export function nextOccurrence(when: Recurrence, from: number): number {
  const d = new Date(from);
  if (when.every === 'hourly') {
    const t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), when.minute);
    return t >= from ? t : t + HOUR;
  }
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), when.hour, when.minute);
  if (when.every === 'daily') return today >= from ? today : today + DAY;
  const t = today + ((when.day - d.getUTCDay() + 7) % 7) * DAY;
  return t >= from ? t : t + 7 * DAY;
}

/** The display name of an occurrence (e.g. "Hourly Scottish Arena"). */
export function scheduledName(e: ScheduledEvent): string {
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  const kind = e.kind === 'roundRobin' ? 'Round Robin' : cap(e.kind);
  return `${cap(e.when.every)} ${e.variant.split('-').map(cap).join(' ')} ${kind}`;
}
