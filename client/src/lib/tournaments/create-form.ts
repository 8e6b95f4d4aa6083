/**
 * The create form's state, the payload it sends, and its check before sending: the shared schema
 * (tournamentCreateSchema) and limits (TOURNAMENT_LIMITS), with each problem in the player's words
 * next to its field. The server checks again and may still refuse (its code is shown then).
 */
import {
  TOURNAMENT_LIMITS as L,
  tournamentCreateSchema,
  tournamentStartProblem,
  type TournamentCreate,
  type TournamentKind,
  type VariantId,
} from '@progressive-chess/shared';
import { m } from '../i18n.svelte.js';
import { customControl, type TimeKind } from '../presets.js';

export type ClockKind = Exclude<TimeKind, 'none'>;

export interface CreateForm {
  name: string;
  kind: TournamentKind;
  variant: VariantId;
  clock: ClockKind;
  /** The clock's two numbers, in the units of the seek form's custom clock (presets.ts CUSTOM_INPUTS). */
  a: number;
  b: number;
  /** Epoch ms. */
  startsAt: number;
  minutes: number;
  rounds: number;
  double: boolean;
  roundDays: number;
  rated: boolean;
  allowBots: boolean;
}

/** The fields a problem is shown next to. */
export type CreateField = 'name' | 'startsAt' | 'minutes' | 'rounds' | 'roundDays' | 'timeControl' | 'form';

const MINUTE = 60_000;

/** A new form: a 3+2 arena of an hour, starting at the next quarter hour at least the minimum lead ahead. */
export function defaultForm(now: number, variant: VariantId): CreateForm {
  const quarter = 15 * MINUTE;
  return {
    name: '',
    kind: 'arena',
    variant,
    clock: 'fischer',
    a: 3,
    b: 2,
    startsAt: Math.ceil((now + L.minLeadMs) / quarter) * quarter,
    minutes: 60,
    rounds: L.swissRounds.min + 2,
    double: false,
    roundDays: 14,
    rated: true,
    allowBots: false,
  };
}

/** The request the form sends: only the fields its kind and clock have. */
export function createPayload(f: CreateForm): TournamentCreate {
  const correspondence = f.clock === 'correspondence';
  return {
    name: f.name,
    kind: f.kind,
    variant: f.variant,
    timeControl: customControl(f.clock, f.a, f.b),
    startsAt: f.startsAt,
    rated: f.rated,
    allowBots: f.allowBots,
    ...(f.kind === 'arena' ? { minutes: f.minutes } : {}),
    ...(f.kind === 'swiss' ? { rounds: f.rounds } : {}),
    ...(f.kind === 'roundRobin' ? { double: f.double } : {}),
    ...(f.kind !== 'arena' && correspondence ? { roundDays: f.roundDays } : {}),
  };
}

export type CreateCheck =
  | { readonly ok: true; readonly payload: TournamentCreate }
  | { readonly ok: false; readonly field: CreateField; readonly message: string };

const FIELDS: readonly CreateField[] = ['name', 'startsAt', 'minutes', 'rounds', 'roundDays', 'timeControl'];

/** A problem of the schema in words: the bounds it knows, else the schema's own (English) words. */
function worded(field: CreateField, schemaMessage: string): string {
  switch (field) {
    case 'name':
      return m.tournament_bad_name(L.name);
    case 'minutes':
      return m.tournament_bad_minutes(L.arenaMinutes);
    case 'rounds':
      return m.tournament_bad_rounds(L.swissRounds);
    default:
      return m.tournament_bad_field({ problem: schemaMessage });
  }
}

/** Checks the form at `now`, as the server will (schema, then the start's distance). */
export function checkCreate(f: CreateForm, now: number): CreateCheck {
  const payload = createPayload(f);
  const parsed = tournamentCreateSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const head = String(issue?.path[0] ?? 'form');
    const field = FIELDS.find((x) => x === head) ?? 'form';
    return { ok: false, field, message: worded(field, issue?.message ?? '') };
  }
  if (tournamentStartProblem(f.startsAt, now) !== null) {
    return { ok: false, field: 'startsAt', message: m.tournament_bad_start({ minutes: L.minLeadMs / MINUTE, days: L.maxLeadMs / (1440 * MINUTE) }) };
  }
  return { ok: true, payload: parsed.data };
}

/** A `datetime-local` input's value for an epoch ms, in this browser's time zone. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Epoch ms of a `datetime-local` value (this browser's time zone); NaN when empty or invalid. */
export const fromLocalInput = (value: string): number => (value === '' ? Number.NaN : new Date(value).getTime());
