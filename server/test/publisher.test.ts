import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { settingsOf } from '../src/config.js';
import { createMetrics } from '../src/metrics.js';
import { GameCommands } from '../src/services/game-commands.js';
import { GameLifecycle } from '../src/services/game-lifecycle.js';
import { GameLobby } from '../src/services/game-lobby.js';
import { GameService } from '../src/services/game-service.js';
import { subscribeGameOutputs } from '../src/services/lifecycle-subscribers.js';
import { startHeartbeat } from '../src/services/heartbeat.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { StoreUnavailableError } from '../src/store/store.js';
import { recordingPublisher } from './recording-publisher.js';

describe('services publish through the Publisher interface (no Socket.IO)', () => {
  it('a new game and a move are published to the lobby, both players and the game room', async () => {
    const store = createMemoryStore();
    const publisher = recordingPublisher();
    const now = (): number => 1_000;
    const logger = pino({ level: 'silent' });
    const settings = settingsOf({ store });
    // composed as createApp does: the lobby, the players' notices and "Your games" hear the lifecycle
    const lifecycle = new GameLifecycle(logger);
    const lobby = new GameLobby(publisher, store, settings.lobbyBatchMs);
    const outputs = subscribeGameOutputs({ lifecycle, lobby, publisher, store, logger, lobbyBatchMs: settings.lobbyBatchMs });
    const games = new GameService({ store, publisher, now, logger, settings, metrics: createMetrics(() => 0, store), lifecycle, summaries: lobby.summaries });
    const white = { id: 'w1', name: 'W' };
    const black = { id: 'b1', name: 'B' };
    const gameId = await games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white, black });
    expect(publisher.sent.map(([name]) => name)).toEqual(['lobby:gameAdded', 'game:start>w1', 'game:start>b1']);
    expect(publisher.sent[2]?.[1]).toEqual({ gameId, color: 'black' });

    publisher.sent.length = 0;
    const { version } = await new GameCommands(games).run('game:move', 'w1', { gameId, version: 1, move: 'e2e4' });
    expect(version).toBe(2);
    const [name, event] = publisher.sent[0] ?? [];
    expect(name).toBe('game:event');
    expect(event).toMatchObject({ gameId, version: 2, event: { type: 'move', uci: 'e2e4' } });
    // the lobby hears of the new turn with the next batch (settings.lobbyBatchMs), not per move,
    // and so do the players' "Your games" (their entries, coalesced per player and game: the start's
    // entry is replaced by the new turn's; no store read)
    // the turn passed to Black: their node may load the game ahead of their next command
    expect(publisher.sent.map(([n]) => n)).toEqual(['game:event', 'game:turn']);
    expect(publisher.sent[1]?.[1]).toEqual({ gameId, version: 2, playerId: 'b1' });
    await games.close();
    // the flush resolves once the lobby's batch is out (after reading the rooms' counts from the store)
    await outputs.flush();
    const after = publisher.sent.slice(2);
    expect(after.map(([n]) => n)).toEqual(['lobby:gameUpdated', 'lobby:myGameUpdated>w1', 'lobby:myGameUpdated>b1']);
    expect(after[0]?.[1]).toMatchObject({ id: gameId, turn: 2 });
    expect(after[1]?.[1]).toMatchObject({ id: gameId, color: 'white', opponent: 'B', turn: 2, yourTurn: false });
    expect(after[2]?.[1]).toMatchObject({ id: gameId, color: 'black', opponent: 'W', turn: 2, yourTurn: true });
    await store.close();
  });
});

describe('version heartbeat', () => {
  it('sends each local game room its stored version on every sweep; a game that is gone hears game:gone, once', async () => {
    const versions = new Map([
      ['g1', 7],
      ['g2', 3],
    ]);
    const publisher = recordingPublisher(['g1', 'g2', 'gone']);
    const heartbeat = startHeartbeat({
      publisher,
      versionOf: (id) => Promise.resolve(versions.get(id) ?? null),
      intervalMs: 3_600_000,
      logger: pino({ level: 'silent' }),
    });
    await heartbeat.sweep();
    expect(publisher.sent).toEqual([
      ['game:heartbeat', { gameId: 'g1', version: 7 }],
      ['game:heartbeat', { gameId: 'g2', version: 3 }],
      ['game:gone', { gameId: 'gone' }],
    ]);
    versions.set('g1', 8);
    publisher.sent.length = 0;
    await heartbeat.sweep();
    expect(publisher.sent).toEqual([
      ['game:heartbeat', { gameId: 'g1', version: 8 }],
      ['game:heartbeat', { gameId: 'g2', version: 3 }],
    ]);
    await heartbeat.stop();
  });

  it('a game only in the archive is not gone (nothing sent, read no more); a failed read of the store or the archive decides nothing', async () => {
    const publisher = recordingPublisher(['archived', 'flaky', 'lost']);
    let storeDown = true;
    let archiveDown = true;
    const archiveReads: string[] = [];
    const heartbeat = startHeartbeat({
      publisher,
      versionOf: (id) => (id === 'flaky' && storeDown ? Promise.reject(new StoreUnavailableError('down')) : Promise.resolve(null)),
      archived: (id) => {
        archiveReads.push(id);
        if (id === 'lost' && archiveDown) return Promise.reject(new Error('archive unreachable'));
        return Promise.resolve(id === 'archived');
      },
      intervalMs: 3_600_000,
      logger: pino({ level: 'silent' }),
    });
    await heartbeat.sweep();
    expect(publisher.sent).toEqual([]);
    storeDown = false;
    archiveDown = false;
    await heartbeat.sweep();
    expect(publisher.sent).toEqual([
      ['game:gone', { gameId: 'flaky' }],
      ['game:gone', { gameId: 'lost' }],
    ]);
    await heartbeat.sweep();
    expect(publisher.sent).toHaveLength(2);
    expect(archiveReads.filter((id) => id === 'archived')).toHaveLength(1);
    await heartbeat.stop();
  });

  it('beats by itself every interval', async () => {
    const publisher = recordingPublisher(['g1']);
    const heartbeat = startHeartbeat({
      publisher,
      versionOf: () => Promise.resolve(2),
      intervalMs: 20,
      logger: pino({ level: 'silent' }),
    });
    await new Promise((r) => setTimeout(r, 110));
    await heartbeat.stop();
    expect(publisher.sent.length).toBeGreaterThanOrEqual(2);
    expect(publisher.sent.every(([name]) => name === 'game:heartbeat')).toBe(true);
  });
});
