import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { openAppTable } from '../bench/app-driver.js';
import { PER_IDENTITY } from '../bench/app-node.js';
import type { OpenedTable } from '../bench/floor-driver.js';
import { runFlood } from '../bench/flood.js';
import type { Stats } from '../bench/table.js';

/**
 * One identity floods the node with many sockets looping join / resync / leave / lobby while
 * other games are played (short version; `npm run bench:abuse` measures the p99 effect). The
 * per-address limits are lifted (every client here is 127.0.0.1), the per-identity ones are the
 * defaults. The players are the benchmark's: they move as soon as the previous move arrives.
 */
describe('a many-socket flood from one identity', () => {
  it('is capped, limited and disconnected, while the other players play on unrefused', async () => {
    const store = createMemoryStore();
    // 10 strikes instead of 30, so a short flood on a slow machine reaches the disconnection too
    const app = createApp({ store, abuseLimits: { ...PER_IDENTITY, strikes: 10 }, rateLimit: { points: 1_000_000, durationSec: 1 } });
    const { port } = await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    const stats: Stats = { running: true, measuring: true, moves: 0, refused: 0, games: 0, latencies: [] };
    const tables: OpenedTable[] = [];
    try {
      for (let i = 0; i < 4; i++) tables.push(await openAppTable(i, [url], stats));
      const players = app.io.of('/').sockets.size;
      for (const t of tables) t.table.start(t.version);
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, app.io.of('/').sockets.size)), 10);
      const flood = await runFlood({ url, sockets: 60, durationMs: 4000 });
      clearInterval(sampler);
      stats.running = false;
      console.log(`flood: ${JSON.stringify(flood)}, ${most - players} flood sockets at most; ${stats.moves} moves meanwhile`);

      // at most 10 connections of the identity at once: the rest are refused
      expect(most - players).toBeGreaterThan(1);
      expect(most - players).toBeLessThanOrEqual(10);
      expect(flood.refusedHandshakes).toBeGreaterThan(20);
      expect(flood.limited).toBeGreaterThan(0);
      expect(flood.disconnectedForFlooding).toBeGreaterThan(0);
      expect(stats.refused).toBe(0);
      expect(stats.moves).toBeGreaterThan(0);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      for (const t of tables) t.close();
      await app.close();
      await store.close();
    }
  });
});
