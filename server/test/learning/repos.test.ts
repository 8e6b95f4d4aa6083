import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open-database.js';
import { ExplorerRepo } from '../../src/learning/explorer-repo.js';
import { PuzzleRepo, type PuzzleCandidate } from '../../src/learning/puzzle-repo.js';
import { type PostgresHandle, skipWithoutPostgres, startPostgres } from '../../../test/support/postgres-server.js';

const candidate = (n: number, near = `near-${n}`): PuzzleCandidate => ({
  variant: 'italian',
  fen: `fen-${n}`,
  turn: 4,
  color: 'black',
  nearKey: near,
  solution: ['a7a6', 'a6a5', 'h7h6', 'h6h5'],
  origin: 'missed',
  gameId: `g${n}`,
  context: { fen: 'ctx', turn: 3, moves: ['e2e4'] },
});

/** The learning repositories' SQL, on PGlite and on a PostgreSQL server alike. */
function learningContract(name: string, open: () => Promise<Database>): void {
  describe(`learning repositories on ${name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it('explorer: counts a game once, sums by series, filters by speed and band', async () => {
      const repo = new ExplorerRepo(db);
      const row = { variant: 'scottish', positionKey: 'k', series: 'e2e4', speed: 'live', band: 'unrated', result: '1-0' } as const;
      expect(await repo.count('a', [row, { ...row, series: 'd2d4', result: '0-1' }], 1)).toBe(true);
      expect(await repo.count('a', [row], 1)).toBe(false);
      expect(await repo.count('b', [{ ...row, speed: 'untimed', result: '1/2-1/2' }], 2)).toBe(true);
      expect(await repo.series('scottish', 'k', null, null)).toEqual({
        total: 3,
        series: [
          { series: 'e2e4', games: 2, whiteWins: 1, draws: 1, blackWins: 0 },
          { series: 'd2d4', games: 1, whiteWins: 0, draws: 0, blackWins: 1 },
        ],
      });
      expect((await repo.series('scottish', 'k', ['untimed'], ['unrated'])).total).toBe(1);
      expect((await repo.series('scottish', 'k', ['live'], ['1400-1599'])).series).toEqual([]);
    });

    it('puzzles: near-copies dropped, a game mined once, next, daily and rated results', async () => {
      const repo = new PuzzleRepo(db);
      let id = 0;
      const newId = () => `p${++id}`;
      expect(await repo.addMined('g1', [candidate(1), candidate(2, 'near-1')], newId, 1)).toBe(1);
      expect(await repo.addMined('g1', [candidate(3)], newId, 1)).toBe(0);
      expect(await repo.addMined('g2', [candidate(4)], newId, 1)).toBe(1);
      const first = await repo.get('p1');
      expect(first).toMatchObject({ solution: ['a7a6', 'a6a5', 'h7h6', 'h6h5'], themes: ['italian', 'series-4', 'missed'], rating: 1500, context: { moves: ['e2e4'] } });
      expect((await repo.next({ variant: 'italian', length: 4, exclude: ['p1'], playerId: null }))?.id).not.toBe('p1');
      const daily = await repo.daily('2030-01-01');
      expect((await repo.daily('2030-01-01'))?.id).toBe(daily?.id);
      expect((await repo.daily('2030-01-02'))?.id).not.toBe(daily?.id);
      const rated = await repo.result('p1', 'alice', false, false, 5);
      expect(rated?.rated).toBe(true);
      expect(rated?.player?.rating).toBeLessThan(1500);
      expect(rated?.puzzle.rating).toBeGreaterThan(1500);
      expect((await repo.result('p1', 'alice', true, false, 6))?.rated).toBe(false);
      expect((await repo.next({ variant: null, length: null, exclude: [], playerId: 'alice' }))?.gameId).toBe('g4');
      expect(await repo.result('nope', 'alice', true, false, 7)).toBeNull();
    });
  });
}

learningContract('PGlite', () => openDatabase({}));
describe.skipIf(skipWithoutPostgres())('PostgreSQL server', () => {
  let pg: PostgresHandle;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });
  learningContract('PostgreSQL', async () => openDatabase({ url: await pg.createDatabase() }));
});
