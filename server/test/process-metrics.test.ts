import { describe, expect, it } from 'vitest';
import { startServer } from './helpers.js';

const scrape = async (url: string): Promise<string> => (await fetch(`${url}/metrics`)).text();

describe("the node's process metrics", () => {
  it("are on /metrics beside the game's when asked for (the entry point does), not otherwise", async () => {
    const withProcess = await startServer({ processMetrics: true });
    const text = await scrape(withProcess.url);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'pchess_connected_sockets']) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
    const plain = await startServer();
    expect(await scrape(plain.url)).not.toContain('process_cpu_seconds_total');
  });
});
