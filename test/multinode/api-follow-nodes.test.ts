import type { Seek } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { Database } from '../../server/src/db/database.js';
import { call, connectClient } from '../support/game-client.js';
import { skipWithoutPostgres, startPostgres, type PostgresHandle } from '../support/postgres-server.js';
import { botToken, post } from '../support/api-accounts.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

/** The lines of an open NDJSON response, read as asked: `next(pred)` is the first later line matching `pred`. */
function ndjsonLines(res: Response): { next(pred: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> } {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    async next(pred) {
      for (;;) {
        const end = buffered.indexOf('\n');
        if (end >= 0) {
          const line = buffered.slice(0, end).trim();
          buffered = buffered.slice(end + 1);
          const value = line === '' ? null : (JSON.parse(line) as Record<string, unknown>);
          if (value && pred(value)) return value;
          continue;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += decoder.decode(value, { stream: true });
      }
    },
  };
}

const movesAre = (moves: string[]) => (l: Record<string, unknown>) => l.type === 'gameState' && JSON.stringify(l.moves) === JSON.stringify(moves);

describe.skipIf(skipWithoutBackends() || skipWithoutPostgres()).each(BACKENDS)('an API game stream follows the moves committed on another node (%s)', (backend) => {
  const redis = useRedis(backend);
  let pg: PostgresHandle | undefined;
  const dbs: Database[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await pg?.stop();
  });

  it("a bot's stream on node B gets each move committed on node A at once, its own included: it hears the game's room channel, not the poll", async () => {
    const url = await (pg as PostgresHandle).createDatabase();
    const [dbA, dbB] = [await openDatabase({ url }), await openDatabase({ url })];
    dbs.push(dbA, dbB);
    // a poll of ten minutes: a line in time can only come from the room channel
    const a = await startNode(redis().target, { database: dbA, apiFollowPollMs: 600_000 });
    const b = await startNode(redis().target, { database: dbB, apiFollowPollMs: 600_000 });
    const person = await connectClient(a.url, { name: 'Person' });
    const open = new AbortController();
    try {
      const token = await botToken(b.url, `channelbot${backend}`);
      const auth = { authorization: `Bearer ${token}` };
      const { seek } = (await call(person.socket, 'seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: `channelbot${backend}` })) as { seek: Seek };
      const { gameId } = (await post(`${b.url}/api/challenge/${seek.id}/accept`, auth)) as { gameId: string };
      const res = await fetch(`${b.url}/api/bot/game/stream/${gameId}`, { headers: auth, signal: open.signal });
      expect(res.status).toBe(200);
      const stream = ndjsonLines(res);
      const full = await stream.next((l) => l.type === 'gameFull');
      const version = (full.state as { version: number }).version;
      // the person's move, committed on A: the turn passes to the bot, which has no connection anywhere
      await call(person.socket, 'game:move', { gameId, version, move: 'e2e4' });
      await stream.next(movesAre(['e2e4']));
      // the bot's own moves sent to node A: the first ends no turn, the second passes it to the person, on A
      expect(await post(`${a.url}/api/bot/game/${gameId}/move/e7e5`, auth)).toMatchObject({ ok: true });
      await stream.next(movesAre(['e2e4', 'e7e5']));
      expect(await post(`${a.url}/api/bot/game/${gameId}/move/d7d5`, auth)).toMatchObject({ ok: true });
      await stream.next(movesAre(['e2e4', 'e7e5', 'd7d5']));
    } finally {
      open.abort();
      await closeAll([person], [a, b]);
    }
  }, 60_000);
});
