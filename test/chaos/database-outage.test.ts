import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitFor, type Client } from '../support/game-client.js';
import { type PostgresHandle, skipWithoutPostgres, startPostgres } from '../support/postgres-server.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

/**
 * The server entry as an operator meets a PostgreSQL outage: the node starts while the database
 * refuses connections (games are in the store), brings the schema up to date when it is back, and
 * stops on SIGTERM within its bound while the database hangs with a finished game waiting for the archive.
 */

type Health = { status: string; database?: string };
const health = async (url: string): Promise<Health> => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) })).json() as Promise<Health>;

describe.skipIf(skipWithoutPostgres())('the server entry during a PostgreSQL outage', () => {
  let pg: PostgresHandle;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  it('starts without the database and migrates when it is back', async () => {
    const url = await pg.createDatabase();
    await pg.halt();
    let node: ServerProcess | null = null;
    try {
      node = await startServerProcess({ DATABASE_URL: url });
      expect(node.logs.some((l) => String(l.msg).startsWith('database unavailable at start-up'))).toBe(true);
      expect(await health(node.url)).toEqual({ status: 'ok', database: 'unavailable' });
      await pg.resume();
      // the schema comes up with the database: /healthz says so (polled: the node retries in the background)
      let after: Health = { status: '' };
      for (let i = 0; i < 100 && after.database !== 'ok'; i++) {
        after = await health(node.url);
        if (after.database !== 'ok') await new Promise((r) => setTimeout(r, 100));
      }
      expect(after).toEqual({ status: 'ok', database: 'ok' });
      expect(node.logs.some((l) => l.msg === 'database back: schema up to date')).toBe(true);
    } finally {
      await pg.resume();
      await node?.stop();
    }
  }, 120_000);

  it('stops on SIGTERM within its bound while the database hangs with a finished game waiting for the archive', async () => {
    const node = await startServerProcess({ DATABASE_URL: await pg.createDatabase() });
    const clients: Client[] = [];
    try {
      const white = await connectClient(node.url);
      const black = await connectClient(node.url);
      clients.push(white, black);
      const gameId = await startGame(white, black);
      await call(white.socket, 'game:join', { gameId });
      pg.freeze();
      const over = waitFor(white.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'game-over');
      await call(black.socket, 'game:join', { gameId });
      await call(black.socket, 'game:resign', { gameId });
      await over;
      // ordering only: the deadline worker (a 40 ms tick) takes the finished game and its archive write starts, and hangs
      await new Promise((r) => setTimeout(r, 500));

      const p = node.proc;
      const started = performance.now();
      const exited = new Promise<number | null>((r) => p.once('close', (code) => r(code)));
      p.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - started;
      console.log(`SIGTERM with the database frozen and a game awaiting the archive: exit ${code} in ${Math.round(ms)} ms`);
      expect(code).toBe(0);
      expect(node.logs.some((l) => l.msg === 'stopped')).toBe(true);
    } finally {
      for (const c of clients) c.close();
      pg.thaw();
      await node.stop();
    }
  }, 120_000);
});
