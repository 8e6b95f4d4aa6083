import type { Logger } from 'pino';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import { gameEndOf } from './reconcile.js';
import type { TournamentRepo } from './tournament-repo.js';

/**
 * A tournament game's end reaches its tournament as a subscriber of the game lifecycle (the game
 * service knows nothing of tournaments): the result is recorded once and the players are free for
 * their next pairing. An end whose event was lost (the node died between commit and emit) is found
 * by `reconcileEnds` on a later wave or tick.
 */
export function subscribeResults(lifecycle: GameLifecycle, deps: { repo: TournamentRepo; now: () => number; logger: Logger }): () => void {
  return lifecycle.on('finished', async (e) => {
    if (e.doc.tournamentId === undefined) return;
    const t = await deps.repo.recordEnd(gameEndOf(e.doc, deps.now()));
    if (t !== null) deps.logger.debug({ tournamentId: t, gameId: e.doc.id, result: e.outcome.result }, 'tournament game ended');
  });
}
