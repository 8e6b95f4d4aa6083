import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seededRandom, type Seek } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { Database } from '../../server/src/db/database.js';
import { call, connectClient, request, waitFor } from '../support/game-client.js';
import { skipWithoutPostgres, startPostgres, type PostgresHandle } from '../support/postgres-server.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { FAST_HUMAN_LIMITS, playAsHuman } from '../support/scripted-human.js';
import { closeAll, startNode, useRedisServer } from './nodes.js';

const PCHESS = fileURLToPath(new URL('../../shared/bin/pchess.js', import.meta.url));

/** A new account on `url` (through a guest's token), its session cookie. */
async function registerOn(url: string, username: string): Promise<string> {
  const guest = await connectClient(url);
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'long password', token: guest.session.token }),
  });
  guest.close();
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function post(url: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe.skipIf(skipWithoutRedis() || skipWithoutPostgres())('pchess bot on two nodes', () => {
  const redis = useRedisServer();
  let pg: PostgresHandle | undefined;
  const dbs: Database[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await pg?.stop();
  });

  it('an engine run by `pchess bot` as its own process plays whole games (Italian, Cost) against a scripted person on the other node', async () => {
    const url = await (pg as PostgresHandle).createDatabase();
    const [dbA, dbB] = [await openDatabase({ url }), await openDatabase({ url })];
    dbs.push(dbA, dbB);
    const a = await startNode(redis().url, { database: dbA, ...FAST_HUMAN_LIMITS });
    const b = await startNode(redis().url, { database: dbB, ...FAST_HUMAN_LIMITS });
    const person = await connectClient(a.url, { name: 'Person' });
    try {
      // the bot's owner: an account, a token, the upgrade (all on node B, as an outside program would)
      const cookie = await registerOn(b.url, 'enginebot');
      const made = await post(`${b.url}/api/account/tokens`, { cookie }, { description: 'e2e', scopes: ['bot:play'] });
      const token = made.token as string;
      expect(await post(`${b.url}/api/bot/account/upgrade`, { authorization: `Bearer ${token}` })).toEqual({ ok: true, bot: true });

      const engine = `"${process.execPath}" "${PCHESS}" engine --level 1`;
      const bot = spawn(process.execPath, [PCHESS, 'bot', '--server', b.url, '--token', token, '--engine', engine, '--max-games', '2'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let log = '';
      bot.stderr.on('data', (d: Buffer) => (log += d.toString()));
      const exited = new Promise<number | null>((resolve) => bot.once('exit', resolve));

      const results: string[] = [];
      for (const [i, variant] of (['italian', 'cost'] as const).entries()) {
        const started = waitFor(person.socket, 'game:start', () => true, 60_000);
        const { seek } = (await call(person.socket, 'seek:create', {
          variant,
          timeControl: { kind: 'fischer', initial: 180, increment: 2 },
          color: 'white',
          visibility: 'private',
          opponent: 'enginebot',
        })) as { seek: Seek };
        const [{ gameId }] = await started;
        if (i === 0) {
          // the bot streams the game from node B: the same token is refused a second stream on node A
          const status = async (): Promise<number> => {
            const ac = new AbortController();
            const res = await fetch(`${a.url}/api/bot/game/stream/${gameId}`, { headers: { authorization: `Bearer ${token}` }, signal: ac.signal });
            ac.abort();
            return res.status;
          };
          await expect.poll(status, { timeout: 20_000 }).toBe(409);
        }
        const game = await playAsHuman(person, gameId, { random: seededRandom(11 + i), timeoutMs: 240_000 });
        expect(game.outcome).not.toBeNull();
        await expect.poll(() => log.includes(`game ${gameId}: finished`), { timeout: 30_000 }).toBe(true);
        expect(log).toContain(`challenge ${seek.id} from Person (${variant}): accepted 200`);
        const series = [...log.matchAll(new RegExp(`game ${gameId}: turn (\\d+): ([a-h0-8qrbnk ]+) \\((\\d+) ms\\)`, 'g'))].map((m) => ({
          turn: Number(m[1]),
          moves: m[2] ?? '',
          ms: Number(m[3]),
        }));
        expect(series.length).toBeGreaterThan(0);
        // one series per turn of the bot's, none refused (each is the whole rest of its turn)
        expect(series.map((s) => s.turn)).toEqual([...new Set(series.map((s) => s.turn))].sort((x, y) => x - y));
        expect(series.every((s) => s.moves.trim().split(' ').length <= s.turn)).toBe(true);
        expect(log).toMatch(new RegExp(`game ${gameId}: finished: (1-0|0-1|1/2-1/2) \\(\\w[\\w-]*\\)`));
        // the run, for the record
        results.push(`${variant} game ${gameId}: ${JSON.stringify(game.outcome)}; person played ${game.played} moves; bot series:\n${series.map((s) => `  turn ${s.turn}: ${s.moves} (${s.ms} ms)`).join('\n')}`);
      }
      expect(await exited).toBe(0);
      expect(log).not.toContain('refused');
      console.log(results.join('\n'));
    } finally {
      await closeAll([person], [a, b]);
    }
  }, 300_000);

  it("a bot's game stream on node B is its presence on node A: no claim against it while it streams; once closed, it is away", async () => {
    const url = await (pg as PostgresHandle).createDatabase();
    const [dbA, dbB] = [await openDatabase({ url }), await openDatabase({ url })];
    dbs.push(dbA, dbB);
    let t = Date.now();
    const deps = { now: () => t, presenceBatchMs: 30, limits: { claimAfterMs: 5_000 }, ...FAST_HUMAN_LIMITS };
    const a = await startNode(redis().url, { database: dbA, ...deps });
    const b = await startNode(redis().url, { database: dbB, ...deps });
    const person = await connectClient(a.url, { name: 'Person' });
    const stream = new AbortController();
    try {
      const cookie = await registerOn(b.url, 'streambot');
      const auth = { authorization: `Bearer ${(await post(`${b.url}/api/account/tokens`, { cookie }, { description: 'e2e', scopes: ['bot:play'] })).token as string}` };
      await post(`${b.url}/api/bot/account/upgrade`, auth);
      const { seek } = (await call(person.socket, 'seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: 'streambot' })) as { seek: Seek };
      const { gameId } = (await post(`${b.url}/api/challenge/${seek.id}/accept`, auth)) as { gameId: string };
      const res = await fetch(`${b.url}/api/bot/game/stream/${gameId}`, { headers: auth, signal: stream.signal });
      expect(res.status).toBe(200);
      await res.body?.getReader().read(); // gameFull: the stream is open

      const botOnline = waitFor(person.socket, 'game:presence', (p) => p.gameId === gameId && p.color === 'black' && p.online);
      await call(person.socket, 'game:join', { gameId });
      await botOnline;
      t += 5_000;
      expect(await request(person.socket, 'game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });

      const away = waitFor(person.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'absence' && e.event.absence.black !== null);
      stream.abort();
      await away;
      t += 5_000;
      expect(await call(person.socket, 'game:claimVictory', { gameId })).toMatchObject({ event: { outcome: { result: '1-0', reason: 'opponent-left' } } });
    } finally {
      stream.abort();
      await closeAll([person], [a, b]);
    }
  }, 60_000);
});
