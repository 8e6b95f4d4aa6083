import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp, type App, type AppDeps } from '../../../server/src/app.js';
import { createMemoryStore } from '../../../server/src/store/memory-store.js';

export const CLIENT_ROOT = fileURLToPath(new URL('../../../client/', import.meta.url));
export const CLIENT_DIST = fileURLToPath(new URL('../../../client/dist/', import.meta.url));

/** Builds the client once when `client/dist` is missing (the root `npm test` builds it first). */
export function ensureClientBuilt(): void {
  if (existsSync(`${CLIENT_DIST}index.html`)) return;
  execFileSync('npx', ['vite', 'build'], { cwd: CLIENT_ROOT, stdio: 'inherit' });
}

export interface TestServer {
  readonly app: App;
  readonly url: string;
  close(): Promise<void>;
}

/** The real server (memory store) serving the built client, on a free port. */
export async function startServer(options: Partial<Pick<AppDeps, 'firstMoveGraceMs' | 'database' | 'bot' | 'randomInt' | 'now' | 'limits' | 'mailer' | 'tournaments'>> = {}): Promise<TestServer> {
  ensureClientBuilt();
  const store = createMemoryStore();
  const app = createApp({ store, clientDir: CLIENT_DIST, ...options });
  const address = await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}
