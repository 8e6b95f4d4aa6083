import { describe, expect, it } from 'vitest';
import { CurrentGames } from '../src/services/current-games.js';
import { FreshRead } from '../src/services/fresh-read.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store, StoredGame } from '../src/store/store.js';
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
    expect(await b.app.services.commands.run('game:move', W.id, { gameId, version: 1, move: 'e2e4' })).toMatchObject({ version: 2 });
    // at least the version committed before the request: a room count may commit the players' absence meanwhile
    const resynced = (await spectator.ok('game:resync', { gameId })).snapshot;
    expect(resynced.version).toBeGreaterThanOrEqual(2);
    expect(resynced.moves.map((m) => m.uci)).toEqual(['e2e4']);
    const second = (await b.app.services.commands.run('game:move', B.id, { gameId, version: resynced.version, move: 'e7e5' })) as { version: number };
    const joined = (await other.ok('game:join', { gameId })).snapshot;
    expect(joined.version).toBeGreaterThanOrEqual(second.version);
    expect(joined.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5']);
    expect(((await fetch(`${a.url}/api/games/${gameId}`).then((r) => r.json())) as { version: number }).version).toBeGreaterThanOrEqual(second.version);
  });

  it('a join of an unknown game is refused and leaves no room behind', async () => {
    const server = await startServer();
    const c = await Client.connect(server);
    const res = await c.send('game:join', { gameId: 'nosuchgame' });
    expect(res).toMatchObject({ ok: false, code: 'unknown-game' });
    await c.settle(); // a later request of the same connection is handled after the join was
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

describe('CurrentGames', () => {
  const doc = (id: string): string => JSON.stringify({ id, players: { white: { id: 'w' }, black: { id: 'b' } } });
  const move = (uci: string): string => JSON.stringify({ uci });

  it('loads only when the version moved, parses only the new moves, and keeps at most maxMoves records', async () => {
    const games = new Map<string, StoredGame>([
      ['g1', { id: 'g1', version: 2, doc: doc('g1'), moves: [move('e2e4')] }],
      ['g2', { id: 'g2', version: 3, doc: doc('g2'), moves: [move('d2d4'), move('d7d5')] }],
    ]);
    const loads: string[] = [];
    const current = new CurrentGames(
      async (id) => {
        loads.push(id);
        return games.get(id) as StoredGame;
      },
      async (id) => games.get(id)?.version ?? null,
      3,
    );
    const first = await current.get('g1');
    expect(await current.get('g1')).toBe(first);
    expect(loads).toEqual(['g1']);
    games.set('g1', { id: 'g1', version: 3, doc: doc('g1'), moves: [move('e2e4'), move('e7e5')] });
    const next = await current.get('g1');
    expect(next.version).toBe(3);
    expect(next.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5']);
    expect(next.moves[0]).toBe(first.moves[0]); // parsed once
    // g2's two moves push the cache past three records: g1 (least recently used) goes
    await current.get('g2');
    await current.get('g1');
    expect(loads).toEqual(['g1', 'g1', 'g2', 'g1']);
  });
});
