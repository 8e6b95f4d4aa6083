import { describe, expect, it, vi } from 'vitest';
import { ALL_BOT_GAMES, botGamesOf } from '../../server/src/bot/bot-settings.js';
import { call, waitFor } from '../support/game-client.js';
import { player, start } from './bot-app.js';

const FISCHER = { kind: 'fischer', initial: 300, increment: 5 } as const;

describe('rematch against the computer', () => {
  it('the computer accepts at once: colours swap, same level, variant and time control, and it plays its new seat', async () => {
    const { app, url, store } = await start();
    const human = await player(url, 'Human');
    const me = human.session.playerId;
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'italian', timeControl: FISCHER, color: 'white', level: 2 });
    await call(human.socket, 'game:join', { gameId });
    await call(human.socket, 'game:resign', { gameId });

    const started = waitFor(human.socket, 'game:start', (s) => s.gameId !== gameId);
    const rematched = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'rematch');
    await call(human.socket, 'game:rematchOffer', { gameId });
    const [{ gameId: next, color }] = await started;
    expect(color).toBe('black');
    expect((await rematched)[0].event).toEqual({ type: 'rematch', gameId: next });

    const joined = await call(human.socket, 'game:join', { gameId: next });
    expect(joined.seat).toBe('black');
    expect(joined.snapshot.players.white).toMatchObject({ id: 'bot:2', name: 'Computer (level 2)' });
    expect(joined.snapshot.variant).toBe('italian');
    expect(joined.snapshot.timeControl).toEqual(FISCHER);
    const doc = JSON.parse((await app.services.games.load(next)).doc) as { bot: unknown; rematchOffer: unknown };
    expect(doc.bot).toEqual({ color: 'white', level: 2, owner: me });
    // The computer now has White: its first series (one move) comes without being asked.
    if (joined.snapshot.moves.length === 0) await waitFor(human.socket, 'game:event', (e) => e.gameId === next && e.event.type === 'move');
    const now = await call(human.socket, 'game:resync', { gameId: next });
    expect(now.snapshot.moves[0]?.color).toBe('white');

    // Counted like any game against the computer; the finished one no longer is.
    await vi.waitFor(async () => {
      for (const key of [me, botGamesOf(me), ALL_BOT_GAMES]) expect(await store.gamesOf(key)).toEqual([next]);
    });
    expect(await store.gamesOf('bot:2')).toEqual([]);
    // Asking again changes nothing: the rematch exists.
    const old = await call(human.socket, 'game:resync', { gameId });
    expect(old.snapshot.rematchGameId).toBe(next);
    await call(human.socket, 'game:rematchOffer', { gameId });
    expect((await call(human.socket, 'game:resync', { gameId })).snapshot.version).toBe(old.snapshot.version);
  });

  it('game:rematchAccept works too (the computer stands ready), and a finished rematch can be rematched again', async () => {
    const { url } = await start();
    const human = await player(url, 'Human');
    const first = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'black', level: 1 });
    await call(human.socket, 'game:resign', { gameId: first.gameId });
    const second = await call(human.socket, 'game:rematchAccept', { gameId: first.gameId });
    const joined = await call(human.socket, 'game:join', { gameId: second.gameId });
    expect(joined.seat).toBe('white');
    expect(joined.snapshot.players.black.name).toBe('Computer (level 1)');
    await call(human.socket, 'game:resign', { gameId: second.gameId });
    const third = await call(human.socket, 'game:rematchAccept', { gameId: second.gameId });
    expect((await call(human.socket, 'game:join', { gameId: third.gameId })).seat).toBe('black');
  });
});
