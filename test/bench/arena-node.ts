import { createInterface } from 'node:readline';
import type { TournamentCreate } from '@progressive-chess/shared';
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
 *   this node won a wave's lease in it (ran the wave)
 * - `standings <id>` -> `STANDINGS {"version","games","bytes"}`: the version, the games counted in the
 *   standings (two a game) and the view's JSON length
 * - `cpu` -> `CPU <ms>`: the process's CPU time so far
 * - `version <id>` -> `VERSION <n>`: the tournament's version in the database
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
    const cpu = process.cpuUsage();
    const at = performance.now();
    await tournaments!.tick();
    const used = process.cpuUsage(cpu);
    return `TICK ${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - at, won })}`;
  }
  if (cmd === 'cpu') {
    const used = process.cpuUsage();
    return `CPU ${(used.user + used.system) / 1000}`;
  }
  if (cmd === 'version') return `VERSION ${(await tournaments!.service.view(arg)).version}`;
  if (cmd === 'standings') {
    const view = await tournaments!.service.view(arg);
    return `STANDINGS ${JSON.stringify({ version: view.version, games: view.standings.reduce((n, s) => n + s.games, 0), bytes: JSON.stringify(view).length })}`;
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
