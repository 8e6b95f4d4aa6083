import type { GameAnalysisAnswer } from '@progressive-chess/shared';
import { createInlinePool } from '../src/compute/inline-pool.js';
import { ComputeError, type ComputePool } from '../src/compute/pool.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer, type TestServer } from './helpers.js';

const SETTINGS = { budgetMsPerTurn: 5_000, maxNodesPerTurn: 300_000 };

async function get(server: TestServer, id: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${server.url}/api/games/${id}/analysis`);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Scottish: 1.e4 2.e5 Nf6 3.Bc4 Qh5 and White resigns with the mate Qxf7# still to play. */
async function missedMateGame(server: TestServer): Promise<string> {
  const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
  const gameId = await createGame(server, white, black, { variant: 'scottish' });
  let v = await playMoves(white, gameId, 1, ['e2e4']);
  v = await playMoves(black, gameId, v, ['e7e5', 'g8f6']);
  await playMoves(white, gameId, v, ['f1c4', 'd1h5']);
  await white.ok('game:resign', { gameId });
  return gameId;
}

describe('GET /api/games/:id/analysis', () => {
  it('marks the missed mate of a finished game, computes it once, then serves the cache', async () => {
    const server = await startServer({ analysis: SETTINGS });
    const gameId = await missedMateGame(server);
    const before = server.app.services.compute.stats().completed;

    const first = await get(server, gameId);
    expect(first.status).toBe(200);
    const answer = first.body as GameAnalysisAnswer;
    expect(answer).toMatchObject({ gameId, cached: false });
    expect(answer.analysis.turns.map((t) => t.turn)).toEqual([1, 2, 3]);
    const t3 = answer.analysis.turns[2]!;
    expect(t3).toMatchObject({ color: 'white', played: 2, firstMove: 3, won: false, missed: true, complete: true });
    expect(t3.best?.san).toHaveLength(3);
    expect(t3.best?.san.at(-1)).toBe('Qxf7#');
    expect(answer.analysis.turns[1]).toMatchObject({ missed: false, best: null, complete: true });
    // One pool task per series.
    expect(server.app.services.compute.stats().completed).toBe(before + 3);

    const second = await get(server, gameId);
    expect(second.body).toEqual({ ...answer, cached: true });
    expect(server.app.services.compute.stats().completed).toBe(before + 3);
  });

  it('shares one computation between concurrent requests', async () => {
    const server = await startServer({ analysis: SETTINGS });
    const gameId = await missedMateGame(server);
    const before = server.app.services.compute.stats().completed;
    const answers = await Promise.all([get(server, gameId), get(server, gameId), get(server, gameId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify((a.body as GameAnalysisAnswer).analysis))).size).toBe(1);
    expect(server.app.services.compute.stats().completed).toBe(before + 3);
  });

  it('says whether the mate played was the fastest', async () => {
    const server = await startServer({ analysis: SETTINGS });
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black, { variant: 'italian' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6', 'g7g5']);
    await playMoves(white, gameId, v, ['a2a3', 'a3a4', 'd1h5']);
    const { body } = await get(server, gameId);
    const t3 = (body as GameAnalysisAnswer).analysis.turns.at(-1);
    expect(t3).toMatchObject({ turn: 3, won: true, missed: false, fastest: true });
    expect(t3?.best?.san.at(-1)).toBe('Qh5#');
  });

  it('refuses a game still being played, an unknown game and a malformed id', async () => {
    const server = await startServer({ analysis: SETTINGS });
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    await playMoves(white, gameId, 1, ['e2e4']);
    expect(await get(server, gameId)).toMatchObject({ status: 409, body: { code: 'game-not-finished' } });
    expect(await get(server, 'nosuchgame0')).toMatchObject({ status: 404, body: { code: 'unknown-game' } });
    expect(await get(server, 'bad%20id')).toMatchObject({ status: 400, body: { code: 'bad-request' } });
  });

  it('limits requests per address', async () => {
    const server = await startServer({ analysis: { ...SETTINGS, perAddress: { points: 2, durationSec: 60 } } });
    const gameId = await missedMateGame(server);
    expect((await get(server, gameId)).status).toBe(200);
    expect((await get(server, gameId)).status).toBe(200);
    const third = await get(server, gameId);
    expect(third).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('computes at most maxRunning games at once: another game is busy at once, the same game shares the running one', async () => {
    const inline = createInlinePool();
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const compute: ComputePool = { ...inline, run: (kind, input, opts) => held.then(() => inline.run(kind, input, opts)) };
    const server = await startServer({ analysis: { ...SETTINGS, maxRunning: 1 }, compute });
    const [first, second] = [await missedMateGame(server), await missedMateGame(server)];
    const running = get(server, first);
    await new Promise((r) => setTimeout(r, 50));
    expect(await get(server, second)).toMatchObject({ status: 503, body: { code: 'busy' } });
    const same = get(server, first);
    release();
    expect((await running).status).toBe(200);
    expect((await same).status).toBe(200);
    expect((await get(server, second)).status).toBe(200);
  });

  it('answers busy while the pool refuses work, and computes once it takes it again', async () => {
    // The real pool in this process, refusing while `full` as a full pool does (ComputeError busy).
    const inline = createInlinePool();
    let full = true;
    const compute: ComputePool = {
      ...inline,
      run: (kind, input, opts) => (full ? Promise.reject(new ComputeError('busy', 'all workers busy')) : inline.run(kind, input, opts)),
    };
    const server = await startServer({ analysis: SETTINGS, compute });
    const gameId = await missedMateGame(server);
    expect(await get(server, gameId)).toMatchObject({ status: 503, body: { code: 'busy' } });
    full = false;
    const answer = await get(server, gameId);
    expect(answer).toMatchObject({ status: 200, body: { cached: false } });
    expect((answer.body as GameAnalysisAnswer).analysis.turns[2]?.missed).toBe(true);
  });
});

describe.skipIf(skipWithoutRedis())('GET /api/games/:id/analysis on two nodes sharing Redis', () => {
  it('is computed once: the other node serves it from the shared cache, and the address limit counts on both', async () => {
    const redis = await startRedis();
    const stores = [createRedisStore(redis.url, { prefix: 'an:' }), createRedisStore(redis.url, { prefix: 'an:' })];
    try {
      const deps = { analysis: { ...SETTINGS, perAddress: { points: 3, durationSec: 60 } }, redis: { url: redis.url } };
      const [a, b] = [await startServer({ ...deps, store: stores[0]! }), await startServer({ ...deps, store: stores[1]! })];
      const gameId = await missedMateGame(a);
      expect(await get(a, gameId)).toMatchObject({ status: 200, body: { cached: false } });
      const before = b.app.services.compute.stats().completed;
      const onB = await get(b, gameId);
      expect(onB).toMatchObject({ status: 200, body: { cached: true } });
      expect((onB.body as GameAnalysisAnswer).analysis.turns[2]?.missed).toBe(true);
      expect(b.app.services.compute.stats().completed).toBe(before);
      expect((await get(a, gameId)).status).toBe(200);
      expect(await get(b, gameId)).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    } finally {
      for (const s of stores) await s.close();
      await redis.stop();
    }
  });
});
