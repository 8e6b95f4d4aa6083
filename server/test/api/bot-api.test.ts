import { MAX_API_TOKENS, MAX_STREAMS_PER_TOKEN } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { http, useDatabase } from '../durable-helpers.js';
import { Client, manualClock, playMoves, startServer } from '../helpers.js';
import { api, openStream, privateApiGame, register, tokenOf } from './api-helpers.js';

const db = useDatabase();

describe('API tokens', () => {
  it('are created (the secret once), listed, capped and revoked; a wrong, missing or revoked one is 401 bad-api-token', async () => {
    const server = await startServer({ database: db() });
    const alice = await register(server, 'alice');
    const made = await http(server, 'POST', '/api/account/tokens', { description: 'my bot', scopes: ['bot:play'] }, alice.cookie);
    expect(made.status).toBe(201);
    const { token, id } = made.body as { token: string; id: string };
    expect(token).toMatch(/^pcl_[A-Za-z0-9_-]{40,}$/);
    const listed = await http(server, 'GET', '/api/account/tokens', undefined, alice.cookie);
    expect(listed.body).toEqual({ ok: true, tokens: [{ id, description: 'my bot', scopes: ['bot:play'], createdAt: expect.any(Number), lastUsedAt: null }] });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect(await api(server, 'GET', '/api/account', token)).toEqual({
      status: 200,
      body: { ok: true, id: alice.client.id, username: 'alice', bot: false, scopes: ['bot:play'] },
    });
    expect((await api(server, 'GET', '/api/bot/game/stream/abc', 'pcl_wrong')).body).toMatchObject({ ok: false, code: 'bad-api-token' });
    const none = await api(server, 'POST', '/api/bot/account/upgrade', null);
    expect(none).toMatchObject({ status: 401, body: { ok: false, code: 'bad-api-token' } });
    // without a session: no token management
    expect((await http(server, 'POST', '/api/account/tokens', { description: 'x', scopes: ['bot:play'] })).status).toBe(401);
    expect((await http(server, 'POST', '/api/account/tokens', { description: 'x', scopes: ['admin'] }, alice.cookie)).status).toBe(400);

    for (let i = 1; i < MAX_API_TOKENS; i++) await tokenOf(server, alice);
    const over = await http(server, 'POST', '/api/account/tokens', { description: 'one more', scopes: ['bot:play'] }, alice.cookie);
    expect(over).toMatchObject({ status: 409, body: { ok: false, code: 'too-many-tokens' } });

    const revoke = await fetch(`${server.url}/api/account/tokens/${id}`, { method: 'DELETE', headers: { cookie: alice.cookie } });
    expect(revoke.status).toBe(200);
    expect(await api(server, 'GET', '/api/account', token)).toMatchObject({ status: 401, body: { ok: false, code: 'bad-api-token' } });
  });

  it('answer 403 missing-scope for an endpoint outside their scopes', async () => {
    const server = await startServer({ database: db() });
    const alice = await register(server, 'alice');
    const boardOnly = await tokenOf(server, alice, ['board:play']);
    expect(await api(server, 'POST', '/api/bot/account/upgrade', boardOnly)).toMatchObject({ status: 403, body: { code: 'missing-scope' } });
    expect(await api(server, 'POST', '/api/challenge/bob', boardOnly, { variant: 'italian', timeControl: { kind: 'none' } })).toMatchObject({
      status: 403,
      body: { code: 'missing-scope' },
    });
    expect(await api(server, 'POST', '/api/bot/game/abcdef/resign', boardOnly)).toMatchObject({ status: 403, body: { code: 'missing-scope' } });
  });
});

