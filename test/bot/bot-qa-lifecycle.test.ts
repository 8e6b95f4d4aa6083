import { seededRandom, type GameEvent } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import { ALL_BOT_GAMES, botGamesOf } from '../../server/src/bot/bot-settings.js';
import { call, connectClient, request, waitFor, type Client } from '../support/game-client.js';
import { playAsHuman } from '../support/scripted-human.js';
import { player, start, UNTIMED } from './bot-app.js';
import { sharedPool } from './bot-qa-pool.js';

/** A game against the computer around its moves: abort, draw offers on its turn, spectators, the person leaving. */
const borrowed = sharedPool();

const FISCHER = { kind: 'fischer', initial: 60, increment: 0 } as const;
const isMove = (gameId: string) => (e: GameEvent) => e.gameId === gameId && e.event.type === 'move';

describe('a game against the computer, around its moves', () => {
  it('abort: before the person has moved (places freed at once), refused once both sides have completed a turn', async () => {
    const { url, store } = await start({ compute: borrowed() });
    const human = await player(url, 'Human');
    const me = human.session.playerId;
    const first = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: FISCHER, color: 'white', level: 1 });
    const aborted = await call(human.socket, 'game:abort', { gameId: first.gameId });
    expect(aborted.event).toMatchObject({ type: 'game-over', outcome: { result: null, reason: 'aborted' } });
    await vi.waitFor(async () => expect(await store.gamesOf(botGamesOf(me))).toEqual([]));

    const { gameId } = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: FISCHER, color: 'white', level: 1 });
    await call(human.socket, 'game:join', { gameId });
    const answered = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.version === 4, 20_000);
    await call(human.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
    await answered; // the computer's two moves: both sides have completed a turn
    expect(await request(human.socket, 'game:abort', { gameId })).toMatchObject({ ok: false, code: 'too-late-to-abort' });
    await call(human.socket, 'game:resign', { gameId });
    await vi.waitFor(async () => {
      for (const key of [me, botGamesOf(me), ALL_BOT_GAMES]) expect(await store.gamesOf(key)).toEqual([]);
    });
  });

  it('a draw offered while the computer is to move is declined, and it plays its series after', async () => {
    const { url } = await start({ compute: borrowed(), bot: { pauseMs: [50, 50] } });
    const human = await player(url, 'Human');
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'english', timeControl: UNTIMED, color: 'white', level: 3 });
    await call(human.socket, 'game:join', { gameId });
    const declined = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'draw-declined', 20_000);
    await call(human.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
    await call(human.socket, 'game:drawOffer', { gameId });
    expect((await declined)[0].event).toEqual({ type: 'draw-declined', by: 'black' });
    await vi.waitFor(async () => {
      const { snapshot } = await call(human.socket, 'game:resync', { gameId });
      expect(snapshot.moves.map((m) => m.color)).toEqual(['white', 'black', 'black']);
      expect(snapshot.drawOffer).toBeNull();
    }, { timeout: 20_000 });
  });

  it('a spectator watches the computer\'s series move by move, each its own versioned event', async () => {
    const { url } = await start({ compute: borrowed(), bot: { pauseMs: [40, 40] } });
    const human = await player(url, 'Human');
    const watcher = await player(url, 'Watcher');
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'black', level: 3 });
    expect((await call(watcher.socket, 'game:join', { gameId })).seat).toBe('spectator');
    const game = await playAsHuman(human, gameId, { random: seededRandom(4), timeoutMs: 60_000 });
    expect(game.outcome).not.toBeNull();
    const { snapshot } = await call(watcher.socket, 'game:resync', { gameId });
    const seen = watcher.events.filter((e) => e.gameId === gameId);
    const moves = seen.filter(isMove(gameId));
    // every move reached the spectator, in order, one event each, the computer's a pause apart
    expect(moves.map((e) => e.event.type === 'move' && e.event.uci)).toEqual(snapshot.moves.slice(snapshot.moves.length - moves.length).map((m) => m.uci));
    expect(seen.map((e) => e.version)).toEqual(seen.map((_, i) => seen[0]!.version + i));
    const botSeries = snapshot.moves.filter((m) => m.color === 'white' && m.turn >= 3);
    for (const [i, m] of botSeries.entries()) if (i > 0 && m.turn === botSeries[i - 1]!.turn) expect(m.at - botSeries[i - 1]!.at).toBeGreaterThanOrEqual(35);
  });

  it('the person leaves mid-game: the computer still plays its turn, the game waits on the person\'s clock, and both unfinished games keep their places', async () => {
    const { url, store } = await start({ compute: borrowed() });
    const human = await player(url, 'Human');
    const { token, playerId: me } = human.session;
    const games: string[] = [];
    for (const variant of ['scottish', 'cost'] as const) {
      const { gameId } = await call(human.socket, 'bot:play', { variant, timeControl: FISCHER, color: 'white', level: 1 });
      await call(human.socket, 'game:join', { gameId });
      await call(human.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
      games.push(gameId);
    }
    human.close();
    // the computer answers with nobody there
    const back: Client = await connectClient(url, { token });
    try {
      for (const gameId of games) {
        await vi.waitFor(async () => {
          const { snapshot } = await call(back.socket, 'game:resync', { gameId });
          expect(snapshot.moves.at(-1)).toMatchObject({ color: 'black', turnEnded: true });
          expect(snapshot.outcome).toBeNull();
          expect(snapshot.clocks.running).toBe('white');
        }, { timeout: 20_000 });
      }
      // they still count: a third game against the computer is refused until one ends
      expect(await request(back.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'white', level: 1 })).toMatchObject({ ok: false, code: 'too-many-bot-games' });
      const { myGames } = await call(back.socket, 'lobby:myGames', {});
      expect(myGames.map((g) => g.id).sort()).toEqual([...games].sort());
      expect(myGames.every((g) => g.bot === true && g.yourTurn)).toBe(true);
      expect((await store.gamesOf(botGamesOf(me))).sort()).toEqual([...games].sort());
      await call(back.socket, 'game:resign', { gameId: games[0]! });
      expect(await request(back.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'white', level: 1 })).toMatchObject({ ok: true });
    } finally {
      back.close();
    }
  });
});
