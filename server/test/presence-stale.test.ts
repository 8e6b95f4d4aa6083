import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { settingsOf } from '../src/config.js';
import { createMetrics } from '../src/metrics.js';
import { parseGame } from '../src/services/game-doc.js';
import { GameLifecycle } from '../src/services/game-lifecycle.js';
import { GameService } from '../src/services/game-service.js';
import { gameRoom, type Member } from '../src/services/publisher.js';
import { RoomPresence } from '../src/services/room-presence.js';
import { RoomService } from '../src/services/room-service.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { recordingPublisher } from './recording-publisher.js';

const NEVER = 1e9;

/**
 * Two nodes' batches over one store: the room's members are counted across nodes (here one shared
 * list), each node keeps what it last counted, and each records through its own game service. Each
 * node has a bare batch (`presence`) and, for snapshots, the room service that owns one (`rooms`).
 */
function twoNodes() {
  const store = createMemoryStore();
  const logger = pino({ level: 'silent' });
  const settings = settingsOf({ store });
  const members: string[] = [];
  const node = () => {
    const counted: number[] = [];
    const publisher = { ...recordingPublisher(), gameMembers: () => Promise.resolve([...members]) };
    const games = new GameService({ store, publisher, now: () => 1_000, logger, settings, metrics: createMetrics(() => 0, store), lifecycle: new GameLifecycle(logger) });
    const presence = new RoomPresence({
      publisher,
      logger,
      intervalMs: NEVER,
      recordSeats: (gameId, online) => games.recordPresence(gameId, online),
      spectatorsCounted: (_gameId, count) => {
        counted.push(count);
        return Promise.resolve();
      },
      versionOf: async (gameId) => (await games.load(gameId)).version,
    });
    const rooms = new RoomService(publisher, games, () => 1_000, { intervalMs: NEVER, logger, claimAfterMs: 60_000 }, (id) => store.gameVersion(id), { counted: () => Promise.resolve() });
    return { publisher, games, presence, rooms, counted };
  };
  const [a, b] = [node(), node()];
  const close = async (): Promise<void> => {
    for (const n of [a, b]) {
      await n.presence.close();
      await n.rooms.close();
      await n.games.close();
    }
    await store.close();
  };
  return { members, a, b, close };
}

describe('presence counted on two nodes', () => {
  it('a player who left on one node and came back on the other is recorded back, and spectators counted, whatever the second node counted before', async () => {
    const { members, a, b, close } = twoNodes();
    const seats = { white: 'w1', black: 'b1' };
    const gameId = await a.games.create({ variant: 'scottish', timeControl: { kind: 'fischer', initial: 600, increment: 5 }, white: { id: 'w1', name: 'W' }, black: { id: 'b1', name: 'B' } });
    const away = async () => parseGame(await a.games.load(gameId)).doc.away;
    const presence = (node: typeof a) => node.publisher.sent.filter(([name]) => name === 'game:presence').map(([, p]) => p);

    // both nodes count both players
    members.push('w1', 'b1');
    for (const node of [a, b]) {
      node.presence.mark(gameId, seats);
      await node.presence.flush();
    }
    expect(await away()).toBeUndefined();

    // Black's connection (on B) goes: B records the absence
    members.splice(1);
    b.presence.mark(gameId, seats);
    await b.presence.flush();
    expect((await away())?.black).toBe(1_000);
    expect(presence(b).at(-1)).toMatchObject({ color: 'black', online: false });

    // Black comes back on A, whose last count still has Black online: the game records the return
    a.publisher.sent.length = 0;
    members.push('b1');
    a.presence.mark(gameId, seats);
    await a.presence.flush();
    expect(await away()).toBeUndefined();
    expect(presence(a)).toContainEqual(expect.objectContaining({ color: 'black', online: true }));

    // a count that changes nothing records nothing and publishes no presence
    a.publisher.sent.length = 0;
    a.presence.mark(gameId, seats);
    await a.presence.flush();
    await a.presence.flush();
    expect(presence(a)).toEqual([]);

    // a spectator on B is counted by both nodes, leaves (B counts none), and another joins on A,
    // whose last count already had one: A still publishes its count
    const spectators = (node: typeof a) => node.publisher.sent.filter(([name]) => name === 'game:spectators').map(([, p]) => p);
    members.push('s1');
    for (const node of [a, b]) {
      node.presence.mark(gameId, seats);
      await node.presence.flush();
    }
    members.pop();
    b.presence.mark(gameId, seats);
    await b.presence.flush();
    expect(spectators(b).at(-1)).toMatchObject({ count: 0 });
    a.publisher.sent.length = 0;
    members.push('s2');
    a.presence.mark(gameId, seats);
    await a.presence.flush();
    expect(spectators(a)).toEqual([expect.objectContaining({ count: 1 })]);
    expect(a.counted.at(-1)).toBe(1);
    await close();
  });
});

describe('a snapshot on one node after joins on another', () => {
  it("a resync of a socket already in the room has it counted again: the next snapshot shows the other node's spectator", async () => {
    const { members, a, b, close } = twoNodes();
    const socket = (playerId: string): Member => {
      const rooms = new Set<string>();
      return { data: { playerId }, rooms, join: (r) => void rooms.add(r), leave: (r) => void rooms.delete(r) };
    };
    const gameId = await a.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: { id: 'w1', name: 'W' }, black: { id: 'b1', name: 'B' } });
    // Black on A and White on B, counted by both; then a spectator joins on B
    const black = socket('b1');
    members.push('b1', 'w1');
    await a.rooms.join(black, gameId);
    await b.rooms.join(socket('w1'), gameId);
    await a.rooms.flushPresence();
    await b.rooms.flushPresence();
    members.push('s1');
    await b.rooms.join(socket('s1'), gameId);
    await b.rooms.flushPresence();
    expect(black.rooms.has(gameRoom(gameId))).toBe(true);
    // the first resync answers from A's last count, and has the room counted again
    expect((await a.rooms.resync(black, gameId)).snapshot.spectators).toBe(0);
    await a.rooms.flushPresence();
    const { snapshot } = await a.rooms.resync(black, gameId);
    expect({ white: snapshot.players.white.online, black: snapshot.players.black.online, spectators: snapshot.spectators }).toEqual({ white: true, black: true, spectators: 1 });
    await close();
  });
});
