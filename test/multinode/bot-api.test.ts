import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seededRandom, type GameSnapshot, type Outcome, type Seek } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { Database } from '../../server/src/db/database.js';
import { call, connectClient, request, waitFor } from '../support/game-client.js';
import { skipWithoutPostgres, startPostgres, type PostgresHandle } from '../support/postgres-server.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { FAST_HUMAN_LIMITS, playAsHuman } from '../support/scripted-human.js';
import { botToken, post, registerOn } from '../support/api-accounts.js';
import { closeAll, startNode, useRedisServer, type Node } from './nodes.js';

const PCHESS = fileURLToPath(new URL('../../shared/bin/pchess.js', import.meta.url));

/** `pchess bot` with `pchess engine --level 1` as its own process, connected to `url`: its log so far, its exit code. */
function runBot(url: string, token: string, maxGames: number): { log: () => string; exited: Promise<number | null>; stop: () => void } {
  const engine = `"${process.execPath}" "${PCHESS}" engine --level 1`;
  const bot = spawn(process.execPath, [PCHESS, 'bot', '--server', url, '--token', token, '--engine', engine, '--max-games', String(maxGames)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  bot.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => bot.once('exit', resolve));
  return { log: () => log, exited, stop: () => void (bot.exitCode === null && bot.kill()) };
}

interface BotSeries {
  readonly turn: number;
  readonly moves: string;
  readonly ms: number;
}

/** The bot's series in `gameId` as it logged them, checked: one per turn of its own, none refused, its game ended with a result. */
function botSeries(log: string, gameId: string): BotSeries[] {
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
  return series;
}

const seriesText = (series: readonly BotSeries[]): string => series.map((s) => `  turn ${s.turn}: ${s.moves} (${s.ms} ms)`).join('\n');

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
  /** Two nodes on one Redis and one new PostgreSQL database. */
  const twoNodes = async (deps: Partial<AppDeps>): Promise<[Node, Node]> => {
    const url = await (pg as PostgresHandle).createDatabase();
    const [dbA, dbB] = [await openDatabase({ url }), await openDatabase({ url })];
    dbs.push(dbA, dbB);
    return [await startNode(redis().url, { database: dbA, ...deps }), await startNode(redis().url, { database: dbB, ...deps })];
  };

  it('an engine run by `pchess bot` as its own process plays whole games (Italian, Cost) against a scripted person on the other node', async () => {
    const [a, b] = await twoNodes(FAST_HUMAN_LIMITS);
    const person = await connectClient(a.url, { name: 'Person' });
    try {
      const token = await botToken(b.url, 'enginebot');
      const bot = runBot(b.url, token, 2);

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
        await expect.poll(() => bot.log().includes(`game ${gameId}: finished`), { timeout: 30_000 }).toBe(true);
        expect(bot.log()).toContain(`challenge ${seek.id} from Person (${variant}): accepted 200`);
        const series = botSeries(bot.log(), gameId);
        // the run, for the record
        results.push(`${variant} game ${gameId}: ${JSON.stringify(game.outcome)}; person played ${game.played} moves; bot series:\n${seriesText(series)}`);
      }
      expect(await bot.exited).toBe(0);
      expect(bot.log()).not.toContain('refused');
      console.log(results.join('\n'));
    } finally {
      await closeAll([person], [a, b]);
    }
  }, 300_000);

  it('an engine run by `pchess bot` on node A plays a whole game against the built-in computer started through POST /api/challenge/ai on node B', async () => {
    const [a, b] = await twoNodes(FAST_HUMAN_LIMITS);
    const token = await botToken(b.url, 'aibot');
    const bot = runBot(a.url, token, 1);
    try {
      await expect.poll(() => bot.log().includes('aibot online'), { timeout: 30_000 }).toBe(true);
      const made = await post(`${b.url}/api/challenge/ai`, { authorization: `Bearer ${token}` }, {
        level: 1,
        variant: 'italian',
        timeControl: { kind: 'fischer', initial: 180, increment: 2 },
        color: 'white',
      });
      expect(made).toMatchObject({ ok: true, gameId: expect.any(String) });
      const gameId = made.gameId as string;
      // --max-games 1: the bot exits once its game has ended (gameStart seen on node A's event stream, played to the end)
      expect(await bot.exited).toBe(0);
      expect(bot.log()).toContain(`game ${gameId}: playing white`);
      const series = botSeries(bot.log(), gameId);

      const game = (await (await fetch(`${a.url}/api/games/${gameId}`)).json()) as GameSnapshot;
      expect(game.status).not.toBe('playing');
      const outcome = game.outcome as Outcome;
      expect(['1-0', '0-1', '1/2-1/2']).toContain(outcome.result);
      expect(typeof outcome.reason).toBe('string');
      expect(game.players.black.id).toMatch(/^bot:/);
      const by = (color: 'white' | 'black'): number => game.moves.filter((m) => m.color === color).length;
      expect(by('white')).toBeGreaterThan(0);
      expect(by('black')).toBeGreaterThan(0);
      expect(bot.log()).not.toContain('refused');
      // the run, for the record
      console.log(
        `italian game ${gameId} against the built-in computer (level 1): ${JSON.stringify(outcome)}; ${game.moves.length} moves (bot ${by('white')}, computer ${by('black')}):\n` +
          `  ${game.moves.map((m) => `${m.turn}${m.color === 'white' ? 'w' : 'b'}.${m.uci}`).join(' ')}\nbot series:\n${seriesText(series)}`,
      );
    } finally {
      bot.stop();
      await closeAll([], [a, b]);
    }
  }, 300_000);

  it("a bot's game stream on node B is its presence on node A: no claim against it while it streams; once closed, it is away", async () => {
    let t = Date.now();
    const [a, b] = await twoNodes({ now: () => t, presenceBatchMs: 30, limits: { claimAfterMs: 5_000 }, ...FAST_HUMAN_LIMITS });
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
      // both sides complete a turn (the bot's moves through node B): claims are open
      const played = waitFor(person.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'move' && e.event.uci === 'g8f6');
      await call(person.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
      for (const move of ['e7e5', 'g8f6']) expect(await post(`${b.url}/api/bot/game/${gameId}/move/${move}`, auth)).toMatchObject({ ok: true });
      await played;
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
