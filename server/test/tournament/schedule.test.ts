import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/env-config.js';
import { nextOccurrence, parseSchedule, scheduledName } from '../../src/tournament/schedule.js';
import { createScheduled, SCHEDULE_AHEAD_MS } from '../../src/tournament/schedule-runner.js';
import { TournamentRepo } from '../../src/tournament/tournament-repo.js';
import { useDatabase } from '../durable-helpers.js';

const db = useDatabase();
const HOUR = 3_600_000;
/** Saturday 2026-11-28 01:54 UTC. */
const NOW = Date.UTC(2026, 10, 28, 1, 54);

describe("the operator's schedule (TOURNAMENT_SCHEDULE)", () => {
  it('parses the compact syntax, with defaults and options', () => {
    const [hourly, weekly] = parseSchedule(' arena scottish 3+2 hourly ; swiss italian 5+3 weekly@sat18:00 7r casual bots');
    expect(hourly).toMatchObject({ kind: 'arena', variant: 'scottish', timeControl: { kind: 'fischer', initial: 180, increment: 2 }, minutes: 57, rated: true, allowBots: false, when: { every: 'hourly', minute: 0 } });
    expect(weekly).toMatchObject({ kind: 'swiss', rounds: 7, rated: false, allowBots: true, when: { every: 'weekly', day: 6, hour: 18, minute: 0 } });
    expect(parseSchedule('roundrobin italian 2d weekly 14d')[0]).toMatchObject({ kind: 'roundRobin', timeControl: { kind: 'correspondence', daysPerTurn: 2 }, roundDays: 14 });
    expect(parseSchedule('')).toEqual([]);
    expect(scheduledName(hourly ?? fail())).toBe('Hourly Scottish Arena');
  });

  it('refuses a bad entry with a sentence naming the variable and the entry', () => {
    for (const bad of ['arena chess 3+2 hourly', 'arena scottish 3+2', 'arena scottish 2d hourly', 'cup scottish 3+2 hourly', 'arena scottish 3+2 daily@25:00', 'arena scottish 3+2 hourly 9x']) {
      expect(() => parseSchedule(bad)).toThrow(/"/);
    }
    const r = configFromEnv({ TOURNAMENT_SCHEDULE: 'arena chess 3+2 hourly', EPHEMERAL: '1' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join(' ')).toMatch(/^TOURNAMENT_SCHEDULE: .*variant/);
  });

  it('finds the next start of each recurrence (UTC)', () => {
    expect(new Date(nextOccurrence({ every: 'hourly', minute: 0 }, NOW)).toISOString()).toBe('2026-11-28T02:00:00.000Z');
    expect(new Date(nextOccurrence({ every: 'hourly', minute: 54 }, NOW)).toISOString()).toBe('2026-11-28T01:54:00.000Z');
    expect(new Date(nextOccurrence({ every: 'daily', hour: 1, minute: 0 }, NOW)).toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(new Date(nextOccurrence({ every: 'weekly', day: 6, hour: 18, minute: 0 }, NOW)).toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(new Date(nextOccurrence({ every: 'weekly', day: 1, hour: 0, minute: 0 }, NOW)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('creates each occurrence within the look-ahead once, whichever nodes try', async () => {
    const schedule = parseSchedule('arena scottish 3+2 hourly; swiss italian 5+3 weekly@sat18:00');
    const [a, b] = [new TournamentRepo(db()), new TournamentRepo(db())];
    const logger = pino({ level: 'silent' });
    const made = await Promise.all([createScheduled(a, schedule, NOW, logger), createScheduled(b, schedule, NOW, logger)]);
    // 02:00 .. 07:00 hourly (6 within 6 hours); the Saturday 18:00 Swiss is beyond
    expect(made[0] + made[1]).toBe(SCHEDULE_AHEAD_MS / HOUR);
    expect(await createScheduled(a, schedule, NOW + 5 * 60_000, logger)).toBe(0);
    // an hour later, the next one comes within reach
    expect(await createScheduled(b, schedule, NOW + HOUR, logger)).toBe(1);
    const upcoming = await a.list('upcoming', 100);
    expect(upcoming.map((t) => t.startsAt)).toEqual([2, 3, 4, 5, 6, 7, 8].map((h) => Date.UTC(2026, 10, 28, h)));
    expect(upcoming[0]).toMatchObject({ name: 'Hourly Scottish Arena', createdBy: null, creatorName: 'operator', endsAt: Date.UTC(2026, 10, 28, 2, 57) });
  });
});

function fail(): never {
  throw new Error('missing');
}
