import { describe, expect, it } from 'vitest';
import { FreshRead } from '../src/services/fresh-read.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store } from '../src/store/store.js';
import { Client, sleep, startServer } from './helpers.js';

/** A memory store counting full loads and version reads. */
function countingStore(): Store & { loads: number; versions: number } {
  const store = createMemoryStore();
  const counted = Object.assign(store, { loads: 0, versions: 0 });
  const loadGame = store.loadGame.bind(store);
  const gameVersion = store.gameVersion.bind(store);
  counted.loadGame = (id) => {
    counted.loads++;
    return loadGame(id);
  };
  counted.gameVersion = (id) => {
    counted.versions++;
    return gameVersion(id);
  };
  return counted;
}

describe('joins and resyncs served from the node copy of a game', () => {
  const W = { id: 'pw', name: 'White' };
  const B = { id: 'pb', name: 'Black' };

  it('repeated joins and resyncs of an unchanged game cost a version read, not a load', async () => {
    const store = countingStore();
    const server = await startServer({ store });
    const gameId = await server.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B });
    const c = await Client.connect(server);
    expect((await c.ok('game:join', { gameId })).snapshot.version).toBe(1);
    const loads = store.loads;
    for (let i = 0; i < 5; i++) {
      expect((await c.ok('game:join', { gameId })).snapshot.version).toBe(1);
      expect((await c.ok('game:resync', { gameId })).snapshot.version).toBe(1);
    }
    expect(store.loads).toBe(loads);
    expect(store.versions).toBeGreaterThanOrEqual(10);
  });

  it('never serves a stale version: a commit on another node is seen by the next join and resync', async () => {
    const store = createMemoryStore();
    const [a, b] = await Promise.all([startServer({ store }), startServer({ store })]);
    const gameId = await a.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B });
    const spectator = await Client.connect(a);
    const other = await Client.connect(a);
    expect((await spectator.ok('game:join', { gameId })).snapshot.version).toBe(1);
    // node b commits; node a has version 1 in its copy and sees no event (no adapter between them)
    expect(await b.app.services.commands.move(W.id, { gameId, version: 1, move: 'e2e4' })).toEqual({ version: 2 });
    const resynced = (await spectator.ok('game:resync', { gameId })).snapshot;
    expect(resynced.version).toBe(2);
    expect(resynced.moves.map((m) => m.uci)).toEqual(['e2e4']);
    expect(await b.app.services.commands.move(B.id, { gameId, version: 2, move: 'e7e5' })).toEqual({ version: 3 });
    const joined = (await other.ok('game:join', { gameId })).snapshot;
    expect(joined.version).toBe(3);
    expect(joined.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5']);
    expect((await fetch(`${a.url}/api/games/${gameId}`).then((r) => r.json())) as { version: number }).toMatchObject({ version: 3 });
  });

  it('a join of an unknown game is refused and leaves no room behind', async () => {
    const server = await startServer();
    const c = await Client.connect(server);
    const res = await c.send('game:join', { gameId: 'nosuchgame' });
    expect(res).toMatchObject({ ok: false, code: 'unknown-game' });
    await sleep(20);
    expect(server.app.io.sockets.adapter.rooms.has('game:nosuchgame')).toBe(false);
  });
});

describe('lobby subscribes', () => {
  it('of one moment share one listing read, which is never older than the subscribe', async () => {
    const store = createMemoryStore();
    let lists = 0;
    const list = store.listPublicSeeks.bind(store);
    store.listPublicSeeks = (now, limit) => {
      lists++;
      return list(now, limit);
    };
    const server = await startServer({ store });
    const seeker = await Client.connect(server);
    await seeker.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' });
    const before = lists;
    const member = (i: number) => ({ data: { playerId: `p${i}` }, rooms: new Set<string>(), join: () => undefined, leave: () => undefined });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => server.app.services.lobby.subscribe(member(i))));
    for (const a of answers) expect(a.seeks).toHaveLength(1);
    expect(lists - before).toBe(1);
    await seeker.ok('seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' });
    expect((await seeker.ok('lobby:subscribe', {})).seeks).toHaveLength(2);
  });
});

describe('FreshRead', () => {
  it('callers of one turn share a read; a caller after it was issued gets a new one', async () => {
    let reads = 0;
    let value = 1;
    const r = new FreshRead(async () => {
      reads++;
      const seen = value; // what the store held when the read was issued
      await sleep(20);
      return seen;
    });
    const first = [r.get('k'), r.get('k'), r.get('k')];
    await sleep(5); // the read is now on its way
    value = 2;
    const later = r.get('k');
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    expect(await later).toBe(2);
    expect(reads).toBe(2);
    await expect(new FreshRead(() => Promise.reject(new Error('x'))).get('k')).rejects.toThrow('x');
  });
});
