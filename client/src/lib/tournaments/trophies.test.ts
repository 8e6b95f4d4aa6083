import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api.js';
import { standing, summary, view } from './fixtures.js';
import { loadTrophies, podiumPlaces } from './trophies.js';

const finished = (id: string, endsAt: number, podium: string[]) =>
  view(9, {
    summary: summary({ id, name: `Cup ${id}`, status: 'finished', endsAt }),
    podium: podium.map((p, i) => standing(p, i + 1, 10 - i)),
  });

describe('trophies: a player\'s podiums in the finished tournaments', () => {
  it('finds the player by name, any case, latest first', () => {
    const views = [finished('t1', 100, ['a', 'b', 'c']), finished('t2', 300, ['c', 'a', 'b']), finished('t3', 200, ['b', 'c', 'd'])];
    expect(podiumPlaces(views, 'a').map((t) => [t.tournament.id, t.rank])).toEqual([
      ['t2', 2],
      ['t1', 1],
    ]);
    expect(podiumPlaces(views, 'D')).toMatchObject([{ tournament: { id: 't3' }, rank: 3 }]);
    expect(podiumPlaces(views, 'e')).toEqual([]);
  });

  it('reads the listed finished tournaments\' views; null when the list cannot be read', async () => {
    const bodies: Record<string, unknown> = {
      '/api/tournaments': { upcoming: [], running: [], finished: [summary({ id: 't1', status: 'finished' })] },
      '/api/tournaments/t1': { view: finished('t1', 100, ['x', 'a', 'y']) },
    };
    const api = <T>(path: string): Promise<ApiResult<T>> =>
      Promise.resolve(path in bodies ? { ok: true, data: bodies[path] as T } : { ok: false, code: 'not-found', message: 'no' });
    expect(await loadTrophies(api, 'A')).toMatchObject([{ rank: 2, tournament: { id: 't1' } }]);
    delete bodies['/api/tournaments'];
    expect(await loadTrophies(api, 'A')).toBeNull();
  });
});
