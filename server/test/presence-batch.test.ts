import { describe, expect, it } from 'vitest';
import { Client, createGame, startServer } from './helpers.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('presence and spectator counts are batched per room', () => {
  it('a spectator looping join/leave/resync causes a bounded number of broadcasts, and the final count is right', async () => {
    const server = await startServer({
      presenceBatchMs: 200,
      rateLimit: { points: 1000, durationSec: 1 },
      abuseLimits: { roomOpsPerIdentity: { points: 1000, durationSec: 1 }, eventsPerIdentity: { points: 1000, durationSec: 1 } },
    });
    const [white, black, flood] = await Promise.all([1, 2, 3].map(() => Client.connect(server)));
    if (!white || !black || !flood) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await white.ok('game:join', { gameId });
    await sleep(450);
    const before = white.events.length;
    const started = Date.now();
    for (let i = 0; i < 25; i++) {
      await flood.ok('game:join', { gameId });
      await flood.ok('game:resync', { gameId });
      await flood.ok('game:leave', { gameId });
    }
    await flood.ok('game:join', { gameId });
    const elapsed = Date.now() - started;
    await sleep(450);
    const sent = white.events.slice(before).filter((e) => e.name === 'game:spectators' || e.name === 'game:presence');
    expect(sent.at(-1)).toEqual({ name: 'game:spectators', payload: { gameId, count: 1, version: expect.any(Number) } });
    // at most one spectator broadcast per tick (plus a tick either side), never one per join or leave
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 2);
    expect(sent.length).toBeLessThan(25);
    expect((await white.ok('game:resync', { gameId })).snapshot.spectators).toBe(1);
  });

  it('presence: a player who leaves and comes back within one tick publishes nothing; a real absence is published', async () => {
    const server = await startServer({ presenceBatchMs: 300 });
    const [white, black, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    if (!white || !black || !carol) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await black.ok('game:join', { gameId });
    await white.ok('game:join', { gameId });
    await black.next('game:presence', (p) => p.color === 'white' && p.online);
    await white.ok('game:leave', { gameId });
    await white.ok('game:join', { gameId });
    // A spectator joins after: its count is published at the tick that counts White's leave, or a later one.
    const counted = black.next('game:spectators', (p) => p.count === 1);
    await carol.ok('game:join', { gameId });
    await counted;
    await black.settle();
    expect(black.events.filter((e) => e.name === 'game:presence' && (e.payload as { online: boolean }).online === false)).toEqual([]);
    const gone = black.next('game:presence', (p) => p.color === 'white' && !p.online);
    await white.ok('game:leave', { gameId });
    expect(await gone).toEqual({ gameId, color: 'white', online: false, version: expect.any(Number) });
  });
});
