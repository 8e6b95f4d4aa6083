import { fen, newGame, play, parseUci, type GameState, type MinedPuzzle, type PuzzleAnswer, type PuzzleResultAnswer } from '@progressive-chess/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createInlinePool } from '../../src/compute/inline-pool.js';
import { LEARNING_TABLES } from '../../src/learning/learning-schema.js';
import { account, http, useDatabase } from '../durable-helpers.js';
import { Client, startServer, type TestServer } from '../helpers.js';
import { MATED, MISSED, playIndexed, type Opening, type PlayedGame } from './learning-games.js';

const db = useDatabase();
beforeEach(async () => {
  await db().exec(`TRUNCATE ${LEARNING_TABLES}`);
});

/** Day 2030-01-01 at 00:05 UTC. */
const DAY = Date.UTC(2030, 0, 1, 0, 5);

/** A server on a clock that tests move (`at`: that time now, the clock running on from it). */
async function learningServer(): Promise<{ server: TestServer; at(ms: number): void; another(): Promise<TestServer> }> {
  let shift = DAY - Date.now();
  const now = (): number => Date.now() + shift;
  const server = await startServer({ database: db(), compute: createInlinePool(), now });
  // another node on the same database and clock
  const another = () => startServer({ database: db(), compute: createInlinePool(), now });
  return { server, at: (ms) => (shift = ms - Date.now()), another };
}

/** The Scottish state after `moves` from `start` (the initial position at turn 1 without one). */
function replay(start: string | undefined, turn: number, moves: readonly string[]): GameState {
  const first = newGame('scottish', start === undefined ? {} : { fen: start, turn });
  if (!first.ok) throw new Error(first.error.message);
  return moves.reduce((s, u) => {
    const r = play(s, parseUci(u)!);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.state;
  }, first.value);
}

/** The position after 1.e4 2.e5 <second>, White to play its three moves. */
const positionAfter = (o: Opening): string => fen(replay(undefined, 1, [o.white1, ...o.black2]));

const OPENINGS: readonly Opening[] = [
  { white1: 'e2e4', black2: ['e7e5', 'g8f6'] },
  { white1: 'e2e4', black2: ['e7e5', 'a7a6'] },
  { white1: 'e2e4', black2: ['e7e5', 'h7h6'] },
];

const puzzleOf = async (server: TestServer, path: string, cookie?: string): Promise<MinedPuzzle | null> => {
  const r = await http(server, 'GET', path, undefined, cookie);
  expect(r.status).toBe(200);
  return (r.body as PuzzleAnswer).puzzle;
};

