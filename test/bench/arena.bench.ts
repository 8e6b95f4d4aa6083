/**
 * `npm run bench:arena`: BENCH_PLAYERS (1,000) guests in one arena over two game-server nodes
 * (child processes, arena-node.ts) sharing one redis-server and one PostgreSQL database. The
 * players connect over Socket.IO (split over the two nodes), join through `POST
 * /api/tournaments/:id/join` and follow the arena with `tournament:subscribe`. For each of
 * BENCH_WAVES (3) waves (the players made accounts rated from 1100 to 1999 first, as a rated arena's
 * field, whose ratings each wave asks; unless BENCH_ARENA_RATINGS=0: guests), both nodes tick at once (one wins the wave's lease) and the bench prints:
 * - the CPU ms of the tick on the node that ran the wave (process CPU around it; goal < 250 ms),
 *   started once both nodes are nearly idle (the previous wave's results processed: `quiet`);
 * - the time from the wave's end until each player has a `tournament:update` of at least the
 *   version after it: p50, p99, max;
 * - then every game is resigned (a wave of results): the time from the last resign's ack until each
 *   player has the `tournament:update` whose standings count every result: p50, p99, max (goal p99 < 2 s).
 * Figures only, nothing asserted. The clients run in this process and read only the id and version
 * of each update (update-skimmer.ts): parsing every view in full, 1,000 times a second, made this
 * process the bottleneck (a core of CPU on its own) instead of the servers; the CPU of each node and
 * of this process over each measurement is printed beside it.
 */
import { ARENA_WAVE_MS, type TournamentCreate } from '@progressive-chess/shared';
import { child, stopChild, type Child } from './child.js';
import { connectClient, request, type Client } from '../support/game-client.js';
import { startPostgres } from '../support/postgres-server.js';
import { startRedis } from '../support/redis-server.js';
import { skimmingParser, type SkimmedUpdate } from './update-skimmer.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const WAVES = Number(process.env.BENCH_WAVES ?? 3);
/** BENCH_ARENA_RATINGS=0: guests, every player at the one rating guests join with (otherwise accounts rated 1100-1999). */
const SPREAD_RATINGS = process.env.BENCH_ARENA_RATINGS !== '0';
/** Before each wave the bench waits for both nodes to be nearly idle: checked every QUIET_STEP_MS, at most QUIET_MAX_MS. */
const QUIET_STEP_MS = 200;
const QUIET_MAX_MS = 15_000;
const BATCH = 50;
const MINUTE = 60_000;

interface Tick {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly won: boolean;
}

interface Standings {
  readonly version: number;
  readonly games: number;
  readonly bytes: number;
}

interface Player {
  readonly client: Client;
  /** The game of the latest `game:start` (a tournament's), null once resigned. */
  gameId: string | null;
  color: 'white' | 'black' | null;
  /** Each update's arrival (performance.now()) and version. */
  readonly updates: { at: number; version: number }[];
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};
const ms = (x: number): string => `${x.toFixed(0)} ms`;

async function inBatches<T, R>(items: readonly T[], run: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await Promise.all(items.slice(i, i + BATCH).map((x, j) => run(x, i + j)))));
  return out;
}

