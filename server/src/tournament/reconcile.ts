import type { Logger } from 'pino';
import type { GameService } from '../services/game-service.js';
import { ServiceError } from '../services/errors.js';
import { parseDoc, type GameDoc } from '../services/game-doc.js';
import type { GameEnd, TournamentRepo } from './tournament-repo.js';
import type { TournamentRecord, TournamentResult } from './tournament-record.js';

/** A finished game's end as the tournament records it (aborted: no result). */
export function gameEndOf(doc: GameDoc, at: number): GameEnd {
  const result = doc.outcome?.result ?? null;
  return {
    gameId: doc.id,
    result: result === null ? null : (result as TournamentResult),
    turns: doc.turn,
    berserk: { white: doc.berserk?.white === true, black: doc.berserk?.black === true },
    at,
  };
}

export interface ReconcileDeps {
  readonly repo: TournamentRepo;
  readonly games: GameService;
  readonly logger: Logger;
  readonly now: () => number;
}

/**
 * The lifecycle's `finished` event is in-process (a node that dies between a commit and its emit
 * loses it): the tournament's games in play are checked against the game store and the archive,
 * and an end found there is recorded (once: `recordEnd` records only the first). Returns how many.
 */
export async function reconcileEnds(deps: ReconcileDeps, t: TournamentRecord): Promise<number> {
  const open = (await deps.repo.games(t.id)).filter((g) => g.created && g.endedAt === null);
  let found = 0;
  for (const g of open) {
    try {
      const doc = parseDoc((await deps.games.load(g.gameId)).doc);
      if (doc.status === 'playing') continue;
      if ((await deps.repo.recordEnd(gameEndOf(doc, deps.now()))) !== null) found++;
    } catch (e) {
      if (e instanceof ServiceError && e.code === 'unknown-game') {
        // gone from the store and never archived: it counts for nobody
        if ((await deps.repo.recordEnd({ gameId: g.gameId, result: null, turns: 0, berserk: { white: false, black: false }, at: deps.now() })) !== null) found++;
      } else deps.logger.warn({ err: e, gameId: g.gameId, tournamentId: t.id }, 'tournament reconcile');
    }
  }
  return found;
}
