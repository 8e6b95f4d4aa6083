import {
  explorerQuerySchema,
  idSchema,
  newGame,
  parseUci,
  puzzleNextQuerySchema,
  puzzleResultSchema,
  seriesSan,
  turnStartKey,
  type ExplorerAnswer,
  type Move,
  type PuzzleAnswer,
  type PuzzleResultAnswer,
} from '@progressive-chess/shared';
import express, { type Request } from 'express';
import { parseWith } from '../http/parse.js';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';
import type { RateLimitOptions } from '../transport/limit-options.js';
import type { ExplorerRepo } from './explorer-repo.js';
import type { PuzzleRepo } from './puzzle-repo.js';

/** Puzzle and explorer reads per address (a page asks once per puzzle or position shown). */
export const LEARNING_READS: RateLimitOptions = { points: 120, durationSec: 60 };
/** Puzzle results per address. */
export const PUZZLE_RESULTS: RateLimitOptions = { points: 30, durationSec: 60 };

export interface LearningRoutesDeps {
  readonly puzzles: PuzzleRepo;
  readonly explorer: ExplorerRepo;
  readonly accounts: Pick<AccountDirectory, 'fromCookie'>;
  readonly now: () => number;
  readonly reads: express.RequestHandler;
  readonly results: express.RequestHandler;
}

/** The UTC day of a time, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function puzzleIdOf(req: Request): string {
  const id = idSchema.safeParse(req.params.id);
  return id.success ? id.data : fail('bad-request', 'malformed puzzle id');
}

/** `/api/puzzles/*` (mined puzzles) and `/api/explorer` (the series played from a position). */
export function learningRoutes(deps: LearningRoutesDeps): express.Router {
  const r = express.Router();
  const member = async (req: Request): Promise<string | null> => (await deps.accounts.fromCookie(req.headers.cookie))?.playerId ?? null;

  r.get('/puzzles/next', deps.reads, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const q = parseWith(puzzleNextQuerySchema, req.query);
    const puzzle = await deps.puzzles.next({ variant: q.variant ?? null, length: q.length ?? null, exclude: q.exclude ?? [], playerId: await member(req) });
    res.json({ puzzle } satisfies PuzzleAnswer);
  });
  r.get('/puzzles/daily', deps.reads, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const day = utcDay(deps.now());
    res.json({ puzzle: await deps.puzzles.daily(day), day } satisfies PuzzleAnswer);
  });
  r.get('/puzzles/:id', deps.reads, async (req, res) => {
    const puzzle = await deps.puzzles.get(puzzleIdOf(req));
    if (puzzle === null) fail('not-found', 'no such puzzle');
    res.json({ puzzle } satisfies PuzzleAnswer);
  });
  r.post('/puzzles/:id/result', deps.results, express.json({ limit: '1kb' }), async (req, res) => {
    const id = puzzleIdOf(req);
    const body = parseWith(puzzleResultSchema, req.body);
    const done = await deps.puzzles.result(id, await member(req), body.solved, body.assisted, deps.now());
    if (done === null) fail('not-found', 'no such puzzle');
    const round = (g: { rating: number; rd: number }) => ({ rating: Math.round(g.rating), rd: Math.round(g.rd) });
    res.json({ rated: done.rated, player: done.player ? round(done.player) : null, puzzle: round(done.puzzle) } satisfies PuzzleResultAnswer);
  });

  r.get('/explorer', deps.reads, async (req, res) => {
    const q = parseWith(explorerQuerySchema, req.query);
    const start = newGame(q.variant, { fen: q.fen, turn: q.turn });
    if (!start.ok) fail('bad-request', `the position does not read: ${start.error.message}`);
    const key = turnStartKey(start.value);
    const found = await deps.explorer.series(q.variant, key, q.speeds ?? null, q.bands ?? null);
    const answer: ExplorerAnswer = {
      variant: q.variant,
      key,
      games: found.total,
      series: found.series.map((s) => {
        const uci = s.series.split(' ');
        const moves = uci.map((u) => parseUci(u)).filter((m): m is Move => m !== undefined);
        return { uci, san: seriesSan(start.value, moves), games: s.games, whiteWins: s.whiteWins, draws: s.draws, blackWins: s.blackWins };
      }),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });
  return r;
}
