import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { standingsPage, type TournamentCreate } from '@progressive-chess/shared';
import { createApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { createRedisStore } from '../../server/src/store/redis-store.js';
import { UNLIMITED } from './app-node.js';

/**
 * One node of `bench:arena` in its own process (so its CPU is its own): the game server on the
 * shared Redis (store and Socket.IO adapter) and the shared PostgreSQL database, tournaments ticked
 * only on request, on a clock the bench moves. Argument: JSON { redisUrl, dbUrl }. Prints
 * `READY <port>`; stdin lines:
 * - `create <TournamentCreate json>` -> `CREATED <id>` (created by an operator, as the schedule does)
 * - `advance <ms>` -> `OK` (the clock jumps ahead)
 * - `tick` -> `TICK {"cpuMs","wallMs","won"}`: the process CPU around one tournament tick, and whether
 *   this node won a wave's lease in it (ran the wave); with BENCH_ARENA_PROF=1 the wave's heaviest
 *   functions on stderr
 * - `standings <id>` -> `STANDINGS {"version","games","bytes"}`: the version, the games counted in the
 *   standings (two a game) and the JSON length of a `tournament:update`'s view (the standings' first page)
 * - `cpu` -> `CPU <ms>`: the process's CPU time so far
 * - `version <id>` -> `VERSION <n>`: the tournament's version in the database
 * - `ratings <id>` -> `RATED <n>`: makes the tournament's n players accounts rated in its variant from
 *   1100 to 1999 (spread by a hash of their id), as a rated arena's field; guests all join at one rating
 */

interface ArenaNodeConfig {
  readonly redisUrl: string;
  readonly dbUrl: string;
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as ArenaNodeConfig;
let offset = 0;
const now = (): number => Date.now() + offset;
const store = createRedisStore(cfg.redisUrl, { prefix: 'arena:' });
let won = false;
const claim = store.claimTournamentStep.bind(store);
store.claimTournamentStep = async (id, step, at, lease) => {
  const ok = await claim(id, step, at, lease);
  if (ok) won = true;
  return ok;
};
const database = await openDatabase({ url: cfg.dbUrl });
const app = createApp({
  store,
  redis: { url: cfg.redisUrl },
  database,
  now,
  // the bench's games wait for their result, not for a first move
  firstMoveGraceMs: 3_600_000,
  tournaments: { tickMs: 0, leaseMs: 60_000 },
  rateLimit: { points: 1_000_000, durationSec: 1 },
  abuseLimits: UNLIMITED,
});
const { port } = await app.listen(0, '127.0.0.1');
process.stdout.write(`READY ${port}\n`);

const tournaments = app.services.tournaments;
if (!tournaments) throw new Error('no tournaments (no database?)');

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

/**
 * BENCH_ARENA_PROF=1: a V8 CPU profile of the tick; the stop returns the 15 heaviest functions by
 * self time, and the 15 heaviest of the server's and shared's own by total time (with their callees).
 */
async function startProfile(): Promise<() => Promise<string>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    session.disconnect();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const keyOf = (n: ProfileNode | undefined): string => {
      const f = n?.callFrame;
      return f ? `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${f.lineNumber + 1}` : '?';
    };
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const key = keyOf(byId.get(id));
      self.set(key, (self.get(key) ?? 0) + ms);
      // each own function on the sample's stack, once
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        const k = keyOf(node);
        if (/\/(server|shared)\/(src|dist)\//.test(node?.callFrame.url ?? '') && !seen.has(k)) {
          seen.add(k);
          total.set(k, (total.get(k) ?? 0) + ms);
        }
      }
    });
    const lines = (m: Map<string, number>): string =>
      [...m]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 15)
        .map(([k, v]) => `  ${v.toFixed(1).padStart(7)}  ${k}`)
        .join('\n');
    return `profile of the wave (self ms):\n${lines(self)}\nown functions (total ms, with their callees):\n${lines(total)}\n`;
  };
}

async function run(line: string): Promise<string> {
  const [cmd = '', ...rest] = line.split(' ');
  const arg = rest.join(' ');
  if (cmd === 'create') {
    const t = await tournaments!.service.create({ playerId: 'bench-operator', name: 'Operator' }, JSON.parse(arg) as TournamentCreate);
    return `CREATED ${t.id}`;
  }
  if (cmd === 'advance') {
    offset += Number(arg);
    return 'OK';
  }
  if (cmd === 'tick') {
    won = false;
    const profile = process.env.BENCH_ARENA_PROF === '1' ? await startProfile() : null;
    const cpu = process.cpuUsage();
    const at = performance.now();
    await tournaments!.tick();
    const used = process.cpuUsage(cpu);
    if (profile && won) process.stderr.write(await profile());
    return `TICK ${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - at, won })}`;
  }
  if (cmd === 'cpu') {
    const used = process.cpuUsage();
    return `CPU ${(used.user + used.system) / 1000}`;
  }
  if (cmd === 'ratings') {
    // each player an account rated in the variant (as a rated arena's field: every wave asks their ratings)
    const r = await database.query('UPDATE tournament_players SET rating = 1100 + mod(abs(hashtext(player_id)), 900), guest = false WHERE tournament_id = $1', [arg]);
    const made = await database.query<{ player_id: string; username: string }>(
      `INSERT INTO accounts (player_id, username, username_key, password_hash, created_at)
         SELECT player_id, 'b' || left(md5(player_id), 16), 'b' || left(md5(player_id), 16), 'none', 0 FROM tournament_players WHERE tournament_id = $1
         ON CONFLICT DO NOTHING RETURNING player_id, username`,
      [arg],
    );
    // their identities too (the connections already open stay open)
    for (const a of made.rows) await app.services.identity.bindAccount(a.player_id, a.username);
    await database.query(
      `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games, updated_at)
         SELECT p.player_id, t.variant, p.rating, 60, 0.06, 30, 0 FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.tournament_id = $1
         ON CONFLICT DO NOTHING`,
      [arg],
    );
    return `RATED ${r.rowCount ?? 0}`;
  }
  if (cmd === 'version') return `VERSION ${(await tournaments!.service.view(arg)).version}`;
  if (cmd === 'standings') {
    const view = await tournaments!.service.view(arg);
    return `STANDINGS ${JSON.stringify({ version: view.version, games: view.standings.reduce((n, s) => n + s.games, 0), bytes: JSON.stringify({ ...view, standings: standingsPage(view.standings, 1) }).length })}`;
  }
  throw new Error(`unknown command ${cmd}`);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  run(line).then(
    (answer) => process.stdout.write(`${answer}\n`),
    (e: unknown) => process.stdout.write(`ERROR ${e instanceof Error ? e.message : String(e)}\n`),
  );
});

const stop = async (): Promise<void> => {
  await app.close();
  await store.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
