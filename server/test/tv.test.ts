import type { ClientPayload, GameSummary, TvChannel } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { mostWorthWatching } from '../src/tv/tv-service.js';
import { http } from './durable-helpers.js';
import { Client, startServer } from './helpers.js';

const game = (id: string, over: Partial<GameSummary> = {}): GameSummary => ({
  id,
  variant: 'scottish',
  timeControl: { kind: 'none' },
  white: 'W',
  black: 'B',
  turn: 1,
  spectators: 0,
  ...over,
});

describe('TV: the game most worth watching', () => {
  it('is the highest rated, else the most watched, else the most recent; per variant', () => {
    const games = [game('new'), game('watched', { spectators: 3 }), game('rated', { whiteRating: 1600, blackRating: 1500 }), game('low', { whiteRating: 1400, blackRating: 1400, spectators: 9 })];
    expect(mostWorthWatching(games)?.id).toBe('rated');
    expect(mostWorthWatching(games.slice(0, 2))?.id).toBe('watched');
    expect(mostWorthWatching([game('a'), game('b')])?.id).toBe('a');
    expect(mostWorthWatching(games, 'italian')).toBeNull();
    expect(mostWorthWatching([...games, game('it', { variant: 'italian' })], 'italian')?.id).toBe('it');
  });

  it('GET /api/tv answers a public game in progress of the channel, never a private one', async () => {
    const server = await startServer();
    const [a, b] = [await Client.connect(server), await Client.connect(server)];
    const seek = (visibility: 'public' | 'private'): ClientPayload<'seek:create'> => ({ variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility });
    const invite = await a.ok('seek:create', seek('private'));
    const { gameId: privateId } = await b.ok('seek:accept', { code: invite.seek.inviteCode ?? '' });
    expect((await http(server, 'GET', '/api/tv')).body).toEqual({ game: null, state: null });
    const open = await a.ok('seek:create', seek('public'));
    const { gameId } = await b.ok('seek:accept', { seekId: open.seek.id });
    // the channel's choice is kept 2 s: another variant's channel is asked first
    const channel = (await http(server, 'GET', '/api/tv?variant=scottish')).body as TvChannel;
    expect(channel.game?.id).toBe(gameId);
    expect(channel.state).toEqual(expect.any(String));
    expect((await http(server, 'GET', '/api/tv?variant=italian')).body).toEqual({ game: null, state: null });
    expect(await http(server, 'GET', '/api/tv?variant=nope')).toMatchObject({ status: 400 });
    // the game shown (`watching`) is over or not: TV moves on only once it is
    const watching = async (id: string): Promise<boolean | undefined> =>
      ((await http(server, 'GET', `/api/tv?variant=scottish&watching=${id}`)).body as TvChannel).watchingOver;
    expect(await watching(privateId)).toBe(false);
    await a.ok('game:resign', { gameId: privateId });
    expect(await watching(privateId)).toBe(true);
    expect(await watching('no-such-game')).toBe(true);
    expect(await watching(gameId)).toBe(false);
  });
});
