import { createInterface } from 'node:readline';
import { startFloorServer } from './floor-server.js';
import { startAppNode } from './app-node.js';

/**
 * One server under test, in its own process: `floor` (bare Socket.IO + Redis) or `app` (the
 * game server on the Redis store). Argument: JSON { mode, redisUrl, prefix, adapter }.
 * Prints `READY <port>`; on stdin `mark` starts a CPU sample, `report` prints `CPU <percent>`, `cpu-ms`
 * prints `CPUMS <ms of CPU per second>` and
 * `rss` prints `RSS <bytes>`.
 */

export interface NodeConfig {
  readonly mode: 'app' | 'floor';
  readonly redisUrl: string;
  readonly prefix: string;
  readonly adapter: boolean;
  /** App only: 'off' (default) lifts every limit; 'per-identity' keeps the limits that stop one abusive identity. */
  readonly limits?: 'off' | 'per-identity';
  /** Which cross-node adapter when `adapter` (default pubsub). */
  readonly adapterKind?: 'pubsub' | 'streams';
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as NodeConfig;
const server = cfg.mode === 'floor' ? await startFloorServer(cfg) : await startAppNode(cfg);
process.stdout.write(`READY ${server.port}\n`);

let cpu = process.cpuUsage();
let at = performance.now();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'mark') {
    cpu = process.cpuUsage();
    at = performance.now();
  } else if (line === 'report') {
    const used = process.cpuUsage(cpu);
    const pct = ((used.user + used.system) / 1000 / (performance.now() - at)) * 100;
    process.stdout.write(`CPU ${pct.toFixed(0)}\n`);
  } else if (line === 'cpu-ms') {
    // server CPU (user + system) per wall-clock second since `mark`, in ms
    const used = process.cpuUsage(cpu);
    process.stdout.write(`CPUMS ${((used.user + used.system) / (performance.now() - at)).toFixed(1)}\n`);
  } else if (line === 'rss') {
    process.stdout.write(`RSS ${process.memoryUsage().rss}\n`);
  }
});

const stop = async (): Promise<void> => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
