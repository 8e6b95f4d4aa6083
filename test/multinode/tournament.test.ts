import { ARENA_WAVE_MS } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { Database } from '../../server/src/db/database.js';
import type { RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';
import { connectClient, type Client } from '../support/game-client.js';
import { skipWithoutPostgres, startPostgres, type PostgresHandle } from '../support/postgres-server.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis, type Node } from './nodes.js';
import { arenaOf, nobodyTwice, tournamentsOf } from './tournament-checks.js';

const MINUTE = 60_000;

/** Claims of the tournament leases won through this store (wave -> count). */
function countingClaims(claims: Map<number, number>) {
  return (store: RedisStore): Store =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'claimTournamentStep') {
          return async (id: string, step: number, now: number, lease: number) => {
            const won = await target.claimTournamentStep(id, step, now, lease);
            if (won) claims.set(step, (claims.get(step) ?? 0) + 1);
            return won;
          };
        }
        const v: unknown = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
}

describe.skipIf(skipWithoutBackends() || skipWithoutPostgres())('an arena on two nodes', () => {
  let pg: PostgresHandle | undefined;
  const dbs: Database[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.close();
    await pg?.stop();
  });
  const databases = async (): Promise<[Database, Database]> => {
    const url = await (pg as PostgresHandle).createDatabase();
    const pair: [Database, Database] = [await openDatabase({ url }), await openDatabase({ url })];
    dbs.push(...pair);
    return pair;
  };

  for (const backend of BACKENDS) {
    describe(backend, () => {
      const redis = useRedis(backend);

      it('pairs each wave on one node only, nobody twice; a node dead mid-wave leaves its pairings to the next wave; a restart of both resumes', async () => {
        let t0 = Date.now();
        const deps = (db: Database): Partial<AppDeps> => ({ database: db, now: () => t0, firstMoveGraceMs: 3_600_000, tournaments: { tickMs: 0, leaseMs: 1_000 } });
        const claims = new Map<number, number>();
        const [dbA, dbB] = await databases();
        const a = await startNode(redis().target, deps(dbA), countingClaims(claims));
        const b = await startNode(redis().target, deps(dbB), countingClaims(claims));
        const nodes: Node[] = [a, b];
        const clients: Client[] = [];
        try {
          const players = await Promise.all(['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Fay'].map((name, i) => connectClient((i % 2 ? b : a).url, { name })));
          clients.push(...players);
          const start = t0 + 5 * MINUTE;
          const { id } = await tournamentsOf(a).service.create({ playerId: 'op', name: 'Op' }, arenaOf(start));
          for (const p of players) await tournamentsOf(p === players[0] ? a : b).service.join({ playerId: p.session.playerId, name: p.session.name, guest: true }, id);
          t0 = start;
          // five waves, each ticked by both nodes at once; the games of each wave are resigned before the next
          for (let wave = 1; wave <= 5; wave++) {
            await Promise.all([tournamentsOf(a).tick(), tournamentsOf(b).tick()]);
            await nobodyTwice(dbA, id);
            const open = (await tournamentsOf(a).service.view(id)).pairings.filter((p) => p.result === null);
            expect(open).toHaveLength(3);
            for (const g of open) await a.app.services.commands.run('game:resign', g.black.id, { gameId: g.gameId });
            await expect.poll(async () => (await tournamentsOf(b).service.view(id)).pairings.filter((p) => p.result === null).length).toBe(0);
            t0 += ARENA_WAVE_MS;
          }
          for (let wave = 1; wave <= 5; wave++) expect(claims.get(wave)).toBe(1);

          // node A dies in the middle of a wave: it recorded the pairings, created no game, never released its lease
          const dying = a.app.services.games;
          const createMany = dying.createMany.bind(dying);
          dying.createMany = () => Promise.reject(new Error('killed'));
          a.store.completeTournamentStep = () => Promise.resolve();
          await tournamentsOf(a).tick();
          await a.close();
          dying.createMany = createMany;
          const recorded = await dbB.query<{ game_id: string }>('SELECT game_id FROM tournament_games WHERE tournament_id = $1 AND NOT created', [id]);
          expect(recorded.rows).toHaveLength(3);
          // B's next wave, once the lease lapsed, creates them (pairing nobody again) and leaves nobody out
          t0 += ARENA_WAVE_MS;
          await tournamentsOf(b).tick();
          await nobodyTwice(dbB, id);
          for (const { game_id } of recorded.rows) expect(await b.store.gameVersion(game_id)).toBe(1);
          const v = await tournamentsOf(b).service.view(id);
          expect(v.pairings.filter((p) => p.result === null)).toHaveLength(3);

          // every node restarts: the arena carries on from the database and the store
          for (const g of v.pairings.filter((p) => p.result === null)) await b.app.services.commands.run('game:resign', g.white.id, { gameId: g.gameId });
          await expect.poll(async () => (await tournamentsOf(b).service.view(id)).pairings.filter((p) => p.result === null).length).toBe(0);
          await b.close();
          const c = await startNode(redis().target, deps(dbA));
          const d = await startNode(redis().target, deps(dbB));
          nodes.push(c, d);
          for (const p of players) p.close();
          const back = await Promise.all(players.map((p, i) => connectClient((i % 2 ? d : c).url, { token: p.session.token })));
          clients.push(...back);
          t0 += 10 * ARENA_WAVE_MS;
          await Promise.all([tournamentsOf(c).tick(), tournamentsOf(d).tick()]);
          await nobodyTwice(dbA, id);
          expect((await tournamentsOf(d).service.view(id)).pairings.filter((p) => p.result === null)).toHaveLength(3);
        } finally {
          await closeAll(clients, nodes);
        }
      }, 60_000);
    });
  }
});