describe('bot accounts', () => {
  it('an account that has played no game becomes a bot; the Bot API is for bots and the Board API for people', async () => {
    const server = await startServer({ database: db() });
    const [alice, bob] = [await register(server, 'alice'), await register(server, 'bob')];
    const token = await tokenOf(server, alice, ['bot:play', 'board:play']);
    expect(await api(server, 'POST', '/api/bot/game/abcdef/resign', token)).toMatchObject({ status: 403, body: { code: 'not-a-bot' } });
    expect(await api(server, 'POST', '/api/bot/account/upgrade', token)).toEqual({ status: 200, body: { ok: true, bot: true } });
    expect((await api(server, 'GET', '/api/account', token)).body).toMatchObject({ bot: true });
    expect(await api(server, 'GET', '/api/bots', null)).toEqual({ status: 200, body: { ok: true, bots: ['alice'] } });
    expect(await api(server, 'POST', '/api/board/game/abcdef/resign', token)).toMatchObject({ status: 403, body: { code: 'is-a-bot' } });

    // bob has a game in progress: he cannot become a bot
    const { seek } = await bob.client.ok('seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' });
    await (await register(server, 'carol')).client.ok('seek:accept', { seekId: seek.id });
    const bobToken = await tokenOf(server, bob);
    expect(await api(server, 'POST', '/api/bot/account/upgrade', bobToken)).toMatchObject({ status: 409, body: { code: 'has-played' } });
  });
});

