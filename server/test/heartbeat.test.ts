import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { StoreUnavailableError, type Store } from '../src/store/store.js';
import { Client, createGame, playMoves, startServer } from './helpers.js';

describe('game:heartbeat', () => {
  it("tells the game room's connections the stored version, periodically; not those that left", async () => {
    // no room counts in these tests (a count may record an absent player: a commit, then no heartbeat for it)
    const server = await startServer({ heartbeatMs: 40, presenceBatchMs: 60_000 });
    const [white, black, watcher] = await Promise.all([1, 2, 3].map(() => Client.connect(server)));
    if (!white || !black || !watcher) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await white.ok('game:join', { gameId });
    await watcher.ok('game:join', { gameId });
    expect(await watcher.next('game:heartbeat', (h) => h.gameId === gameId)).toEqual({ gameId, version: 1 });
    await watcher.ok('game:leave', { gameId });
    const before = watcher.received('game:heartbeat').length;
    await white.next('game:heartbeat', () => true);
    await white.next('game:heartbeat', () => true);
    expect(watcher.received('game:heartbeat')).toHaveLength(before);
    expect(black.received('game:heartbeat')).toHaveLength(0); // never joined the room
  });

  it('skips a room whose current version this node emitted to everyone in it; resumes when someone joins', async () => {
    const server = await startServer({ heartbeatMs: 30 });
    const [white, black, late, watcher] = await Promise.all([1, 2, 3, 4].map(() => Client.connect(server)));
    if (!white || !black || !late || !watcher) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    // A room that beats at every sweep (nothing was emitted in it): its beats count the sweeps.
    const canary = await createGame(server, late, watcher);
    await watcher.ok('game:join', { gameId: canary });
    const sweeps = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i++) await watcher.next('game:heartbeat', (h) => h.gameId === canary);
    };
    await white.ok('game:join', { gameId });
    await black.ok('game:join', { gameId });
    const seen = black.next('game:event', (e) => e.version === 2);
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    await seen;
    await sweeps(1); // a sweep may have been under way during the move
    await white.settle();
    const quiet = white.received('game:heartbeat').length;
    await sweeps(3);
    await white.settle();
    expect(white.received('game:heartbeat')).toHaveLength(quiet);
    // a connection that joins after the event may hold an older snapshot: the room hears the version again
    await late.ok('game:join', { gameId });
    expect(await late.next('game:heartbeat', (h) => h.gameId === gameId)).toEqual({ gameId, version: v });
  });

  it('announces a version committed on another node (its event never reached this one)', async () => {
    const store = createMemoryStore();
    const [a, b] = await Promise.all([startServer({ store, heartbeatMs: 30 }), startServer({ store, heartbeatMs: 30 })]);
    const [white, black] = await Promise.all([Client.connect(a), Client.connect(b)]);
    if (!white || !black) throw new Error('clients');
    const gameId = await createGame(a, white, black);
    await white.ok('game:join', { gameId });
    await black.ok('game:join', { gameId });
    await playMoves(white, gameId, 1, ['e2e4']); // committed and emitted on node a only (no adapter)
    expect(await black.next('game:heartbeat', (h) => h.version === 2)).toEqual({ gameId, version: 2 });
    expect(black.received('game:event')).toHaveLength(0);
  });

  it('tells the room game:gone (once) when the game is no longer in the store; not while the store cannot be reached', async () => {
    const store = createMemoryStore();
    const lost = new Set<string>();
    let down = false;
    // What the app sees: a store that lost some games (e.g. restarted without persistence), or that is away.
    const seen = Object.create(store) as Store;
    let refused = 0;
    seen.gameVersion = (id) => {
      if (!down) return lost.has(id) ? Promise.resolve(null) : store.gameVersion(id);
      refused++;
      return Promise.reject(new StoreUnavailableError('away'));
    };
    seen.loadGame = (id) => (lost.has(id) ? Promise.resolve(null) : store.loadGame(id));
    seen.loadGameHead = (id) => (lost.has(id) ? Promise.resolve(null) : store.loadGameHead(id));
    const server = await startServer({ store: seen, heartbeatMs: 30, presenceBatchMs: 60_000 });
    const [white, black, watcher] = await Promise.all([1, 2, 3].map(() => Client.connect(server)));
    if (!white || !black || !watcher) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    const other = await createGame(server, white, black);
    for (const c of [white, watcher]) await c.ok('game:join', { gameId });
    await watcher.ok('game:join', { gameId: other });
    await watcher.next('game:heartbeat', (h) => h.gameId === gameId);

    down = true;
    lost.add(gameId);
    // several intervals with the store away (each sweep asks for the version and is refused): nothing is taken for gone
    const asked = refused;
    await vi.waitFor(() => expect(refused - asked).toBeGreaterThanOrEqual(6));
    await watcher.settle();
    expect(watcher.received('game:gone')).toEqual([]);
    down = false;
    expect(await Promise.all([watcher.next('game:gone'), white.next('game:gone')])).toEqual([{ gameId }, { gameId }]);
    // the other game of the watcher beats at every sweep: three more sweeps
    for (let i = 0; i < 3; i++) await watcher.next('game:heartbeat', (h) => h.gameId === other);
    await watcher.settle();
    expect(watcher.received('game:gone')).toEqual([{ gameId }]); // once, not every interval
    expect(black.received('game:gone')).toEqual([]); // not in the room
    expect((await watcher.send('game:resync', { gameId })).code).toBe('unknown-game');
    // the other game of the same connection still beats
    expect(await watcher.next('game:heartbeat', (h) => h.gameId === other)).toEqual({ gameId: other, version: 1 });
  });
});
