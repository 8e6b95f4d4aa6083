import { describe, expect, it } from 'vitest';
import { MAX_ROOMS_PER_CONNECTION } from '../src/services/room-cap.js';
import { Client, createGame, startServer } from './helpers.js';

/** A server whose event budgets let one connection join more rooms than the cap in one go. */
async function setup() {
  const server = await startServer({
    rateLimit: { points: 10_000, durationSec: 5 },
    abuseLimits: { eventsPerIdentity: { points: 10_000, durationSec: 5 }, roomOpsPerIdentity: { points: 10_000, durationSec: 5 } },
    limits: { maxGamesPerPlayer: MAX_ROOMS_PER_CONNECTION + 5 },
  });
  const [white, black, stranger] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
  const games: string[] = [];
  for (let i = 0; i <= MAX_ROOMS_PER_CONNECTION; i++) games.push(await createGame(server, white, black));
  return { stranger, games };
}

describe('rooms per connection', () => {
  it('a spectator follows at most the cap of games at once: past it too-many-rooms, until it leaves one', async () => {
    const { stranger, games } = await setup();
    const [last, ...rest] = [games[MAX_ROOMS_PER_CONNECTION] ?? '', ...games.slice(0, MAX_ROOMS_PER_CONNECTION)];
    for (const gameId of rest) await stranger.ok('game:join', { gameId });
    expect(await stranger.send('game:join', { gameId: last })).toMatchObject({ ok: false, code: 'too-many-rooms' });
    // a game it follows already is still answered (a resync), and leaving one makes room
    expect((await stranger.ok('game:resync', { gameId: rest[0] ?? '' })).seat).toBe('spectator');
    await stranger.ok('game:leave', { gameId: rest[0] ?? '' });
    expect((await stranger.ok('game:join', { gameId: last })).seat).toBe('spectator');
  });

  it('chat channels are capped the same way, and leaving a game leaves its chat', async () => {
    const { stranger, games } = await setup();
    const [last, first, ...rest] = [games[MAX_ROOMS_PER_CONNECTION] ?? '', ...games.slice(0, MAX_ROOMS_PER_CONNECTION)];
    for (const gameId of [first ?? '', ...rest]) await stranger.ok('chat:join', { gameId });
    expect(await stranger.send('chat:join', { gameId: last })).toMatchObject({ ok: false, code: 'too-many-rooms' });

    await stranger.ok('game:join', { gameId: first ?? '' });
    await stranger.ok('game:leave', { gameId: first ?? '' });
    await stranger.ok('chat:send', { gameId: first ?? '', text: 'still here' });
    await stranger.settle();
    // its own line is answered in the ack; the channel's broadcast no longer reaches it
    expect(stranger.received('chat:message')).toEqual([]);
    expect((await stranger.ok('chat:join', { gameId: last })).channel).toBe('spectators');
  });
});