describe('a bot plays a challenge through the API', () => {
  it('hears the challenge, accepts, streams the game, moves one by one and by series, is refused illegal moves with the rules code, resigns', async () => {
    const server = await startServer({ database: db() });
    const [person, bot] = [await register(server, 'person'), await register(server, 'robot')];
    const token = await tokenOf(server, bot);
    expect((await api(server, 'POST', '/api/bot/account/upgrade', token)).status).toBe(200);
    const events = await openStream(server, '/api/stream/event', token);
    expect(events.status).toBe(200);

    const { seek } = await person.client.ok('seek:create', {
      variant: 'italian',
      timeControl: { kind: 'fischer', initial: 300, increment: 5 },
      color: 'black',
      visibility: 'private',
      opponent: 'robot',
    });
    expect(await events.next()).toEqual({
      type: 'challenge',
      challenge: { id: seek.id, challenger: { id: person.client.id, name: 'person', rating: 1500 }, variant: 'italian', timeControl: seek.timeControl, color: 'black', rated: false },
    });
    const accepted = await api(server, 'POST', `/api/challenge/${seek.id}/accept`, token);
    expect(accepted.status).toBe(200);
    const gameId = accepted.body.gameId as string;
    expect(await events.next()).toEqual({ type: 'gameStart', game: { id: gameId, color: 'white' } });

    const game = await openStream(server, `/api/bot/game/stream/${gameId}`, token);
    const full = await game.next();
    expect(full).toMatchObject({
      type: 'gameFull',
      id: gameId,
      variant: 'italian',
      white: { id: bot.client.id, name: 'robot', bot: true },
      black: { id: person.client.id, name: 'person', bot: false },
      initialTurn: 1,
      state: { type: 'gameState', moves: [], turn: 1, color: 'white', moveIndex: 0, budget: 1, status: 'playing' },
    });
    expect(await api(server, 'GET', `/api/bot/game/stream/${gameId}`, token)).toMatchObject({ status: 409, body: { code: 'stream-open' } });

    expect(await api(server, 'POST', `/api/bot/game/${gameId}/move/e2e5`, token)).toMatchObject({ status: 400, body: { ok: false, code: 'illegal-move' } });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/move/zz`, token)).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/move/e2e4`, token)).body).toMatchObject({ ok: true });
    // (an opponentGone line may come first: the person has not joined the game's room yet)
    expect(await game.next((v) => v.type === 'gameState' && (v.moves as string[]).length === 1)).toMatchObject({ type: 'gameState', moves: ['e2e4'], turn: 2, color: 'black', moveIndex: 0 });

    const { snapshot } = await person.client.ok('game:join', { gameId });
    await playMoves(person.client, gameId, snapshot.version, ['e7e5', 'g8f6']);
    expect(await game.next((v) => v.type === 'gameState' && (v.moves as string[]).length === 3)).toMatchObject({ moves: ['e2e4', 'e7e5', 'g8f6'], turn: 3, color: 'white' });

    // a series stops at its first refusal, with the index and the rules' code
    const refused = await api(server, 'POST', `/api/bot/game/${gameId}/series`, token, { moves: ['d2d4', 'd4d6', 'g1f3'] });
    expect(refused).toMatchObject({ status: 400, body: { ok: false, code: 'illegal-move', index: 1 } });
    const series = await api(server, 'POST', `/api/bot/game/${gameId}/series`, token, { moves: ['g1f3', 'f1c4'] });
    expect(series).toMatchObject({ status: 200, body: { ok: true, applied: 2 } });
    expect(await game.next((v) => v.turn === 4)).toMatchObject({ moves: ['e2e4', 'e7e5', 'g8f6', 'd2d4', 'g1f3', 'f1c4'], color: 'black' });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/move/a2a3`, token)).toMatchObject({ status: 400, body: { code: 'not-your-turn' } });

    expect((await api(server, 'POST', `/api/bot/game/${gameId}/chat`, token, { text: 'good luck' })).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.type === 'chatLine')).toEqual({ type: 'chatLine', room: 'player', username: 'robot', text: 'good luck', at: expect.any(Number) });
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/resign`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.status === 'finished')).toMatchObject({ outcome: { result: '0-1', reason: 'resignation' } });
    await game.ended;
    expect(await events.next()).toEqual({ type: 'gameFinish', game: { id: gameId } });
    events.close();
  });

  it('challenges a person by name (capped as a person is), who is told; a stranger cannot stream the game', async () => {
    const server = await startServer({ database: db() });
    const [person, bot, stranger] = [await register(server, 'person'), await register(server, 'robot'), await register(server, 'stranger')];
    const token = await tokenOf(server, bot);
    await api(server, 'POST', '/api/bot/account/upgrade', token);
    const received = person.client.next('challenge:received');
    const made = await api(server, 'POST', '/api/challenge/person', token, { variant: 'english', timeControl: { kind: 'none' }, color: 'white' });
    expect(made).toMatchObject({ status: 201, body: { ok: true, challenge: { variant: 'english', color: 'white', challenger: { name: 'robot' } } } });
    const challenge = made.body.challenge as { id: string };
    expect((await received).id).toBe(challenge.id);
    expect(await api(server, 'POST', '/api/challenge/nobody', token, { variant: 'english', timeControl: { kind: 'none' } })).toMatchObject({
      status: 404,
      body: { code: 'unknown-player' },
    });
    const { gameId } = await person.client.ok('seek:accept', { seekId: challenge.id });
    const strangerToken = await tokenOf(server, stranger, ['board:play']);
    expect(await api(server, 'GET', `/api/board/game/stream/${gameId}`, strangerToken)).toMatchObject({ status: 403, body: { code: 'not-a-player' } });
  });

  it("tells the event stream of a challenge cancelled by its challenger and of the bot's own challenge declined", async () => {
    const server = await startServer({ database: db() });
    const [person, bot] = [await register(server, 'person'), await register(server, 'robot')];
    const token = await tokenOf(server, bot);
    await api(server, 'POST', '/api/bot/account/upgrade', token);
    const events = await openStream(server, '/api/stream/event', token);
    const { seek } = await person.client.ok('seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: 'robot' });
    expect(await events.next()).toMatchObject({ type: 'challenge', challenge: { id: seek.id } });
    await person.client.ok('seek:cancel', { seekId: seek.id });
    expect(await events.next()).toEqual({ type: 'challengeCanceled', challenge: { id: seek.id, reason: 'cancelled' } });

    const made = await api(server, 'POST', '/api/challenge/person', token, { variant: 'italian', timeControl: { kind: 'none' } });
    const id = (made.body.challenge as { id: string }).id;
    await person.client.ok('seek:decline', { seekId: id });
    expect(await events.next()).toEqual({ type: 'challengeDeclined', challenge: { id, by: 'person' } });
    events.close();
  });

  it('caps the open streams of a token (429 too-many-streams)', async () => {
    const server = await startServer({ database: db() });
    const bot = await register(server, 'robot');
    const token = await tokenOf(server, bot);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_TOKEN; i++) open.push(await openStream(server, '/api/stream/event', token));
    expect(open.every((s) => s.status === 200)).toBe(true);
    expect(await api(server, 'GET', '/api/stream/event', token)).toMatchObject({ status: 429, body: { code: 'too-many-streams' } });
    for (const s of open) s.close();
  });
});

