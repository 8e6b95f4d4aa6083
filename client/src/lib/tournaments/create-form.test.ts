import { TOURNAMENT_LIMITS as L } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { checkCreate, createPayload, defaultForm, fromLocalInput, localInputValue } from './create-form.js';

const NOW = Date.UTC(2026, 10, 28, 10, 7);

describe('the create form', () => {
  it('starts as an hour-long 3+2 arena at a quarter hour at least the minimum lead ahead, which the schema takes', () => {
    const form = { ...defaultForm(NOW, 'scottish'), name: 'Saturday arena' };
    expect(form.startsAt - NOW).toBeGreaterThanOrEqual(L.minLeadMs);
    expect(form.startsAt % (15 * 60_000)).toBe(0);
    const checked = checkCreate(form, NOW);
    expect(checked).toMatchObject({ ok: true, payload: { kind: 'arena', minutes: 60, timeControl: { kind: 'fischer', initial: 180, increment: 2 } } });
  });

  it('sends only the fields of its kind and clock', () => {
    const base = defaultForm(NOW, 'italian');
    const swiss = createPayload({ ...base, kind: 'swiss', rounds: 7 });
    expect(swiss).not.toHaveProperty('minutes');
    expect(swiss).toMatchObject({ rounds: 7 });
    const rr = createPayload({ ...base, kind: 'roundRobin', clock: 'correspondence', a: 3, b: 0, double: true, roundDays: 30 });
    expect(rr).toMatchObject({ double: true, roundDays: 30, timeControl: { kind: 'correspondence', daysPerTurn: 3 } });
    expect(rr).not.toHaveProperty('rounds');
  });

  it('puts each problem next to its field, with the shared bounds in the words', () => {
    const base = { ...defaultForm(NOW, 'scottish'), name: 'Weekly' };
    expect(checkCreate({ ...base, name: 'ab' }, NOW)).toEqual({
      ok: false,
      field: 'name',
      message: `The name must have ${L.name.min} to ${L.name.max} characters.`,
    });
    expect(checkCreate({ ...base, minutes: L.arenaMinutes.max + 1 }, NOW)).toMatchObject({ ok: false, field: 'minutes' });
    expect(checkCreate({ ...base, kind: 'swiss', rounds: L.swissRounds.min - 1 }, NOW)).toMatchObject({
      ok: false,
      field: 'rounds',
      message: `A Swiss has ${L.swissRounds.min} to ${L.swissRounds.max} rounds.`,
    });
    // an arena is live: the schema's own words for what has no bound
    expect(checkCreate({ ...base, clock: 'correspondence', a: 2, b: 0 }, NOW)).toMatchObject({ ok: false, field: 'timeControl' });
    expect(checkCreate({ ...base, startsAt: NOW + L.minLeadMs - 60_000 }, NOW)).toMatchObject({ ok: false, field: 'startsAt' });
    expect(checkCreate({ ...base, startsAt: Number.NaN }, NOW)).toMatchObject({ ok: false, field: 'startsAt' });
  });

  it('reads and writes the start as the browser\'s local date and time', () => {
    const at = new Date(2026, 11, 24, 18, 30).getTime();
    expect(localInputValue(at)).toBe('2026-12-24T18:30');
    expect(fromLocalInput('2026-12-24T18:30')).toBe(at);
    expect(fromLocalInput('')).toBeNaN();
  });
});
