import { afterEach } from 'vitest';
import { createApp, type App, type AppDeps } from '../../server/src/app.js';
import { createWorkerPool } from '../../server/src/compute/worker-pool.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import type { Store } from '../../server/src/store/store.js';
import { connectClient, type Client } from '../support/game-client.js';
import { FAST_HUMAN_LIMITS } from '../support/scripted-human.js';

/** A game server with the computer player (no pause between its moves) and its players, closed after each test. */

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.();
});

export async function start(deps: Partial<AppDeps> = {}): Promise<{ app: App; url: string; store: Store }> {
  const store = deps.store ?? createMemoryStore();
  const compute = deps.compute ?? createWorkerPool({ size: 1 });
  const app = createApp({ store, deadlineTickMs: 20, ...FAST_HUMAN_LIMITS, ...deps, compute, bot: { pauseMs: [0, 0], ...deps.bot } });
  const { port } = await app.listen(0, '127.0.0.1');
  opened.push(async () => {
    await app.close();
    await store.close();
  });
  return { app, url: `http://127.0.0.1:${port}`, store };
}

export async function player(url: string, name: string): Promise<Client> {
  const c = await connectClient(url, { name });
  opened.push(async () => c.close());
  return c;
}

export const UNTIMED = { kind: 'none' } as const;
