import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ENGINE_PROTOCOL, lineSplitter, parseBest, parseHandshake, type EngineId } from '@progressive-chess/shared';

/** An engine process speaking the engine protocol (docs/engine-protocol.md). */
export interface EngineProcess {
  readonly id: EngineId;
  /** Sends the commands, then waits for the answer to the last (`go`): the series, or 'resign'. */
  think(commands: readonly string[]): Promise<string[] | 'resign'>;
  quit(): void;
}

/** How long the handshake may take (a slow start on a busy machine). */
const HANDSHAKE_MS = 30_000;

export function startEngine(command: string, log: (m: string) => void): Promise<EngineProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const split = lineSplitter();
  let waiting: ((line: string) => boolean) | null = null;
  const received: string[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    for (const line of split.push(chunk)) {
      if (line.startsWith('info')) log(`engine: ${line}`);
      received.push(line);
      if (waiting?.(line)) waiting = null;
    }
  });
  child.stderr.on('data', (chunk: Buffer) => log(`engine stderr: ${chunk.toString().trim()}`));
  let exited = false;
  child.on('exit', () => {
    exited = true;
    waiting?.('');
  });
  const until = (pred: (line: string) => boolean, ms: number | null): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = ms === null ? null : setTimeout(() => reject(new Error('the engine did not answer in time')), ms);
      waiting = (line) => {
        if (exited && line === '') {
          if (timer) clearTimeout(timer);
          reject(new Error('the engine exited'));
          return true;
        }
        if (!pred(line)) return false;
        if (timer) clearTimeout(timer);
        resolve(line);
        return true;
      };
    });
  const send = (line: string): void => {
    if (!exited) child.stdin.write(`${line}\n`);
  };
  return (async () => {
    const ready = until((l) => l === `${ENGINE_PROTOCOL}ok`, HANDSHAKE_MS);
    send(ENGINE_PROTOCOL);
    await ready;
    const hs = parseHandshake(received.splice(0));
    if (!hs.ok) throw new Error(hs.error);
    return {
      id: hs.id,
      async think(commands) {
        const answer = until((l) => l.trim() === 'resign' || parseBest(l) !== null, null);
        for (const c of commands) send(c);
        const line = await answer;
        received.length = 0;
        return line.trim() === 'resign' ? 'resign' : (parseBest(line) ?? []);
      },
      quit() {
        send('quit');
        setTimeout(() => child.kill(), 2_000).unref();
      },
    };
  })();
}
