import { INITIAL_FEN, seededRandom, type GameEvent } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import { ALL_BOT_GAMES, botGamesOf } from '../../server/src/bot/bot-settings.js';
import { createWorkerPool } from '../../server/src/compute/worker-pool.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { manualClock } from '../../server/test/helpers.js';
import { call, request, waitFor, type Client } from '../support/game-client.js';
import { playAsHuman } from '../support/scripted-human.js';
import { player, start, UNTIMED } from './bot-app.js';

describe('playing the computer', () => {
  it('a scripted human plays random moves, the bot answers through the game service, versions are gap-free, the game ends', async () => {
    const { app, url, store } = await start();
    const human = await player(url, 'Human');
    const started = waitFor(human.socket, 'game:start', () => true);
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'white', level: 1 });
    expect((await started)[0]).toEqual({ gameId, color: 'white' });
    const game = await playAsHuman(human, gameId, { random: seededRandom(11), timeoutMs: 90_000 });
    expect(game.outcome).not.toBeNull();
    expect(game.resyncs).toBe(0);
    expect(game.seen).toBeGreaterThan(0);
    expect(game.versions).toEqual(game.versions.map((_, i) => i + 2));
    // The bot's seat and its moves, as stored by the game service.
    const stored = await app.services.games.load(gameId);
    const doc = JSON.parse(stored.doc) as { players: { black: { id: string; name: string } }; status: string };
    expect(doc.players.black).toEqual({ id: 'bot:1', name: 'Computer (level 1)' });
    expect(doc.status).toBe('finished');
    const moves = stored.moves.map((m) => JSON.parse(m) as { color: string });
    expect(moves.filter((m) => m.color === 'black')).toHaveLength(game.seen);
    // The game no longer counts against the player's caps.
    await vi.waitFor(async () => {
      for (const key of [human.session.playerId, botGamesOf(human.session.playerId), ALL_BOT_GAMES]) expect(await store.gamesOf(key)).toEqual([]);
    });
  });

  it('the bot plays White from the first move, and declines a draw offer', async () => {
    const { url } = await start();
    const human = await player(url, 'Human');
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 }, color: 'black', level: 2 });
    const joined = await call(human.socket, 'game:join', { gameId });
    expect(joined.seat).toBe('black');
    expect(joined.snapshot.players.white.name).toBe('Computer (level 2)');
    // White's first series (one move) comes from the bot.
    if (joined.snapshot.moves.length === 0) await waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'move');
    const now = await call(human.socket, 'game:resync', { gameId });
    expect(now.snapshot.moves).toHaveLength(1);
    expect(now.snapshot.moves[0]!.color).toBe('white');
    // Black offers a draw on its own turn: the bot answers at once, without waiting for its turn.
    const declined = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'draw-declined');
    await call(human.socket, 'game:drawOffer', { gameId });
    const [event] = await declined;
    expect(event.event).toEqual({ type: 'draw-declined', by: 'white' });
    const after = await call(human.socket, 'game:resync', { gameId });
    expect([after.snapshot.moves.length, after.snapshot.drawOffer]).toEqual([1, null]); // still Black's turn
    const game = playAsHuman(human, gameId, { random: seededRandom(3), timeoutMs: 60_000 });
    expect((await game).outcome).not.toBeNull();
  });

  it('a game that ends while the bot thinks: the search is cancelled and nothing is committed after', async () => {
    const compute = createWorkerPool({ size: 1 });
    // Level 3 with a huge budget: English turn 7 from the start has no mate, and proving it takes seconds.
    const { app, url, store } = await start({ compute, bot: { budgetMs: { 1: 100, 2: 400, 3: 60_000 } } });
    const human = await player(url, 'Human');
    const gameId = await app.services.games.create({
      variant: 'english',
      timeControl: UNTIMED,
      fen: INITIAL_FEN,
      turn: 7,
      white: { id: 'bot:3', name: 'Computer (level 3)' },
      black: { id: human.session.playerId, name: 'Human' },
      bot: { color: 'white', level: 3, owner: human.session.playerId },
    });
    const events: GameEvent[] = [];
    human.socket.on('game:event', (e) => events.push(e));
    await call(human.socket, 'game:join', { gameId });
    await vi.waitFor(() => expect(compute.stats().busy).toBe(1), { timeout: 10_000 });
    expect(compute.stats().cancelled).toBe(0);
    const resigned = await call(human.socket, 'game:resign', { gameId });
    await vi.waitFor(() => expect(compute.stats()).toMatchObject({ cancelled: 1, busy: 0 }), { timeout: 5_000 });
    // The search stopped (at its next look at its clock, else its thread was replaced): one thread left.
    await vi.waitFor(() => expect(compute.stats()).toMatchObject({ threads: 1, crashed: 0 }), { timeout: 5_000 });
    await vi.waitFor(() => expect(events.map((e) => e.event.type)).toContain('game-over'), { timeout: 5_000 });
    const told = events.map((e) => e.event.type);
    // the app's close waits for the bot driver's turn in flight: a move it would commit is in the store then
    await app.close();
    const stored = await store.loadGame(gameId);
    expect(stored?.version).toBe(resigned.version);
    expect(stored?.moves).toHaveLength(0);
    expect(told).toEqual(['game-over']);
  });

  it('caps: games against the computer per player, on the whole service, and the usual games in progress', async () => {
    const { url, store } = await start({ bot: { maxPerPlayer: 2, maxGames: 3 }, limits: { maxGamesPerPlayer: 3 } });
    const a = await player(url, 'A');
    const b = await player(url, 'B');
    const play = (c: Client) => request(c.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'white', level: 1 });
    const first = await play(a);
    expect(first.ok).toBe(true);
    expect((await play(a)).ok).toBe(true);
    expect(await play(a)).toMatchObject({ ok: false, code: 'too-many-bot-games', message: expect.stringMatching(/already play 2 games .*abort one of them \(Your games, in the lobby\)/) });
    expect((await play(b)).ok).toBe(true);
    expect(await play(b)).toMatchObject({ ok: false, code: 'busy' });
    // Refusals leave no count behind; an ended game frees its places.
    expect(await store.gamesOf(b.session.playerId)).toHaveLength(1);
    expect(await store.gamesOf(ALL_BOT_GAMES)).toHaveLength(3);
    if (!first.ok) throw new Error('unreachable');
    await call(a.socket, 'game:resign', { gameId: first.gameId });
    await vi.waitFor(async () => expect(await store.gamesOf(botGamesOf(a.session.playerId))).toHaveLength(1));
    expect((await play(b)).ok).toBe(true);
  });

  it('an untimed game against the computer in which the person never moves is aborted after UNPLAYED_BOT_GAME_SECONDS, freeing its places', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    const { url } = await start({ store, now: clock.now, limits: { unplayedBotGameMs: 10_000 } });
    const idle = await player(url, 'Idle');
    const keen = await player(url, 'Keen');
    const play = (c: Client, color: 'white' | 'black') => call(c.socket, 'bot:play', { variant: 'scottish', timeControl: UNTIMED, color, level: 1 });
    // Idle plays Black: the computer opens, then Idle never moves. Keen plays White and moves once.
    const { gameId: unplayed } = await play(idle, 'black');
    await call(idle.socket, 'game:join', { gameId: unplayed });
    await vi.waitFor(async () => expect((await store.loadGameHead(unplayed))?.version).toBe(2), { timeout: 20_000 });
    const { gameId: played } = await play(keen, 'white');
    await call(keen.socket, 'game:move', { gameId: played, version: 1, move: 'e2e4' });
    const over = waitFor(idle.socket, 'game:event', (e: GameEvent) => e.gameId === unplayed && e.event.type === 'game-over');
    clock.advance(10_000);
    expect((await over)[0].event).toMatchObject({ outcome: { result: null, reason: 'aborted', abort: 'abandoned' } });
    await vi.waitFor(async () => {
      for (const key of [idle.session.playerId, botGamesOf(idle.session.playerId)]) expect(await store.gamesOf(key)).toEqual([]);
    });
    expect(await store.gamesOf(ALL_BOT_GAMES)).toEqual([played]);
    // the game its person played goes on: the usual 14-day abandonment applies to it
    const doc = JSON.parse((await store.loadGameHead(played))?.doc ?? '{}') as { status: string; idleDeadline: number };
    expect(doc.status).toBe('playing');
    expect(doc.idleDeadline).toBeGreaterThan(clock.now() + 13 * 86_400_000);
  });

  it('games against the computer count among the games in progress of the player', async () => {
    const { url, store } = await start({ limits: { maxGamesPerPlayer: 1 } });
    const c = await player(url, 'C');
    const play = () => request(c.socket, 'bot:play', { variant: 'italian', timeControl: UNTIMED, color: 'white', level: 1 });
    expect((await play()).ok).toBe(true);
    expect(await play()).toMatchObject({ ok: false, code: 'too-many-games' });
    expect(await store.gamesOf(ALL_BOT_GAMES)).toHaveLength(1);
  });
});
