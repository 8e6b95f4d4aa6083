import { ARENA_WAVE_MS } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { Database } from '../../server/src/db/database.js';
import { parseDoc } from '../../server/src/services/game-doc.js';
import { openRedis } from '../../server/src/store/redis-client.js';
import { connectClient, type Client } from '../support/game-client.js';
import { skipWithoutPostgres, startPostgres, type PostgresHandle } from '../support/postgres-server.js';
import { startChildNode, type ChildNode } from './child-node.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis, type Node } from './nodes.js';
import { arenaOf, nobodyTwice, tournamentsOf } from './tournament-checks.js';

/**
 * Issue 32, "a node killed in the middle of a wave pairs nobody twice and forgets nobody", for
 * real: the wave runs on a node in a child process, which is SIGKILLed while it creates the wave's
 * games. The moment is chosen, not hit by luck: the child's store writes the first WRITTEN games
 * of the wave's one creation call and never answers it (the node never tells their start), so at
 * the kill the wave's pairings are recorded, some games exist in the store unannounced, the others
 * do not exist, none is marked created (a wave marks its games in one statement once all are
 * started), and the wave's lease is held in Redis. A second node (in this process, same Redis and
 * PostgreSQL) takes the wave over once the lease lapses (by its clock): it creates the missing
 * games and tells the start of the written ones (their players get `game:start`).
 */

const MINUTE = 60_000;
/** Joined before the wave (odd: one of them waits); LATE join while the dying node is stalled. */
const PLAYERS = 241;
const LATE = 9;
const WRITTEN = 30;
const LEASE_MS = 30_000;
const ARENA_MINUTES = 20;

interface PairingRow {
  game_id: string;
  white_id: string;
  black_id: string;
  created: boolean;
  wave: number;
  ended: boolean;
}

const pairingsOf = async (db: Database, id: string): Promise<PairingRow[]> =>
  (
    await db.query<PairingRow>(
      'SELECT game_id, white_id, black_id, created, wave, ended_at IS NOT NULL AS ended FROM tournament_games WHERE tournament_id = $1 ORDER BY game_id',
      [id],
    )
  ).rows;

const inPlay = async (db: Database, id: string): Promise<PairingRow[]> => (await pairingsOf(db, id)).filter((p) => p.created && !p.ended);

/** The games (of these ids) that exist in the store. */
async function inStore(node: Node, ids: readonly string[]): Promise<string[]> {
  const versions = await Promise.all(ids.map((g) => node.store.gameVersion(g)));
  return ids.filter((_, i) => versions[i] !== null);
}

/**
 * Every game in play of the tournament exists in the store once, as recorded (its seats, its
 * tournament, never written over: version 1 until a move), and is the one game each of its
 * players has in progress in the store.
 */
async function recordedGamesExist(node: Node, db: Database, id: string): Promise<void> {
  for (const p of await inPlay(db, id)) {
    const doc = parseDoc((await node.app.services.games.load(p.game_id)).doc);
    expect({ white: doc.players.white.id, black: doc.players.black.id, tournamentId: doc.tournamentId, status: doc.status }).toEqual({
      white: p.white_id,
      black: p.black_id,
      tournamentId: id,
      status: 'playing',
    });
    expect(await node.store.gameVersion(p.game_id)).toBe(1);
    expect(await node.store.gamesOf(p.white_id)).toEqual([p.game_id]);
    expect(await node.store.gamesOf(p.black_id)).toEqual([p.game_id]);
  }
}

/** Nobody forgotten: every player in (none paused or withdrawn here) has a game in play that exists. */
async function everyoneInAGame(db: Database, id: string, count: number): Promise<void> {
  const r = await db.query<{ player_id: string; current_game: string | null; paused: boolean; withdrawn: boolean }>(
    'SELECT player_id, current_game, paused, withdrawn FROM tournament_players WHERE tournament_id = $1',
    [id],
  );
  expect(r.rows).toHaveLength(count);
  expect(r.rows.filter((p) => p.paused || p.withdrawn || p.current_game === null)).toEqual([]);
  const games = new Set((await inPlay(db, id)).map((g) => g.game_id));
  expect(r.rows.filter((p) => !games.has(p.current_game ?? ''))).toEqual([]);
}

/** Resigns every game in play (through `node`) and waits until the tournament has recorded their ends. */
async function resignAll(node: Node, db: Database, id: string): Promise<void> {
  await Promise.all((await inPlay(db, id)).map((p) => node.app.services.commands.run('game:resign', p.black_id, { gameId: p.game_id })));
  await expect.poll(async () => (await pairingsOf(db, id)).filter((p) => !p.ended).length, { timeout: 10_000 }).toBe(0);
}

