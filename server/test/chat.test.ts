import { CHAT_HISTORY, CHAT_MAX_LENGTH } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, createGame, startServer } from './helpers.js';

async function setup(deps: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(deps);
  const [white, black, carol, dan] = await Promise.all([
    Client.connect(server, { name: 'Wanda' }),
    Client.connect(server, { name: 'Boris' }),
    Client.connect(server, { name: 'Carol' }),
    Client.connect(server, { name: 'Dan' }),
  ]);
  const gameId = await createGame(server, white, black);
  return { server, white, black, carol, dan, gameId };
}

describe('game chat', () => {
  it('players and spectators talk in separate channels; lines come back on join', async () => {
    const { white, black, carol, dan, gameId } = await setup();
    expect(await white.ok('chat:join', { gameId })).toMatchObject({ channel: 'players', messages: [] });
    expect((await black.ok('chat:join', { gameId })).channel).toBe('players');
    expect((await carol.ok('chat:join', { gameId })).channel).toBe('spectators');
    await dan.ok('chat:join', { gameId });

    const toBlack = black.next('chat:message');
    const sent = await white.ok('chat:send', { gameId, text: '  good luck <b>!</b>  ' });
    expect(sent.message).toMatchObject({ gameId, channel: 'players', text: 'good luck <b>!</b>', from: { id: white.id, name: 'Wanda', seat: 'white' } });
    expect(await toBlack).toEqual(sent.message);

    const toDan = dan.next('chat:message');
    await carol.ok('chat:send', { gameId, text: 'nice opening' });
    expect((await toDan).from).toMatchObject({ name: 'Carol', seat: 'spectator' });
    await Promise.all([carol.settle(), black.settle()]);
    // Neither side reads the other's channel.
    expect(carol.received('chat:message').map((m) => m.text)).toEqual(['nice opening']);
    expect(black.received('chat:message').map((m) => m.text)).toEqual(['good luck <b>!</b>']);

    // A later join (reload) gets the channel's history, oldest first.
    expect((await black.ok('chat:join', { gameId })).messages.map((m) => m.text)).toEqual(['good luck <b>!</b>']);
    expect((await dan.ok('chat:join', { gameId })).messages.map((m) => m.text)).toEqual(['nice opening']);
  });

  it('refuses empty and too long lines, unknown games; rate limits each sender', async () => {
    const { white, black, gameId } = await setup({ chatLimits: { lines: 3, windowSec: 60, ttlMs: 60_000 } });
    await white.ok('chat:join', { gameId });
    expect(await white.send('chat:send', { gameId, text: '   ' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await white.send('chat:send', { gameId, text: 'x'.repeat(CHAT_MAX_LENGTH + 1) })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await white.send('chat:send', { gameId: 'nosuchgame', text: 'hi' })).toMatchObject({ ok: false, code: 'unknown-game' });
    for (let i = 0; i < 3; i++) await white.ok('chat:send', { gameId, text: `line ${i}` });
    expect(await white.send('chat:send', { gameId, text: 'one more' })).toMatchObject({ ok: false, code: 'rate-limited' });
    // The limit is per sender: the opponent can still answer.
    await black.ok('chat:send', { gameId, text: 'slow down' });
  });

  it('refuses a line with a bidi override (it would show reversed to everyone); counts emoji as one character each', async () => {
    const { white, black, gameId } = await setup();
    await white.ok('chat:join', { gameId });
    await black.ok('chat:join', { gameId });
    const refused = await white.send('chat:send', { gameId, text: '\u202Ereversed text here' });
    expect(refused).toMatchObject({ ok: false, code: 'bad-request' });
    expect(refused.ok === false && refused.message).toMatch(/bidirectional control character/);
    expect(await white.send('chat:send', { gameId, text: 'isolate \u2067x\u2069' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await white.send('chat:send', { gameId, text: `zalgo a${'\u0300\u0301\u0302\u0303\u0304'}` })).toMatchObject({ ok: false, code: 'bad-request' });
    // 140 emoji (280 UTF-16 units) are 140 characters: sent whole.
    const emoji = '🙂'.repeat(CHAT_MAX_LENGTH);
    expect((await white.ok('chat:send', { gameId, text: emoji })).message.text).toBe(emoji);
    await black.settle();
    expect(black.received('chat:message').map((m) => m.text)).toEqual([emoji]);
  });

  it(`keeps the last ${CHAT_HISTORY} lines of a channel`, async () => {
    const { white, gameId } = await setup({ chatLimits: { lines: 1000, windowSec: 60, ttlMs: 60_000 }, rateLimit: { points: 1000, durationSec: 60 } });
    for (let i = 0; i < CHAT_HISTORY + 5; i++) await white.ok('chat:send', { gameId, text: `m${i}` });
    const { messages } = await white.ok('chat:join', { gameId });
    expect(messages).toHaveLength(CHAT_HISTORY);
    expect(messages[0]?.text).toBe('m5');
    expect(messages.at(-1)?.text).toBe(`m${CHAT_HISTORY + 4}`);
  });
});
