import type { GameRatingChanges } from '@progressive-chess/shared';
import { pino, type Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { settingsOf } from '../src/config.js';
import { createMetrics } from '../src/metrics.js';
import { GameCommands } from '../src/services/game-commands.js';
import type { GameArchive } from '../src/services/game-archive.js';
import { GameLifecycle, type LifecycleEvent } from '../src/services/game-lifecycle.js';
import { GameService, type CreateGameOptions } from '../src/services/game-service.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store } from '../src/store/store.js';
import { manualClock, startServer } from './helpers.js';
import { captureLog } from './log-capture.js';
import { recordingPublisher } from './recording-publisher.js';

const white = { id: 'w1', name: 'W' };
const black = { id: 'b1', name: 'B' };
const SCOTTISH: CreateGameOptions = { variant: 'scottish', timeControl: { kind: 'none' }, white, black };

/** One node's game service on `store`, with every event its lifecycle emits recorded. */
function node(store: Store, now = (): number => 1_000, logger: Logger = pino({ level: 'silent' }), archive?: GameArchive) {
  const lifecycle = new GameLifecycle(logger);
  const events: LifecycleEvent[] = [];
  lifecycle.subscribe((e) => {
    events.push(e);
  });
  const games = new GameService({
    store,
    publisher: recordingPublisher(),
    now,
    logger,
    settings: settingsOf({ store }),
    metrics: createMetrics(() => 0, store),
    lifecycle,
    ...(archive ? { archive } : {}),
  });
  return { games, commands: new GameCommands(games), lifecycle, events };
}

const brief = (events: readonly LifecycleEvent[]) => events.map((e) => `${e.type}@${e.version}`);

describe('game lifecycle', () => {
  it('emits the start, then one event per commit in commit order: turn ends with whose turn it is, moves within a series, the end with its outcome', async () => {
    const store = createMemoryStore();
    const { games, commands, events } = node(store);
    const gameId = await games.create(SCOTTISH);
    let { version } = await commands.run('game:move', 'w1', { gameId, version: 1, move: 'e2e4' });
    ({ version } = await commands.run('game:move', 'b1', { gameId, version, move: 'e7e5' }));
    await commands.run('game:move', 'b1', { gameId, version, move: 'd7d6' });
    await commands.run('game:resign', 'b1', { gameId });
    expect(brief(events)).toEqual(['started@1', 'turn-ended@2', 'changed@3', 'turn-ended@4', 'finished@5']);
    expect(events[1]).toMatchObject({ toMove: 'black', playerToMove: 'b1', prev: { turn: 1 }, doc: { id: gameId, turn: 2 } });
    expect(events[3]).toMatchObject({ toMove: 'white', playerToMove: 'w1' });
    expect(events[4]).toMatchObject({ outcome: { result: '1-0', reason: 'resignation' }, prev: { status: 'playing' }, doc: { status: 'finished' } });
    await store.close();
  });

  it('a subscriber that throws or rejects is logged; the commit and the subscribers after it go on', async () => {
    const store = createMemoryStore();
    const { logger, lines } = captureLog();
    const failures = () => lines.filter((l) => l.msg === 'game lifecycle subscriber failed');
    const { games, commands, lifecycle, events } = node(store, () => 1_000, logger);
    lifecycle.subscribe(() => {
      throw new Error('boom');
    });
    lifecycle.subscribe(() => Promise.reject(new Error('later')));
    const after: string[] = [];
    lifecycle.subscribe((e) => {
      after.push(e.type);
    });
    const gameId = await games.create(SCOTTISH);
    const { version } = await commands.run('game:move', 'w1', { gameId, version: 1, move: 'e2e4' });
    expect(version).toBe(2);
    expect(after).toEqual(['started', 'turn-ended']);
    expect(brief(events)).toEqual(['started@1', 'turn-ended@2']);
    await vi.waitFor(() => expect(failures()).toHaveLength(4));
    const logged = failures().map((l) => `${l.msg}: ${String(l.event)} ${(l.err as { message: string }).message} ${String(l.gameId)}`);
    expect(logged.sort()).toEqual(
      ['started boom', 'started later', 'turn-ended boom', 'turn-ended later'].map((s) => `game lifecycle subscriber failed: ${s} ${gameId}`),
    );
    expect((await store.loadGameHead(gameId))?.version).toBe(2);
    await store.close();
  });

  it('a lost compare-and-set emits nothing: each change is told once, by the node that committed it', async () => {
    const store = createMemoryStore();
    const commits = vi.spyOn(store, 'commitGame');
    const a = node(store);
    const b = node(store);
    const gameId = await a.games.create(SCOTTISH);
    await a.commands.run('game:move', 'w1', { gameId, version: 1, move: 'e2e4' });
    // Black moves on the other node: node A's copy (version 2) is now behind
    await b.commands.run('game:move', 'b1', { gameId, version: 2, move: 'e7e5' });
    // A's first try from its copy loses the compare-and-set; the retry from a fresh load commits
    await a.commands.run('game:resign', 'w1', { gameId });
    const results = await Promise.all(commits.mock.results.map((r) => r.value as ReturnType<Store['commitGame']>));
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true]);
    // a versioned command at a version that is gone is refused: nothing committed, nothing told
    await expect(a.commands.run('game:move', 'w1', { gameId, version: 2, move: 'd2d4' })).rejects.toMatchObject({ code: 'game-over' });
    expect(brief(a.events)).toEqual(['started@1', 'turn-ended@2', 'finished@4']);
    expect(brief(b.events)).toEqual(['changed@3']);
    await store.close();
  });

  it('a deadline resolved by two nodes at once ends the game once: one node tells it', async () => {
    const store = createMemoryStore();
    const clock = manualClock();
    const a = node(store, clock.now);
    const b = node(store, clock.now);
    const gameId = await a.games.create({ ...SCOTTISH, timeControl: { kind: 'per-turn', base: 5, perMove: 2 } });
    clock.advance(settingsOf({ store }).firstMoveGraceMs + 1);
    const lease = clock.now() + 10_000;
    await Promise.all([a.games.resolveDeadline(gameId, lease), b.games.resolveDeadline(gameId, lease)]);
    const finished = [...a.events, ...b.events].filter((e) => e.type === 'finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ version: 2, outcome: { result: null, reason: 'aborted' } });
    await store.close();
  });

  it('the archive mark is told once, with the rating changes, though two nodes claim the finished game', async () => {
    const store = createMemoryStore();
    const ratings: GameRatingChanges = { white: { before: 1500, after: 1510, provisional: true }, black: { before: 1500, after: 1490, provisional: true } };
    const writes: string[] = [];
    const archive: GameArchive = {
      graceMs: 60_000,
      archive: (stored) => {
        writes.push(stored.id);
        return Promise.resolve(ratings);
      },
      load: () => Promise.resolve(null),
      deleteAborted: () => Promise.resolve(0),
    };
    const silent = pino({ level: 'silent' });
    const a = node(store, () => 1_000, silent, archive);
    const b = node(store, () => 1_000, silent, archive);
    const gameId = await a.games.create(SCOTTISH);
    await a.commands.run('game:resign', 'w1', { gameId });
    await Promise.all([a.games.resolveDeadline(gameId, 5_000), b.games.resolveDeadline(gameId, 5_000)]);
    await Promise.all([a.games.close(), b.games.close()]);
    const archived = [...a.events, ...b.events].filter((e) => e.type === 'archived');
    expect(archived).toMatchObject([{ version: 3, ratings, doc: { archived: true }, prev: { status: 'finished' } }]);
    expect(writes.length).toBeGreaterThan(0);
    await store.close();
  });

  it('on(type) hears one type; an unsubscribed listener hears nothing more', async () => {
    const store = createMemoryStore();
    const { games, commands, lifecycle } = node(store);
    const turns: string[] = [];
    const all: string[] = [];
    lifecycle.on('turn-ended', (e) => {
      turns.push(e.playerToMove);
    });
    const stop = lifecycle.subscribe((e) => {
      all.push(e.type);
    });
    const gameId = await games.create(SCOTTISH);
    stop();
    await commands.run('game:move', 'w1', { gameId, version: 1, move: 'e2e4' });
    expect(all).toEqual(['started']);
    expect(turns).toEqual(['b1']);
    await store.close();
  });

  it('createApp subscribes the app to the lifecycle it exposes: a subscriber there hears games started through the service', async () => {
    const server = await startServer();
    const heard: LifecycleEvent[] = [];
    server.app.services.lifecycle.subscribe((e) => {
      heard.push(e);
    });
    const gameId = await server.app.services.games.create(SCOTTISH);
    expect(heard).toMatchObject([{ type: 'started', version: 1, doc: { id: gameId } }]);
    expect(server.app.services.games.lifecycle).toBe(server.app.services.lifecycle);
  });
});