describe('an opponent who leaves, through the Bot API', () => {
  it('the stream tells opponentGone, with the claim countdown once the game has really started; a claim too early is refused, one after wins opponent-left', async () => {
    const CLAIM_MS = 5_000;
    const clock = manualClock();
    const server = await startServer({ database: db(), now: clock.now, presenceBatchMs: 30, limits: { claimAfterMs: CLAIM_MS } });
    const { person, token, gameId } = await privateApiGame(server, { kind: 'bot', program: 'robot', color: 'white', variant: 'italian' });
    const stream = await openStream(server, `/api/bot/game/stream/${gameId}`, token);
    // every line the stream sent, to show below that the absences came with no state line
    const lines: Record<string, unknown>[] = [];
    const game = { next: (pred: (v: Record<string, unknown>) => boolean = () => true) => stream.next((v) => (lines.push(v), pred(v))) };
    expect(await game.next()).toMatchObject({ type: 'gameFull', state: { status: 'playing' } });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/give-time`, token)).toMatchObject({ status: 400, body: { code: 'cannot-give-time' } });

    // the person opens the game (the room is counted: the bot is present by its open stream, so it is
    // the person's presence that is told, not an absence), plays the first turn, then closes it: the
    // game has not really started, so there is no countdown and a claim is refused (abort instead)
    const counted = person.client.next('game:presence', (p) => p.gameId === gameId && p.color === 'white' && p.online);
    await person.client.ok('game:join', { gameId });
    await counted;
    await playMoves(person.client, gameId, 1, ['e2e4']);
    // the stream tells commits in order: once it told e2e4, it has told all it had to tell of the
    // person's page before it joined (away until it joins, which a loaded machine shows as a line)
    await game.next((v) => v.type === 'gameState' && (v.moves as string[]).length === 1);
    const moved = lines.length;
    person.client.close();
    expect(await game.next((v) => v.type === 'opponentGone')).toEqual({ type: 'opponentGone', gone: true });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/claim-victory`, token)).toMatchObject({ status: 400, body: { ok: false, code: 'too-early-to-claim' } });

    // the bot completes its turn: the game has really started, the line is told again with the countdown
    for (const move of ['e7e5', 'g8f6']) expect((await api(server, 'POST', `/api/bot/game/${gameId}/move/${move}`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.type === 'opponentGone')).toEqual({ type: 'opponentGone', gone: true, claimWinInSeconds: CLAIM_MS / 1000 });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/claim-victory`, token)).toMatchObject({ status: 400, body: { ok: false, code: 'opponent-present' } });

    // back, then gone again: the countdown starts over
    const back = await Client.connect(server, {}, person.cookie);
    await back.ok('game:join', { gameId });
    expect(await game.next((v) => v.type === 'opponentGone')).toEqual({ type: 'opponentGone', gone: false });
    clock.advance(1_000);
    back.close();
    expect(await game.next((v) => v.type === 'opponentGone')).toEqual({ type: 'opponentGone', gone: true, claimWinInSeconds: CLAIM_MS / 1000 });
    clock.advance(CLAIM_MS - 1);
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/claim-draw`, token)).body).toMatchObject({ code: 'opponent-present' });

    clock.advance(1);
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/claim-victory`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.status === 'finished')).toMatchObject({ outcome: { result: '0-1', reason: 'opponent-left' } });
    await stream.ended;
    // each absence and return was a commit, told by its opponentGone line alone: after the state of
    // the bot's last move, the one state line is the finish
    expect(lines.slice(moved).filter((v) => v.type === 'opponentGone')).toHaveLength(4);
    const last = lines.filter((v) => v.type === 'gameState' && (v.moves as string[]).length === 3);
    expect(last).toEqual([expect.objectContaining({ status: 'playing' }), expect.objectContaining({ status: 'finished' })]);
  });
});

describe("a bot's open game stream is its presence in the game", () => {
  it("a person cannot claim against a bot whose stream is open; once it closes, the bot is away and the claim wins after the claim time", async () => {
    const CLAIM_MS = 5_000;
    const clock = manualClock();
    const server = await startServer({ database: db(), now: clock.now, presenceBatchMs: 30, limits: { claimAfterMs: CLAIM_MS } });
    const { person, token, gameId } = await privateApiGame(server, { kind: 'bot', program: 'robot', color: 'white', variant: 'italian' });
    const game = await openStream(server, `/api/bot/game/stream/${gameId}`, token);
    expect(await game.next()).toMatchObject({ type: 'gameFull', state: { status: 'playing' } });

    // the person's page is counted with the room (the bot never joins it)
    const counted = person.client.next('game:presence', (p) => p.gameId === gameId && p.color === 'white' && p.online);
    await person.client.ok('game:join', { gameId });
    await counted;
    // both sides complete a turn: claims are open (the game has really started)
    await playMoves(person.client, gameId, 1, ['e2e4']);
    for (const move of ['e7e5', 'g8f6']) expect((await api(server, 'POST', `/api/bot/game/${gameId}/move/${move}`, token)).body).toMatchObject({ ok: true });
    clock.advance(CLAIM_MS);
    expect(await person.client.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });
    const present = await server.app.services.rooms.snapshot(gameId);
    expect(present.players.black.online).toBe(true);
    expect(present.absence).toBeUndefined();

    // the bot's stream ends: its presence with it, recorded as the bot's absence
    const away = person.client.next('game:event', (e) => e.gameId === gameId && e.event.type === 'absence' && e.event.absence.black !== null);
    game.close();
    await away;
    expect((await server.app.services.rooms.snapshot(gameId)).players.black.online).toBe(false);
    expect(await person.client.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });
    clock.advance(CLAIM_MS);
    expect((await person.client.ok('game:claimVictory', { gameId })).event).toMatchObject({ type: 'game-over', outcome: { result: '1-0', reason: 'opponent-left' } });
  });
});

describe('a cost variant through the Bot API', () => {
  it('a series that stops short passes the rest of its points with 0000, and the move list shows the pass', async () => {
    const server = await startServer({ database: db() });
    const [person, bot] = [await register(server, 'person'), await register(server, 'robot')];
    const token = await tokenOf(server, bot);
    await api(server, 'POST', '/api/bot/account/upgrade', token);
    const { seek } = await person.client.ok('seek:create', { variant: 'cost', timeControl: { kind: 'none' }, color: 'black', visibility: 'private', opponent: 'robot' });
    const { gameId } = (await api(server, 'POST', `/api/challenge/${seek.id}/accept`, token)).body as { gameId: string };
    const game = await openStream(server, `/api/bot/game/stream/${gameId}`, token);
    expect(await game.next()).toMatchObject({ type: 'gameFull', variant: 'cost', state: { turn: 1, budget: 1, spent: 0 } });
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/move/e2e4`, token)).body).toMatchObject({ ok: true });
    const { snapshot } = await person.client.ok('game:join', { gameId });
    await playMoves(person.client, gameId, snapshot.version, ['e7e5']);
    expect(await game.next((v) => v.turn === 3)).toMatchObject({ color: 'white', budget: 2, spent: 0 });
    expect((await api(server, 'POST', `/api/bot/game/${gameId}/series`, token, { moves: ['d2d3', '0000'] })).body).toMatchObject({ ok: true, applied: 2 });
    expect(await game.next((v) => v.turn === 4)).toMatchObject({ moves: ['e2e4', 'e7e5', 'd2d3', '0000'], color: 'black' });
    expect(await api(server, 'POST', `/api/bot/game/${gameId}/move/0000`, token)).toMatchObject({ status: 400, body: { code: 'not-your-turn' } });
  });
});

