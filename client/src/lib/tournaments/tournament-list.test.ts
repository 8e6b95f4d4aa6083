import { describe, expect, it } from 'vitest';
import { summary } from './fixtures.js';
import { featured, nextChange, TournamentListModel } from './tournament-list.svelte.js';

const up = (id: string, startsAt: number, createdBy = 'ann') => summary({ id, status: 'upcoming', startsAt, endsAt: startsAt + 3_600_000, createdBy });

describe('tournament lists', () => {
  it('knows when they change by themselves: the next start or arena end', () => {
    const lists = { upcoming: [up('u1', 500), up('u2', 300)], running: [summary({ endsAt: 200 }), summary({ kind: 'swiss', endsAt: null })], finished: [] };
    expect(nextChange(lists, 100)).toBe(200);
    expect(nextChange(lists, 250)).toBe(300);
    expect(nextChange({ upcoming: [], running: [], finished: [] }, 0)).toBeNull();
  });

  it('features the next scheduled event, else the next one, else the busiest running one', () => {
    const running = [summary({ id: 'r1', players: 3 }), summary({ id: 'r2', players: 9 })];
    expect(featured({ upcoming: [up('u1', 100), up('u2', 900, 'operator')], running, finished: [] })?.tournament.id).toBe('u2');
    expect(featured({ upcoming: [up('u1', 500), up('u3', 100)], running, finished: [] })?.tournament.id).toBe('u3');
    expect(featured({ upcoming: [], running, finished: [] })).toMatchObject({ running: true, tournament: { id: 'r2' } });
    expect(featured({ upcoming: [], running: [], finished: [] })).toBeNull();
  });

  it('loads the lists, and says why not', async () => {
    let fail = true;
    const model = new TournamentListModel(<T>() =>
      Promise.resolve(
        fail
          ? { ok: false as const, code: 'network' as const, message: 'the server could not be reached' }
          : { ok: true as const, data: { upcoming: [up('u1', 1)], running: [], finished: [] } as T },
      ),
    );
    await model.load();
    expect(model.error).toBe('The server could not be reached.');
    fail = false;
    await model.load();
    expect(model.error).toBeNull();
    expect(model.lists?.upcoming.map((t) => t.id)).toEqual(['u1']);
  });
});
