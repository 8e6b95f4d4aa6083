import { chooseSeries, makeUci, replayMoves, seededRandom } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { useDatabase } from '../durable-helpers.js';
import { startServer } from '../helpers.js';
import { api, openStream, register, tokenOf } from './api-helpers.js';

const db = useDatabase();

describe('a game against the built-in computer through the API (POST /api/challenge/ai)', () => {
  it('starts at once (gameStart on the event stream), the computer answers each series on the game stream, to the end', async () => {
    const server = await startServer({ database: db() });
    const person = await register(server, 'person');
    const token = await tokenOf(server, person, ['board:play']);
    const events = await openStream(server, '/api/stream/event', token);

    expect(await api(server, 'POST', '/api/challenge/ai', token, { level: 4, variant: 'italian', timeControl: { kind: 'none' } })).toMatchObject({
      status: 400,
      body: { ok: false, code: 'bad-request' },
    });
    const made = await api(server, 'POST', '/api/challenge/ai', token, { level: 1, variant: 'italian', timeControl: { kind: 'none' }, color: 'white' });
    expect(made).toMatchObject({ status: 201, body: { ok: true, gameId: expect.any(String) } });
    const gameId = made.body.gameId as string;
    expect(await events.next((v) => v.type === 'gameStart')).toEqual({ type: 'gameStart', game: { id: gameId, color: 'white' } });

    const game = await openStream(server, `/api/board/game/stream/${gameId}`, token);
    expect(await game.next()).toMatchObject({
      type: 'gameFull',
      id: gameId,
      white: { id: person.client.id, name: 'person' },
      black: { id: 'bot:1' },
      state: { turn: 1, color: 'white', status: 'playing' },
    });
    // our series chosen by the same search, at level 1; the computer's come on the stream
    const random = seededRandom(11);
    let tick = 0;
    let moves: string[] = [];
    let state: Record<string, unknown> = { turn: 1, color: 'white', moveIndex: 0, status: 'playing' };
    for (let turns = 0; state.status === 'playing' && turns < 60; turns++) {
      if (state.color === 'white') {
        const at = replayMoves('italian', null, 1, moves);
        if (!at.ok) throw new Error(at.error);
        const series = chooseSeries(at.state, { level: 1, budgetMs: 50, now: () => tick++, random }).map(makeUci);
        const played = await api(server, "POST", `/api/board/game/${gameId}/series`, token, { moves: series });
        expect(played, JSON.stringify({ moves, series, state })).toMatchObject({ status: 200, body: { ok: true } });
      }
      // our turn again (the computer played its series), or the end
      state = await game.next((v) => v.type === 'gameState' && ((v.color === 'white' && v.moveIndex === 0) || v.status !== 'playing'), 30_000);
      moves = state.moves as string[];
    }
    expect(state.status).not.toBe('playing');
    expect(replayMoves('italian', null, 1, moves).ok).toBe(true);
    await game.ended;
    expect(await events.next((v) => v.type === 'gameFinish')).toEqual({ type: 'gameFinish', game: { id: gameId } });
    events.close();
  });

  it('needs a token with a play or challenge scope, and caps the games against the computer like "Play the computer"', async () => {
    const server = await startServer({ database: db(), bot: { maxPerPlayer: 1 } });
    const person = await register(server, 'person');
    const body = { level: 2, variant: 'scottish', timeControl: { kind: 'correspondence', daysPerTurn: 3 } };
    expect(await api(server, 'POST', '/api/challenge/ai', null, body)).toMatchObject({ status: 401 });
    const token = await tokenOf(server, person, ['challenge:write']);
    expect((await api(server, 'POST', '/api/challenge/ai', token, body)).status).toBe(201);
    expect(await api(server, 'POST', '/api/challenge/ai', token, body)).toMatchObject({ status: 429, body: { code: 'too-many-bot-games' } });
  });
});
