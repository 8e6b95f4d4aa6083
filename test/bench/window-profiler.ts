import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * BENCH_PROF=<dir>: a V8 CPU profile of each server node and of the load generator over the
 * measured window only (not their start-up nor the games' set-up), written as
 * `<dir>/<mode>-<pid>.cpuprofile` (the load generator's as `load-<mode>-<pid>`; open it in Chrome
 * DevTools or VS Code). With BENCH_HEAP=1, an allocation profile instead (`.heapprofile`: V8's
 * sampling heap profiler, every 4 KB allocated, objects that died young included): where the
 * garbage each move makes comes from, which sets how often the young generation is collected;
 * BENCH_HEAP=live: only the objects allocated in the window and still alive at its end;
 * BENCH_HEAP=old: the objects that outlived a young collection (promoted to the old generation,
 * dead or not since): what makes each young collection's pause long.
 */
export function windowProfiler(dir: string | undefined, name: string): { start(): Promise<void>; stop(): Promise<void> } {
  if (!dir) return { start: async () => undefined, stop: async () => undefined };
  const mode = process.env.BENCH_HEAP;
  const heap = mode === '1' || mode === 'live' || mode === 'old';
  // 'live': only the objects of the window still alive at its end (what the collections keep);
  // 'old': those that survived a young collection
  const deadOld = mode !== 'live';
  const deadYoung = mode !== 'live' && mode !== 'old';
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  return {
    async start() {
      if (heap) {
        await session.post('HeapProfiler.enable');
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: deadOld,
          includeObjectsCollectedByMinorGC: deadYoung,
        });
        return;
      }
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    },
    async stop() {
      if (heap) {
        const { profile } = await session.post('HeapProfiler.stopSampling');
        writeFileSync(join(dir, `${name}-${process.pid}.heapprofile`), JSON.stringify(profile));
        return;
      }
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
