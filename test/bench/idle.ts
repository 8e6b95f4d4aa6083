import { type Client, connectClient } from '../support/game-client.js';

/**
 * `sockets` idle connections (each a new anonymous player), opened in batches; prints
 * `READY <n>` once all are open and keeps them until it is terminated (bench:abuse measures the
 * server's memory meanwhile).
 */
const cfg = JSON.parse(process.argv[2] ?? '{}') as { url: string; sockets: number };
const clients: Client[] = [];
const BATCH = 100;
for (let i = 0; i < cfg.sockets; i += BATCH) {
  const n = Math.min(BATCH, cfg.sockets - i);
  clients.push(...(await Promise.all(Array.from({ length: n }, () => connectClient(cfg.url)))));
}
process.stdout.write(`READY ${clients.length}\n`);
const stop = (): void => {
  for (const c of clients) c.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
