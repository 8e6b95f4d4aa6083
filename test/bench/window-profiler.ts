import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * BENCH_PROF=<dir>: a V8 CPU profile of a server node over the measured window only (not its
 * start-up nor the games' set-up), written as `<dir>/<mode>-<pid>.cpuprofile` (open it in Chrome
 * DevTools or VS Code).
 */
export function windowProfiler(dir: string | undefined, name: string): { start(): Promise<void>; stop(): Promise<void> } {
  if (!dir) return { start: async () => undefined, stop: async () => undefined };
  const session = new Session();
  session.connect();
  return {
    async start() {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
