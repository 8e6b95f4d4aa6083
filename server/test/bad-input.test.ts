import type { GameSnapshot } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, gameWithPlayers, playMoves, startServer } from './helpers.js';

async function setup(deps: Parameters<typeof startServer>[0] = {}) {
  const { server, white, black, others, gameId } = await gameWithPlayers({ deps, game: { variant: 'scottish' }, others: 1 });
  const stranger = others[0]!;
  const version = await playMoves(white, gameId, 1, ['e2e4']);
  return { server, white, black, stranger, gameId, version };
}

const snap = async (c: Client, gameId: string): Promise<GameSnapshot> => (await c.ok('game:resync', { gameId })).snapshot;

/** Asserts the game did not change (same version, same moves, same state). */
async function unchanged(c: Client, gameId: string, before: GameSnapshot): Promise<void> {
  const after = await snap(c, gameId);
  expect(after.version).toBe(before.version);
  expect(after.moves).toEqual(before.moves);
  expect(after.state).toBe(before.state);
}

describe('bad input: each refused with its own code, the game unchanged', () => {
  it('schema failures are bad-request with the zod message', async () => {
    const { black, gameId, version } = await setup();
    const before = await snap(black, gameId);
    const cases: [string, unknown][] = [
      ['game:move', { gameId, version, move: 'e7-e5' }],
      ['game:move', { gameId, version: -1, move: 'e7e5' }],
      ['game:move', { gameId, version, move: 'e7e5', extra: 1 }],
      ['game:move', 'e7e5'],
      ['game:join', { gameId: '../etc/passwd' }],
      ['seek:create', { variant: 'crazyhouse', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' }],
      ['session:setName', { name: 42 }],
    ];
    for (const [event, payload] of cases) {
      const res = await black.raw(event, payload);
      expect(res, event).toMatchObject({ ok: false, code: 'bad-request' });
      expect(res.message.length).toBeGreaterThan(0);
    }
    const noPayload = await black.raw('game:move');
    expect(noPayload).toMatchObject({ ok: false, code: 'bad-request' });
    await unchanged(black, gameId, before);
  });

  it('unknown events get unknown-event, acked and emitted as error', async () => {
    const { black, gameId } = await setup();
    const before = await snap(black, gameId);
    const err = black.next('error', (e) => e.code === 'unknown-event');
    expect(await black.raw('game:teleport', { gameId })).toMatchObject({ ok: false, code: 'unknown-event' });
    expect((await err).message).toContain('game:teleport');
    // Without an ack callback only the error event answers; names that are Object properties are unknown too.
    const second = black.next('error', (e) => e.code === 'unknown-event' && e.message.includes('constructor'));
    black.socket.emit('constructor', {});
    await second;
    expect(await black.raw('__proto__', {})).toMatchObject({ ok: false, code: 'unknown-event' });
    expect(await black.raw('error', {})).toMatchObject({ ok: false, code: 'unknown-event' });
    await unchanged(black, gameId, before);
  });

  it('a missing ack callback does not crash the server', async () => {
    const { black, gameId, version } = await setup();
    black.socket.emit('game:move', { gameId, version, move: 'f7f6' });
    black.socket.emit('game:move', { gameId, version: 999, move: 'f7f6' });
    black.socket.emit('game:move', 'garbage');
    await black.next('game:event', (e) => e.version === version + 1);
    const s = await snap(black, gameId);
    expect(s.version).toBe(version + 1);
    expect(s.moves.at(-1)?.uci).toBe('f7f6');
  });

  it('rules refusals: illegal move, out of turn, en passant after the first move', async () => {
    const { white, black, gameId, version } = await setup();
    const before = await snap(black, gameId);
    expect(await black.send('game:move', { gameId, version, move: 'e7e4' })).toMatchObject({ ok: false, code: 'illegal-move' });
    expect(await black.send('game:move', { gameId, version, move: 'e2e3' })).toMatchObject({ ok: false, code: 'illegal-move' });
    expect(await white.send('game:move', { gameId, version, move: 'd2d4' })).toMatchObject({ ok: false, code: 'not-your-turn' });
    await unchanged(black, gameId, before);
    // 2.d5 d4 3.c4 a3 b3 4.a6 and now dxc3 e.p. is too late in the series.
    let v = await playMoves(black, gameId, version, ['d7d5', 'd5d4']);
    v = await playMoves(white, gameId, v, ['c2c4', 'a2a3', 'b2b3']);
    v = await playMoves(black, gameId, v, ['a7a6']);
    const mid = await snap(black, gameId);
    expect(await black.send('game:move', { gameId, version: v, move: 'd4c3' })).toMatchObject({
      ok: false,
      code: 'en-passant-not-first-move',
    });
    await unchanged(black, gameId, mid);
  });

  it('spectators, strangers, unknown games and stale versions', async () => {
    const { stranger, black, gameId, version } = await setup();
    await stranger.ok('game:join', { gameId });
    const before = await snap(black, gameId);
    for (const [event, payload] of [
      ['game:move', { gameId, version, move: 'e7e5' }],
      ['game:endTurn', { gameId, version }],
      ['game:resign', { gameId }],
      ['game:drawOffer', { gameId }],
      ['game:abort', { gameId }],
      ['game:rematchOffer', { gameId }],
    ] as const) {
      expect(await stranger.raw(event, payload), event).toMatchObject({ ok: false, code: 'not-a-player' });
    }
    expect(await black.send('game:move', { gameId: 'nosuchgame', version, move: 'e7e5' })).toMatchObject({ ok: false, code: 'unknown-game' });
    expect(await stranger.send('game:join', { gameId: 'nosuchgame' })).toMatchObject({ ok: false, code: 'unknown-game' });
    expect(await black.send('game:move', { gameId, version: version - 1, move: 'e7e5' })).toMatchObject({ ok: false, code: 'stale-version' });
    expect(await black.send('game:move', { gameId, version: version + 5, move: 'e7e5' })).toMatchObject({ ok: false, code: 'stale-version' });
    expect(await black.send('game:drawAccept', { gameId })).toMatchObject({ ok: false, code: 'no-draw-offer' });
    expect(await black.send('game:rematchAccept', { gameId })).toMatchObject({ ok: false, code: 'game-in-progress' });
    expect(await black.send('game:endTurn', { gameId, version })).toMatchObject({ ok: false, code: 'cannot-pass' });
    await unchanged(black, gameId, before);
  });

  it('finished games refuse player actions with game-over', async () => {
    const { white, black, gameId } = await setup();
    const { version } = await black.ok('game:resign', { gameId });
    const before = await snap(white, gameId);
    expect(before.outcome).toEqual({ result: '1-0', reason: 'resignation' });
    expect(await black.send('game:move', { gameId, version, move: 'e7e5' })).toMatchObject({ ok: false, code: 'game-over' });
    expect(await white.send('game:resign', { gameId })).toMatchObject({ ok: false, code: 'game-over' });
    expect(await white.send('game:drawOffer', { gameId })).toMatchObject({ ok: false, code: 'game-over' });
    expect(await white.send('game:abort', { gameId })).toMatchObject({ ok: false, code: 'game-over' });
    await unchanged(white, gameId, before);
  });

  it('forged and unknown tokens are refused at the handshake', async () => {
    const server = await startServer();
    const real = await Client.connect(server);
    const refused = async (token: string) => {
      const err = await Client.connect(server, { token }).then(
        () => null,
        (e: unknown) => e as Error & { data?: { code?: string } },
      );
      expect(err?.data?.code, token).toBe('bad-token');
    };
    await refused(`${real.id}.not-the-secret`);
    await refused('nobody.whatever');
    await refused(`${real.session.token}x`);
    await refused('');
    // The genuine token still works and keeps the identity.
    const again = await Client.connect(server, { token: real.session.token });
    expect(again.id).toBe(real.id);
  });

  it('a flood is rate-limited and the excess changes nothing', async () => {
    const { white, black, gameId } = await setup({ rateLimit: { points: 12, durationSec: 60 } });
    const before = await snap(white, gameId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => black.send('game:move', { gameId, version: 99, move: 'e7e5' })),
    );
    const codes = results.map((r) => (r.ok ? 'ok' : r.code));
    expect(codes.filter((c) => c === 'rate-limited').length).toBeGreaterThanOrEqual(8);
    expect(new Set(codes)).toEqual(new Set(['stale-version', 'rate-limited']));
    expect(await black.raw('whatever')).toMatchObject({ ok: false, code: 'rate-limited' });
    // The limit is per connection: the opponent is not affected.
    await unchanged(white, gameId, before);
  });
});
