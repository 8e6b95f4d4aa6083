import { Writable } from 'node:stream';
import { pino } from 'pino';

export type LogLine = { level: number; msg: string } & Record<string, unknown>;

/** A pino logger at the default level (info) whose lines are kept, parsed. */
export function captureLog(): { logger: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** Lets the lines written so far reach `lines`. */
export const flushLog = (): Promise<void> => new Promise((r) => setImmediate(r));