/** Resolves once every player has an update matching `done` (or after `timeoutMs`); the latency of each from `from`. */
async function latencies(players: readonly Player[], from: number, done: (u: Player['updates'][number]) => boolean, timeoutMs = 30_000): Promise<number[]> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const firsts = players.map((p) => p.updates.find(done)?.at);
    if (firsts.every((t) => t !== undefined) || performance.now() > deadline) {
      const got = firsts.filter((t): t is number => t !== undefined);
      if (got.length < players.length) console.log(`  ${players.length - got.length} players had no such update within ${timeoutMs / 1000} s`);
      return got.map((t) => t - from);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves once `count()` has not changed for 300 ms. */
async function settled(count: () => number): Promise<void> {
  let last = -1;
  for (let n = count(); n !== last; n = count()) {
    last = n;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const spread = (xs: readonly number[]): string => `p50 ${ms(quantile(xs, 0.5))}   p99 ${ms(quantile(xs, 0.99))}   max ${ms(Math.max(...xs))}`;

async function main(): Promise<void> {
  console.log(`bench:arena: ${PLAYERS} players, 2 nodes, one redis-server, one PostgreSQL; ${WAVES} waves`);
  const redis = await startRedis();
  const pg = await startPostgres();
  const dbUrl = await pg.createDatabase();
  const nodes: Child[] = [];
  const players: Player[] = [];
  try {
    // one after the other: the first applies the database's migrations
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = child('arena-node.ts', { redisUrl: redis.url, dbUrl });
      nodes.push(c);
      urls.push(`http://127.0.0.1:${await c.next('READY ')}`);
    }
    const ask = async (n: Child, line: string, answer: string): Promise<string> => {
      const reply = n.next(answer);
      n.proc.stdin?.write(`${line}\n`);
      return reply;
    };
    const [a] = nodes as [Child, Child];
    /** CPU ms so far of node A, node B and this process (the clients). */
    const cpuNow = async (): Promise<number[]> => {
      const own = process.cpuUsage();
      const [x, y] = await Promise.all(nodes.map(async (n) => Number(await ask(n, 'cpu', 'CPU '))));
      return [x ?? NaN, y ?? NaN, (own.user + own.system) / 1000];
    };
    const cpuSince = async (before: number[], since: number): Promise<string> => {
      const [x = 0, y = 0, c = 0] = (await cpuNow()).map((v, i) => v - (before[i] ?? 0));
      const wall = performance.now() - since;
      return `CPU meanwhile (${ms(wall)} wall, 2 cores): node A ${ms(x)}, node B ${ms(y)}, the ${PLAYERS} clients (this process) ${ms(c)} = ${((100 * c) / wall).toFixed(0)}% of a core`;
    };
    /**
     * Waits until both nodes are nearly idle (under a tenth of a core over QUIET_STEP_MS), at most
     * QUIET_MAX_MS: the previous results' work (archive, ratings, notifications, learning index)
     * would otherwise run during the next wave's tick and be counted as its CPU. Returns the wait.
     */
    const quiet = async (): Promise<number> => {
      const t0 = performance.now();
      let prev = await cpuNow();
      for (;;) {
        await new Promise((r) => setTimeout(r, QUIET_STEP_MS));
        const cur = await cpuNow();
        const busy = [0, 1].some((i) => (cur[i] ?? 0) - (prev[i] ?? 0) > QUIET_STEP_MS / 10);
        prev = cur;
        if (!busy || performance.now() - t0 > QUIET_MAX_MS) return performance.now() - t0;
      }
    };
    const startsAt = Date.now() + 10 * MINUTE;
    const arena: TournamentCreate = {
      name: 'Bench Arena',
      kind: 'arena',
      variant: 'scottish',
      timeControl: { kind: 'fischer', initial: 180, increment: 2 },
      startsAt,
      minutes: 180,
      rated: false,
      allowBots: false,
    };
    const id = await ask(a, `create ${JSON.stringify(arena)}`, 'CREATED ');

    let t = performance.now();
    const clients = await inBatches(
      Array.from({ length: PLAYERS }, (_, i) => i),
      (i) => connectClient(urls[i % 2] as string, { name: `P${i}` }, { parser: skimmingParser }),
    );
    console.log(`connected ${PLAYERS} sockets in ${ms(performance.now() - t)}`);
    t = performance.now();
    let retried = 0;
    await inBatches(clients, async (c, i) => {
      for (;;) {
        const res = await fetch(`${urls[i % 2]}/api/tournaments/${id}/join`, { method: 'POST', headers: { authorization: `Bearer ${c.session.token}` } });
        // 503 unavailable (the database too busy to answer in time): a client tries again shortly
        if (res.status === 503) {
          retried++;
          await res.arrayBuffer();
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        if (!res.ok) throw new Error(`join: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        break;
      }
    });
    console.log(`joined ${PLAYERS} players over HTTP in ${ms(performance.now() - t)}${retried ? ` (${retried} joins answered 503 unavailable and tried again)` : ''}`);
    if (SPREAD_RATINGS) console.log(`${await ask(a, `ratings ${id}`, 'RATED ')} players made accounts rated 1100 to 1999 in the variant (BENCH_ARENA_RATINGS=0: guests, all at one rating)`);
    else console.log('guests, every one at the one rating guests join with');
    for (const client of clients) {
      const p: Player = { client, gameId: null, color: null, updates: [] };
      // skimmed (update-skimmer.ts): the id and version of the update, not its view
      client.socket.on('tournament:update', (u) => p.updates.push({ at: performance.now(), version: (u as unknown as SkimmedUpdate).version }));
      client.socket.on('game:start', (x) => {
        p.gameId = x.gameId;
        p.color = x.color;
      });
      players.push(p);
    }
    t = performance.now();
    retried = 0;
    await inBatches(players, async (p) => {
      for (;;) {
        const ack = await request(p.client.socket, 'tournament:subscribe', { id });
        if (ack.ok) break;
        if (ack.code !== 'unavailable') throw new Error(`subscribe: ${ack.code}`);
        retried++;
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    console.log(`subscribed ${PLAYERS} players in ${ms(performance.now() - t)}${retried ? ` (${retried} answered unavailable and tried again)` : ''}`);

    await Promise.all(nodes.map((n) => ask(n, `advance ${10 * MINUTE}`, 'OK')));
    const waveCpu: number[] = [];
    const afterWave: number[] = [];
    const afterResults: number[] = [];
    let decided = 0;
    let bytes = 0;
    for (let wave = 1; wave <= WAVES; wave++) {
      const waited = await quiet();
      let cpu = await cpuNow();
      const begin = performance.now();
      const ticks = (await Promise.all(nodes.map((n) => ask(n, 'tick', 'TICK ')))).map((s) => JSON.parse(s) as Tick);
      const ran = ticks.findIndex((x) => x.won);
      const runner = ticks[ran];
      const version = Number(await ask(nodes[Math.max(0, ran)] as Child, `version ${id}`, 'VERSION '));
      // the pairing's updates
      const toWave = await latencies(players, begin, (u) => u.version >= version);
      if (runner) waveCpu.push(runner.cpuMs);
      afterWave.push(...toWave);
      console.log(
        `wave ${wave}: node ${ran === 0 ? 'A' : ran === 1 ? 'B' : '?'} ran it: CPU ${runner ? ms(runner.cpuMs) : '?'} (wall ${runner ? ms(runner.wallMs) : '?'}; the other node's tick ${ms(ticks[1 - ran]?.cpuMs ?? NaN)} CPU; the nodes quiet ${ms(waited)} before it)`,
      );
      console.log(`  wave's start -> every player has the version after it:   ${spread(toWave)}`);
      console.log(`    ${await cpuSince(cpu, begin)}`);
      // a wave of results: the black player of every game resigns
      await settled(() => players.filter((p) => p.gameId !== null).length); // the last game:start events arrive
      const games = players.filter((p) => p.gameId !== null && p.color === 'black');
      await inBatches(games, async (p) => {
        const ack = await request(p.client.socket, 'game:resign', { gameId: p.gameId as string });
        if (!ack.ok) throw new Error(`resign: ${ack.code} ${ack.message}`);
      });
      const resigned = performance.now();
      cpu = await cpuNow();
      decided += games.length;
      for (const p of players) p.gameId = null;
      // the version at which the standings count every result (the results are recorded after the acks)
      let standings: Standings;
      for (const giveUp = performance.now() + 60_000; ; ) {
        standings = JSON.parse(await ask(a, `standings ${id}`, 'STANDINGS ')) as Standings;
        if (standings.games >= 2 * decided) break;
        if (performance.now() > giveUp) {
          console.log(`  the standings count ${standings.games / 2} of ${decided} results after 60 s: the rest are left to a reconcile`);
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      bytes = standings.bytes;
      const toResults = await latencies(players, resigned, (u) => u.version >= standings.version);
      afterResults.push(...toResults);
      console.log(`  ${games.length} games resigned; last ack -> every player has the standings with every result:   ${spread(toResults)}`);
      console.log(`    ${await cpuSince(cpu, resigned)}`);
      await Promise.all(nodes.map((n) => ask(n, `advance ${ARENA_WAVE_MS}`, 'OK')));
    }
    console.log('');
    console.log(`summary (${PLAYERS} players, ${WAVES} waves; one tournament:update's view is ${(bytes / 1024).toFixed(0)} KiB of JSON)`);
    const worstCpu = Math.max(...waveCpu);
    console.log(`  server CPU per pairing wave: median ${ms(quantile(waveCpu, 0.5))}, worst ${ms(worstCpu)} = ${(worstCpu / 250).toFixed(2)}x the 250 ms goal`);
    console.log(`  wave -> new version at every player:        ${spread(afterWave)}`);
    const p99 = quantile(afterResults, 0.99);
    console.log(`  results -> new standings at every player:   ${spread(afterResults)}; p99 = ${(p99 / 2000).toFixed(2)}x the 2 s goal`);
  } finally {
    for (const p of players) p.client.close();
    await Promise.allSettled(nodes.map((n) => stopChild(n)));
    await pg.stop();
    await redis.stop();
  }
}

await main();
process.exit(0);
