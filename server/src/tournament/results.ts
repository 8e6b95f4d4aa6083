import type { Logger } from 'pino';
import { DatabaseUnavailableError } from '../db/database.js';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import { gameEndOf } from './reconcile.js';
import type { GameEnd, TournamentRepo } from './tournament-repo.js';

/** Ends recorded in one transaction at most. */
const MAX_BATCH = 500;
/** Tries of a batch while the database is unavailable, and the pause before each next one (ms, doubling). */
const TRIES = 5;
const FIRST_PAUSE_MS = 500;

export interface ResultsDeps {
  readonly repo: TournamentRepo;
  readonly now: () => number;
  readonly logger: Logger;
}

/**
 * A tournament game's end reaches its tournament as a subscriber of the game lifecycle (the game
 * service knows nothing of tournaments): the result is recorded once and the players are free for
 * their next pairing. Ends are recorded one transaction at a time per node, and those that arrive
 * meanwhile go together in the next (`recordEnds`): no wait when results are few, one transaction
 * instead of hundreds queued for the tournament's row when they come in a burst. A batch the
 * database cannot take now is tried again (TRIES, with pauses); an end lost all the same (or whose
 * event was lost: the node died between commit and emit) is found by `reconcileEnds` on a later
 * wave or tick. Returns the unsubscribe, which waits for the batch in hand.
 */
export function subscribeResults(lifecycle: GameLifecycle, deps: ResultsDeps): () => Promise<void> {
  const pending: GameEnd[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const record = async (batch: GameEnd[]): Promise<void> => {
    for (let tried = 1, pause = FIRST_PAUSE_MS; ; tried++, pause *= 2) {
      try {
        const recorded = await deps.repo.recordEnds(batch);
        for (const [gameId, tournamentId] of recorded) deps.logger.debug({ tournamentId, gameId }, 'tournament game ended');
        return;
      } catch (err) {
        if (!(err instanceof DatabaseUnavailableError) || tried >= TRIES || closed) {
          deps.logger.error({ err, games: batch.length }, 'tournament results not recorded now (a later reconcile finds them)');
          return;
        }
        await new Promise((r) => setTimeout(r, pause).unref());
      }
    }
  };
  const drain = async (): Promise<void> => {
    while (pending.length) await record(pending.splice(0, MAX_BATCH));
    running = null;
  };
  const unsubscribe = lifecycle.on('finished', (e) => {
    if (e.doc.tournamentId === undefined) return;
    pending.push(gameEndOf(e.doc, deps.now()));
    running ??= drain();
  });
  return async () => {
    unsubscribe();
    closed = true;
    await running;
  };
}