describe.skipIf(skipWithoutBackends() || skipWithoutPostgres())('an arena whose wave node is killed mid-wave (child process)', () => {
  let pg: PostgresHandle | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  for (const backend of BACKENDS) {
    describe(backend, () => {
      const redis = useRedis(backend);
      it('pairs nobody twice, creates every recorded game once, forgets nobody, and runs to its end on the other node', async () => {
        const url = await (pg as PostgresHandle).createDatabase();
        const db = await openDatabase({ url });
        const target = redis().target;
        const raw = openRedis(target);
        // the surviving node's clock: the test moves it (a lease lapses, waves pass, the arena ends)
        let skew = 0;
        const b = await startNode(target, {
          database: db,
          now: () => Date.now() + skew,
          firstMoveGraceMs: 3_600_000,
          tournaments: { tickMs: 0, leaseMs: LEASE_MS },
          abuseLimits: { exemptAddresses: ['127.0.0.1', '::ffff:127.0.0.1'] },
        });
        const nodes: Node[] = [b];
        const clients: Client[] = [];
        let child: ChildNode | undefined;
        try {
          const t = tournamentsOf(b);
          const startsAt = Date.now() + 5 * MINUTE + 1_000;
          const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, arenaOf(startsAt, { name: 'Arena of the killed node', minutes: ARENA_MINUTES }));
          const offset = 6 * MINUTE;
          const join = async (n: number): Promise<Client[]> => {
            const out: Client[] = [];
            for (let i = 0; i < n; i += 25) {
              const batch = await Promise.all(Array.from({ length: Math.min(25, n - i) }, () => connectClient(b.url)));
              clients.push(...batch);
              out.push(...batch);
            }
            for (const c of out) await t.service.join({ playerId: c.session.playerId, name: c.session.name, guest: true }, id);
            return out;
          };
          await join(PLAYERS);

          // the wave's node: its clock is past the start; it ticks by itself and stalls creating the games
          child = await startChildNode({
            redis: target,
            databaseUrl: url,
            clockOffsetMs: offset,
            firstMoveGraceMs: 3_600_000,
            tournaments: { tickMs: 50, leaseMs: LEASE_MS },
            stallGameCreation: { written: WRITTEN },
          });
          // the wave is recorded; WRITTEN games are in the store unanswered; none marked yet
          await expect
            .poll(
              async () => {
                const rows = await pairingsOf(db, id);
                const stored = await inStore(b, rows.map((p) => p.game_id));
                return { created: rows.filter((p) => p.created).length, stored: stored.length, enough: rows.length > WRITTEN };
              },
              { timeout: 20_000, interval: 50 },
            )
            .toEqual({ created: 0, stored: WRITTEN, enough: true });
          const recorded = await pairingsOf(db, id);
          const stored = await inStore(b, recorded.map((p) => p.game_id));
          const wave = recorded[0]?.wave ?? 0;
          expect(new Set(recorded.map((p) => p.wave))).toEqual(new Set([wave]));
          expect(recorded.length).toBe((PLAYERS - 1) / 2);
          // it holds the wave's lease
          expect(await raw.hmget(`mn:tourn:{t:${id}}:lease`, 'step', 'done')).toEqual([String(wave), '0']);
          await nobodyTwice(db, id);
          // players come while the node is stuck: they wait with the one left out
          await join(LATE);

          // the games in the store whose start the dead node never told
          const unannounced = recorded.filter((p) => stored.includes(p.game_id));
          expect(unannounced).toHaveLength(WRITTEN);
          const starts: string[] = [];
          for (const c of clients) c.socket.on('game:start', (e) => starts.push(`${c.session.playerId} ${e.gameId} ${e.color} ${e.tournamentId}`));

          await child.kill();

          // the other node, at the same time: the dead node's lease is live, it does nothing
          skew = offset;
          await t.tick();
          expect((await pairingsOf(db, id)).map((p) => [p.game_id, p.created])).toEqual(recorded.map((p) => [p.game_id, p.created]));

          // once the lease lapsed: the recorded games are created (the stored ones only marked), the waiting paired
          skew = offset + LEASE_MS;
          await t.tick();
          const after = await pairingsOf(db, id);
          expect(after.filter((p) => !p.created)).toEqual([]);
          expect(after.filter((p) => p.wave === wave).map((p) => p.game_id)).toEqual(recorded.map((p) => p.game_id));
          expect(after.filter((p) => p.wave !== wave)).toHaveLength((LATE + 1) / 2);
          await nobodyTwice(db, id);
          await recordedGamesExist(b, db, id);
          await everyoneInAGame(db, id, PLAYERS + LATE);
          // the takeover told the start of the games the dead node wrote: their players have `game:start`
          await expect
            .poll(() => unannounced.flatMap((p) => [`${p.white_id} ${p.game_id} white ${id}`, `${p.black_id} ${p.game_id} black ${id}`]).filter((x) => !starts.includes(x)))
            .toEqual([]);

          // the arena goes on: a wave after the games ended pairs everyone again, once
          await resignAll(b, db, id);
          skew += ARENA_WAVE_MS;
          await t.tick();
          await nobodyTwice(db, id);
          await recordedGamesExist(b, db, id);
          await everyoneInAGame(db, id, PLAYERS + LATE);

          // to its end: no pairing after it, finished once its games ended
          await resignAll(b, db, id);
          const pairings = (await pairingsOf(db, id)).length;
          skew = startsAt + ARENA_MINUTES * MINUTE - Date.now();
          await t.tick();
          expect((await pairingsOf(db, id)).length).toBe(pairings);
          const v = await t.service.view(id);
          expect(v.summary.status).toBe('finished');
          expect(v.podium).toHaveLength(3);
        } finally {
          await child?.kill();
          raw.disconnect();
          await closeAll(clients, nodes);
          await db.close();
        }
      }, 60_000);
    });
  }
});
