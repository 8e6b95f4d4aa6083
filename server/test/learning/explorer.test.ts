import { fen, INITIAL_FEN, newGame, play, parseUci, type ExplorerAnswer } from '@progressive-chess/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInlinePool } from '../../src/compute/inline-pool.js';
import { ExplorerRepo } from '../../src/learning/explorer-repo.js';
import { LEARNING_TABLES } from '../../src/learning/learning-schema.js';
import { http, useDatabase } from '../durable-helpers.js';
import { Client, startServer, type TestServer } from '../helpers.js';
import { MATED, MISSED, playIndexed } from './learning-games.js';

const db = useDatabase();
beforeEach(async () => {
  await db().exec(`TRUNCATE ${LEARNING_TABLES}`);
});

const explore = async (server: TestServer, query: string): Promise<ExplorerAnswer> => {
  const r = await http(server, 'GET', `/api/explorer?variant=scottish&${query}`);
  expect(r.status).toBe(200);
  return r.body as ExplorerAnswer;
};
const q = (f: string, turn: number): string => `fen=${encodeURIComponent(f)}&turn=${turn}`;
const rows = (a: ExplorerAnswer) => a.series.map((s) => [s.san.join(' '), s.games, s.whiteWins, s.draws, s.blackWins]);

describe('the opening explorer', () => {
  it('counts the series played from each turn-start position as games are archived, with their results, by speed and rating band', async () => {
    const server = await startServer({ database: db(), compute: createInlinePool() });
    const [w, b] = [await Client.connect(server), await Client.connect(server)];
    const live = { kind: 'fischer', initial: 300, increment: 5 } as const;
    // two rated live games between 1500s, an untimed casual one between guests, one more live game between 2300s
    await playIndexed(server, w, b, { opening: { white1: 'e2e4', black2: ['e7e5', 'g8f6'] }, third: MATED, timeControl: live, rated: true, ratings: [1500, 1520] });
    await playIndexed(server, w, b, { opening: { white1: 'e2e4', black2: ['e7e5', 'a7a6'] }, third: MISSED, timeControl: live, rated: true, ratings: [1490, 1510] });
    await playIndexed(server, w, b, { opening: { white1: 'e2e4', black2: ['e7e5', 'g8f6'] }, third: MISSED });
    await playIndexed(server, w, b, { opening: { white1: 'd2d4', black2: ['e7e5', 'g8f6'] }, third: ['c1f4', 'd1d2', 'b1c3'], timeControl: live, ratings: [2300, 2350] });

    const start = await explore(server, q(INITIAL_FEN, 1));
    expect(start.games).toBe(4);
    expect(rows(start)).toEqual([
      ['e4', 3, 3, 0, 0],
      ['d4', 1, 1, 0, 0],
    ]);
    expect(rows(await explore(server, `${q(INITIAL_FEN, 1)}&speeds=untimed`))).toEqual([['e4', 1, 1, 0, 0]]);
    expect(rows(await explore(server, `${q(INITIAL_FEN, 1)}&speeds=live&bands=1400-1599`))).toEqual([['e4', 2, 2, 0, 0]]);
    expect(rows(await explore(server, `${q(INITIAL_FEN, 1)}&bands=2200-plus,unrated`))).toEqual([
      ['d4', 1, 1, 0, 0],
      ['e4', 1, 1, 0, 0],
    ]);

    // after 1.e4: Black's two-move series, then White's series after 2...e5 Nf6 (the series cut short by resignation is not counted)
    const e4 = newGame('scottish');
    if (!e4.ok) throw new Error(e4.error.message);
    const after = play(e4.value, parseUci('e2e4')!);
    if (!after.ok) throw new Error(after.error.message);
    const black = await explore(server, q(fen(after.value.state), 2));
    expect(rows(black)).toEqual([
      ['e5 Nf6', 2, 2, 0, 0],
      ['e5 a6', 1, 1, 0, 0],
    ]);
    expect(black.series[0]!.uci).toEqual(['e7e5', 'g8f6']);
    const twoMoves = [parseUci('e7e5')!, parseUci('g8f6')!].reduce((s, m) => {
      const r = play(s, m);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.state;
    }, after.value.state);
    expect(rows(await explore(server, q(fen(twoMoves), 3)))).toEqual([
      ['Bc4 Qh5 Qxf7#', 1, 1, 0, 0],
      ['Bc4 Qh5 Qh4', 1, 1, 0, 0],
    ]);

    expect((await http(server, 'GET', '/api/explorer?variant=scottish&fen=nonsense&turn=1')).status).toBe(400);
    expect((await http(server, 'GET', `/api/explorer?variant=scottish&${q(INITIAL_FEN, 1)}&speeds=blitz`)).status).toBe(400);
  });

  it('counts a game once, whichever node tells it', async () => {
    const repo = new ExplorerRepo(db());
    const row = { variant: 'scottish', positionKey: 'k', series: 'e2e4', speed: 'live', band: 'unrated', result: '1-0' } as const;
    expect(await repo.count('g1', [row, row], 1)).toBe(true);
    expect(await repo.count('g1', [row], 2)).toBe(false);
    expect((await repo.series('scottish', 'k', null, null)).series).toEqual([{ series: 'e2e4', games: 2, whiteWins: 2, draws: 0, blackWins: 0 }]);
  });
});
