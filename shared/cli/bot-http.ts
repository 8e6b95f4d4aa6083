import { lineSplitter } from '@progressive-chess/shared';

/** The server's API as the bot sees it: JSON requests and NDJSON streams with `Authorization: Bearer`. */
export interface ApiClient {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /**
   * Follows a stream: `onLine` for each JSON line; reopened with back-off when it drops (or stays
   * silent past `silentMs`: its keep-alive lines stopped), until `stop` is called or `done` returns true
   * after the stream ended. Resolves when it stops.
   */
  follow(path: string, onLine: (v: Record<string, unknown>) => void, o: { done: () => boolean; log: (m: string) => void }): { stopped: Promise<void>; stop(): void };
}

/** No line (not even a keep-alive) for this long: the stream is taken for dead and reopened. */
const SILENT_MS = 20_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function apiClient(server: string, token: string): ApiClient {
  const base = server.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${token}` };
  return {
    async request(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      try {
        return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
      } catch {
        return { status: res.status, body: { ok: false, code: 'bad-response', message: text.slice(0, 200) } };
      }
    },
    follow(path, onLine, o) {
      let stopped = false;
      let current: AbortController | null = null;
      const run = async (): Promise<void> => {
        for (let failures = 0; !stopped; ) {
          const ac = new AbortController();
          current = ac;
          let watchdog = setTimeout(() => ac.abort(), SILENT_MS);
          try {
            const res = await fetch(`${base}${path}`, { headers, signal: ac.signal });
            if (res.status !== 200 || !res.body) {
              const text = await res.text();
              o.log(`stream ${path}: ${res.status} ${text.slice(0, 200)}`);
              // a refusal that waiting will not change (the token, the game): stop following
              if (res.status === 401 || res.status === 403 || res.status === 404) return;
            } else {
              failures = 0;
              const split = lineSplitter();
              const decoder = new TextDecoder();
              for await (const chunk of res.body) {
                clearTimeout(watchdog);
                watchdog = setTimeout(() => ac.abort(), SILENT_MS);
                for (const line of split.push(decoder.decode(chunk as Uint8Array, { stream: true }))) {
                  if (line.trim() !== '') onLine(JSON.parse(line) as Record<string, unknown>);
                }
              }
              if (o.done()) return;
              o.log(`stream ${path} ended; reopening`);
            }
          } catch (e) {
            if (stopped) return;
            o.log(`stream ${path} dropped (${(e as Error).message}); reopening`);
          } finally {
            clearTimeout(watchdog);
          }
          if (o.done()) return;
          await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)] ?? 30_000);
        }
      };
      return {
        stopped: run(),
        stop() {
          stopped = true;
          current?.abort();
        },
      };
    },
  };
}