describe('puzzles mined from archived games', () => {
  it('finds the missed mates of archived games as rated puzzles with their context, once per position', async () => {
    const { server } = await learningServer();
    const [w, b] = [await Client.connect(server), await Client.connect(server)];
    const games: PlayedGame[] = [];
    for (const opening of OPENINGS) games.push(await playIndexed(server, w, b, { opening, third: MISSED }));
    expect(games.every((g) => g.indexed.puzzles >= 1 && g.indexed.series >= 3)).toBe(true);

    const mined = (await db().query<{ id: string; game_id: string; fen: string }>("SELECT id, game_id, fen FROM puzzles WHERE turn = 3")).rows;
    expect(mined.map((p) => p.fen).sort()).toEqual(OPENINGS.map(positionAfter).sort());
    const first = await puzzleOf(server, `/api/puzzles/${mined.find((p) => p.game_id === games[0]!.gameId)!.id}`);
    expect(first).toMatchObject({
      variant: 'scottish',
      fen: positionAfter(OPENINGS[0]!),
      turn: 3,
      color: 'white',
      origin: 'missed',
      themes: ['scottish', 'series-3', 'missed'],
      rating: 1400,
      plays: 0,
      gameId: games[0]!.gameId,
      context: { turn: 2, moves: ['e7e5', 'g8f6'] },
    });
    // the solution mates
    expect(replay(first!.fen, 3, first!.solution).outcome?.reason).toBe('checkmate');

    // the same game again: its positions are copies of stored puzzles, none is added
    const again = await playIndexed(server, w, b, { opening: OPENINGS[0]!, third: MISSED });
    expect(again.indexed.puzzles).toBe(0);
    // a mate played is a puzzle too (the position after 1.e3 e5 Nf6 is new)
    const played = await playIndexed(server, w, b, { opening: { white1: 'e2e3', black2: ['e7e5', 'g8f6'] }, third: MATED });
    expect(played.indexed.puzzles).toBe(1);
    const p = (await db().query<{ origin: string; length: number }>('SELECT origin, length FROM puzzles WHERE game_id = $1', [played.gameId])).rows;
    expect(p).toEqual([{ origin: 'played', length: 3 }]);
  });

  it('rates puzzle and player by a member\'s first result (a hint counts as a failure); guests and repeats change nothing', async () => {
    const { server } = await learningServer();
    const [w, b] = [await Client.connect(server), await Client.connect(server)];
    for (const opening of OPENINGS.slice(0, 2)) await playIndexed(server, w, b, { opening, third: MISSED });
    const ids = (await db().query<{ id: string }>('SELECT id FROM puzzles WHERE turn = 3 ORDER BY id')).rows.map((r) => r.id);
    const [p1, p2] = [ids[0]!, ids[1]!];
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const result = async (id: string, body: unknown, cookie?: string) => {
      const r = await http(server, 'POST', `/api/puzzles/${id}/result`, body, cookie);
      return { status: r.status, body: r.body as PuzzleResultAnswer };
    };

    const solved = await result(p1, { solved: true, assisted: false }, alice.cookie);
    expect(solved.status).toBe(200);
    expect(solved.body.rated).toBe(true);
    expect(solved.body.player!.rating).toBeGreaterThan(1500);
    expect(solved.body.puzzle.rating).toBeLessThan(1400);
    const repeat = await result(p1, { solved: false, assisted: false }, alice.cookie);
    expect(repeat.body).toMatchObject({ rated: false, player: solved.body.player, puzzle: solved.body.puzzle });

    const hinted = await result(p2, { solved: true, assisted: true }, bob.cookie);
    expect(hinted.body.rated).toBe(true);
    expect(hinted.body.player!.rating).toBeLessThan(1500);
    expect(hinted.body.puzzle.rating).toBeGreaterThan(1400);

    const guest = await result(p2, { solved: true, assisted: false });
    expect(guest.body).toMatchObject({ rated: false, player: null, puzzle: hinted.body.puzzle });
    expect(await puzzleOf(server, `/api/puzzles/${p2}`)).toMatchObject({ rating: hinted.body.puzzle.rating, plays: 1 });

    // the next puzzle skips what a member played; a guest's `exclude` skips what it saw
    expect((await puzzleOf(server, '/api/puzzles/next?variant=scottish', alice.cookie))?.id).not.toBe(p1);
    const seen = (await db().query<{ id: string }>('SELECT id FROM puzzles')).rows.map((r) => r.id);
    expect(await puzzleOf(server, `/api/puzzles/next?exclude=${seen.join(',')}`)).toBeNull();
    expect(await puzzleOf(server, '/api/puzzles/next?variant=italian')).toBeNull();

    expect((await http(server, 'POST', `/api/puzzles/${p1}/result`, { solved: 'yes' }, alice.cookie)).status).toBe(400);
    expect((await http(server, 'POST', '/api/puzzles/nope/result', { solved: true, assisted: false }, alice.cookie)).status).toBe(404);
    expect((await http(server, 'GET', '/api/puzzles/nope')).body).toMatchObject({ code: 'not-found' });
  });

  it('keeps the daily puzzle for the whole UTC day and picks another the next day', async () => {
    const { server, at, another } = await learningServer();
    expect(await http(server, 'GET', '/api/puzzles/daily')).toMatchObject({ status: 200, body: { puzzle: null, day: '2030-01-01' } });
    const [w, b] = [await Client.connect(server), await Client.connect(server)];
    for (const opening of OPENINGS) await playIndexed(server, w, b, { opening, third: MISSED });
    const first = await puzzleOf(server, '/api/puzzles/daily');
    expect(first).not.toBeNull();
    at(Date.UTC(2030, 0, 1, 23, 59));
    expect((await puzzleOf(server, '/api/puzzles/daily'))?.id).toBe(first!.id);
    at(Date.UTC(2030, 0, 2, 0, 1));
    const next = await http(server, 'GET', '/api/puzzles/daily');
    expect(next.body).toMatchObject({ day: '2030-01-02' });
    expect((next.body as PuzzleAnswer).puzzle?.id).not.toBe(first!.id);
    expect((await puzzleOf(server, '/api/puzzles/daily'))?.id).toBe((next.body as PuzzleAnswer).puzzle?.id);
    // two nodes asked at once for a new day's puzzle answer the same one
    const other = await another();
    at(Date.UTC(2030, 0, 3, 0, 1));
    const [onA, onB] = await Promise.all([puzzleOf(server, '/api/puzzles/daily'), puzzleOf(other, '/api/puzzles/daily')]);
    expect(onA?.id).toBeDefined();
    expect(onB?.id).toBe(onA?.id);
  });
});