describe('the Board API', () => {
  it('lets a person play their own game through an app: accept, stream, move, offer a draw that is accepted', async () => {
    const server = await startServer({ database: db() });
    const { person, token, gameId } = await privateApiGame(server, { kind: 'board', program: 'boardy', color: 'white' });
    const game = await openStream(server, `/api/board/game/stream/${gameId}`, token);
    expect(await game.next()).toMatchObject({ type: 'gameFull', white: { name: 'person', bot: false }, black: { name: 'boardy', bot: false } });
    const { snapshot } = await person.client.ok('game:join', { gameId });
    await playMoves(person.client, gameId, snapshot.version, ['e2e4']);
    expect(await game.next((v) => v.color === 'black')).toMatchObject({ moves: ['e2e4'], turn: 2 });
    expect((await api(server, 'POST', `/api/board/game/${gameId}/series`, token, { moves: ['e7e5', 'b8c6'] })).body).toMatchObject({ ok: true, applied: 2 });
    expect((await api(server, 'POST', `/api/board/game/${gameId}/draw/offer`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.drawOffer === 'black')).toMatchObject({ status: 'playing' });
    await person.client.ok('game:drawAccept', { gameId });
    expect(await game.next((v) => v.status === 'finished')).toMatchObject({ outcome: { result: '1/2-1/2' } });
  });

  it('takes back a series through the app: an offer the opponent accepts, then one the app declines', async () => {
    const server = await startServer({ database: db() });
    const { person, token, gameId } = await privateApiGame(server, { kind: 'board', program: 'boardy', color: 'white' });
    const game = await openStream(server, `/api/board/game/stream/${gameId}`, token);
    expect(await game.next()).toMatchObject({ type: 'gameFull', state: { takebackOffer: null } });
    const { snapshot } = await person.client.ok('game:join', { gameId });
    await playMoves(person.client, gameId, snapshot.version, ['e2e4']);
    await game.next((v) => v.color === 'black');
    expect((await api(server, 'POST', `/api/board/game/${gameId}/series`, token, { moves: ['e7e5', 'b8c6'] })).body).toMatchObject({ ok: true });
    // the app's series taken back: the state has fewer moves, black to play its turn again
    expect((await api(server, 'POST', `/api/board/game/${gameId}/takeback/offer`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.takebackOffer === 'black')).toMatchObject({ moves: ['e2e4', 'e7e5', 'b8c6'] });
    await person.client.ok('game:takebackAccept', { gameId });
    expect(await game.next((v) => Array.isArray(v.moves) && v.moves.length === 1)).toMatchObject({ moves: ['e2e4'], turn: 2, color: 'black', takebackOffer: null });
    // the person asks for theirs; the app declines through its route
    await person.client.ok('game:takebackOffer', { gameId });
    await game.next((v) => v.takebackOffer === 'white');
    expect((await api(server, 'POST', `/api/board/game/${gameId}/takeback/decline`, token)).body).toMatchObject({ ok: true });
    expect(await game.next((v) => v.takebackOffer === null)).toMatchObject({ moves: ['e2e4'], status: 'playing' });
    // no offer stands: accepting one is refused with the game command's code
    expect(await api(server, 'POST', `/api/board/game/${gameId}/takeback/accept`, token)).toMatchObject({ status: 400, body: { ok: false, code: 'no-takeback-offer' } });
  });

  it('refuses a takeback in a rated game with takeback-not-allowed', async () => {
    const server = await startServer({ database: db() });
    const { token, gameId } = await privateApiGame(server, { kind: 'board', program: 'boardy', color: 'black', rated: true });
    expect((await api(server, 'POST', `/api/board/game/${gameId}/move/e2e4`, token)).body).toMatchObject({ ok: true });
    const refused = await api(server, 'POST', `/api/board/game/${gameId}/takeback/offer`, token);
    expect(refused.body).toMatchObject({ ok: false, code: 'takeback-not-allowed' });
  });
});
