import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The real server entry (server/src/index.ts) in its own process, so a crash is a process exit
 * the test can see, not an exception inside the test runner. Logs (pino JSON lines) are kept.
 */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly proc: ChildProcess;
  /** Log lines seen so far (parsed pino objects). */
  readonly logs: Record<string, unknown>[];
  /** True while the process has not exited. */
  alive(): boolean;
  /** SIGTERM (graceful), then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('../../../server/src/index.ts', import.meta.url));
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

/**
 * Throw-away storage unless `env` says otherwise (EPHEMERAL=0 with a DATA_DIR of the test's own):
 * the entry's default data folder would be the working directory's ./data.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', EPHEMERAL: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let pending = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    // Generous: the entry also opens the embedded PGlite (seconds of WebAssembly start-up on a busy machine).
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 120_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${stderr}`));
    });
    proc.stdout?.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === 'listening' && typeof entry.port === 'number') {
            clearTimeout(timer);
            resolve(entry.port);
          }
        } catch {
          // not a log line
        }
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    logs,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The entry run to its end with `env` (asynchronously: the test may hold a port meanwhile), on
 * throw-away storage unless `env` says otherwise: a start-up refused, or a server stopped by the test.
 */
export function runServerProcess(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = spawn(process.execPath, ['--import', 'tsx', ENTRY], { env: { ...process.env, EPHEMERAL: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(p);
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => p.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    p.once('close', (code) => {
      clearTimeout(timer);
      live.delete(p);
      resolve({ code, stdout, stderr });
    }),
  );
}
