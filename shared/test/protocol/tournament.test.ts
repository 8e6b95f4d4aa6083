import { describe, expect, it } from 'vitest';
import {
  TOURNAMENT_LIMITS,
  tournamentApiPath,
  tournamentCreateSchema,
  tournamentIdSchema,
  tournamentStartProblem,
} from '../../src/protocol/index.js';

const NOW = 1_800_000_000_000;
const arena = {
  name: 'Hourly Scottish',
  kind: 'arena',
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 180, increment: 2 },
  startsAt: NOW + 10 * 60_000,
  minutes: 60,
};
const swiss = { ...arena, kind: 'swiss', minutes: undefined, rounds: 5 };
const corrRr = { ...arena, kind: 'roundRobin', minutes: undefined, timeControl: { kind: 'correspondence', daysPerTurn: 3 }, roundDays: 60 };

/** The messages of a refused payload, by field. */
function refusals(payload: unknown): Record<string, string> {
  const parsed = tournamentCreateSchema.safeParse(payload);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('tournamentCreateSchema', () => {
  it('accepts a live arena, a Swiss and a correspondence round robin, with rated on and bots off by default', () => {
    const parsed = tournamentCreateSchema.parse(arena);
    expect(parsed).toMatchObject({ rated: true, allowBots: false, minutes: 60 });
    expect(tournamentCreateSchema.safeParse(swiss).success).toBe(true);
    expect(tournamentCreateSchema.safeParse({ ...corrRr, double: true }).success).toBe(true);
  });

  it('refuses settings that do not belong to the kind, with a message on the field', () => {
    expect(Object.keys(refusals({ ...arena, minutes: undefined }))).toEqual(['minutes']);
    expect(Object.keys(refusals({ ...arena, timeControl: { kind: 'correspondence', daysPerTurn: 2 } }))).toEqual(['timeControl']);
    expect(Object.keys(refusals({ ...arena, timeControl: { kind: 'none' } }))).toEqual(['timeControl']);
    expect(Object.keys(refusals({ ...swiss, rounds: undefined }))).toEqual(['rounds']);
    expect(Object.keys(refusals({ ...swiss, double: true }))).toEqual(['double']);
    expect(Object.keys(refusals({ ...arena, rounds: 4 }))).toEqual(['rounds']);
    expect(Object.keys(refusals({ ...corrRr, roundDays: undefined }))).toEqual(['roundDays']);
    expect(Object.keys(refusals({ ...corrRr, roundDays: 2 }))).toEqual(['roundDays']);
    expect(Object.keys(refusals({ ...swiss, roundDays: 7 }))).toEqual(['roundDays']);
    expect(Object.keys(refusals({ ...corrRr, maxPlayers: TOURNAMENT_LIMITS.maxPlayers.roundRobin + 1 }))).toEqual(['maxPlayers']);
  });

  it('keeps numbers within the limits', () => {
    const { arenaMinutes, swissRounds } = TOURNAMENT_LIMITS;
    expect(tournamentCreateSchema.safeParse({ ...arena, minutes: arenaMinutes.max }).success).toBe(true);
    expect(tournamentCreateSchema.safeParse({ ...arena, minutes: arenaMinutes.max + 1 }).success).toBe(false);
    expect(tournamentCreateSchema.safeParse({ ...arena, minutes: arenaMinutes.min - 1 }).success).toBe(false);
    expect(tournamentCreateSchema.safeParse({ ...swiss, rounds: swissRounds.max + 1 }).success).toBe(false);
    expect(tournamentCreateSchema.safeParse({ ...arena, maxPlayers: 1 }).success).toBe(false);
    expect(tournamentCreateSchema.safeParse({ ...arena, extra: 1 }).success).toBe(false);
  });

  it('normalises the name and refuses hostile or badly sized ones', () => {
    expect(tournamentCreateSchema.parse({ ...arena, name: '  Weekly\u2028 Italian  ' }).name).toBe('Weekly Italian');
    expect(refusals({ ...arena, name: 'ab' }).name).toMatch(/too short/);
    expect(refusals({ ...arena, name: 'x'.repeat(41) }).name).toMatch(/too long/);
    expect(refusals({ ...arena, name: 'evil\u202Eeman' }).name).toMatch(/bidirectional/);
    expect(refusals({ ...arena, name: 'a\u0000bc' }).name).toMatch(/control/);
    expect(tournamentCreateSchema.safeParse({ ...arena, name: '🏆'.repeat(40) }).success).toBe(true);
  });
});

describe('the other tournament payloads', () => {
  it('a start from 5 minutes to 60 days ahead', () => {
    expect(tournamentStartProblem(NOW + TOURNAMENT_LIMITS.minLeadMs, NOW)).toBeNull();
    expect(tournamentStartProblem(NOW + TOURNAMENT_LIMITS.minLeadMs - 1, NOW)).toMatch(/at least 5 minutes/);
    expect(tournamentStartProblem(NOW + TOURNAMENT_LIMITS.maxLeadMs + 1, NOW)).toMatch(/at most 60 days/);
  });

  it('an id, and the HTTP paths of a tournament', () => {
    expect(tournamentIdSchema.safeParse({ id: 'abc_1' }).success).toBe(true);
    expect(tournamentIdSchema.safeParse({ id: '../x' }).success).toBe(false);
    expect(tournamentApiPath('t1')).toBe('/api/tournaments/t1');
    expect(tournamentApiPath('t1', 'join')).toBe('/api/tournaments/t1/join');
    expect(tournamentApiPath('a b', 'pause')).toBe('/api/tournaments/a%20b/pause');
  });
});
