import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer } from './helpers.js';

describe('game:heartbeat', () => {
  it("tells the game room's connections the stored version, periodically; not those that left", async () => {
    const server = await startServer({ heartbeatMs: 40 });
    const [white, black, watcher] = await Promise.all([1, 2, 3].map(() => Client.connect(server)));
    if (!white || !black || !watcher) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await white.ok('game:join', { gameId });
    await watcher.ok('game:join', { gameId });
    expect(await watcher.next('game:heartbeat', (h) => h.gameId === gameId)).toEqual({ gameId, version: 1 });
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    expect(await watcher.next('game:heartbeat', (h) => h.version === v)).toEqual({ gameId, version: v });
    await watcher.ok('game:leave', { gameId });
    const before = watcher.received('game:heartbeat').length;
    await white.next('game:heartbeat', () => true);
    await white.next('game:heartbeat', () => true);
    expect(watcher.received('game:heartbeat')).toHaveLength(before);
    expect(black.received('game:heartbeat')).toHaveLength(0); // never joined the room
  });
});
