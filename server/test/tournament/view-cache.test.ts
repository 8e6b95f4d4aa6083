import { describe, expect, it } from 'vitest';
import { ViewCache, type MadeView } from '../../src/tournament/view-cache.js';

const made = (version: number): MadeView => ({ view: { version } as MadeView['view'], players: [], games: [] });

describe('ViewCache: a view made once a version', () => {
  it('shares one making among the callers of a version; a newer version makes again; an older read is not kept', async () => {
    const cache = new ViewCache();
    let makes = 0;
    const make = (v: number) => async () => {
      makes++;
      return made(v);
    };
    const [a, b] = await Promise.all([cache.view('t', 3, make(3)), cache.view('t', 3, make(3))]);
    expect(makes).toBe(1);
    expect(a).toBe(b);
    expect((await cache.view('t', 4, make(4))).view.version).toBe(4);
    expect((await cache.view('t', 3, make(3))).view.version).toBe(3); // made for the late reader...
    await cache.view('t', 4, make(4)); // ...while version 4's stays
    expect(makes).toBe(3);
  });

  it('forgets a failed making, and keeps at most `max` tournaments', async () => {
    const cache = new ViewCache(2);
    await expect(cache.view('t', 1, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    let makes = 0;
    const make = (v: number) => async () => {
      makes++;
      return made(v);
    };
    await cache.view('t', 1, make(1));
    expect(makes).toBe(1);
    await cache.view('u', 1, make(1));
    await cache.view('w', 1, make(1));
    await cache.view('u', 1, make(1));
    expect(makes).toBe(3);
    await cache.view('t', 1, make(1)); // the oldest, dropped for w
    expect(makes).toBe(4);
  });
});
