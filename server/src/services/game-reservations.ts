import type { Logger } from 'pino';
import type { Store } from '../store/store.js';
import { fail } from './errors.js';
import { parseDoc, type GameDoc } from './game-doc.js';

/**
 * The games in progress counted per player (and under extra keys, e.g. bot games): a new game is
 * reserved before it is created, and released when it ends. The store counts atomically; these
 * are the service's rules around it.
 */

/**
 * Counts a new game among its players' games in progress (at most `max` each). A refusal is
 * checked first: games counted for that player that are over (or gone) are released, then it
 * is tried once more. Throws `too-many-games`.
 */
export async function reserveGame(store: Store, gameId: string, players: readonly string[], max: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const r = await store.reserveGame(gameId, players, max);
    if (r.ok) return;
    if (attempt > 0 || !(await releaseFinished(store, r.player))) {
      fail('too-many-games', `a player already has ${max} games in progress`);
    }
  }
}

/** Releases a player's counted games that are no longer in progress; whether any was. */
async function releaseFinished(store: Store, player: string): Promise<boolean> {
  const ids = await store.gamesOf(player);
  const heads = await Promise.all(ids.map((id) => store.loadGameHead(id)));
  const over = ids.filter((_, i) => {
    const h = heads[i];
    return h == null || parseDoc(h.doc).status !== 'playing';
  });
  await Promise.all(over.map((id) => store.releaseGame(id, [player])));
  return over.length > 0;
}

/** A game just ended: it no longer counts for its players (best effort: a refusal re-checks). */
export function releaseEnded(store: Store, logger: Logger, doc: GameDoc): void {
  const players = [doc.players.white.id, doc.players.black.id, ...(doc.counted ?? [])];
  store.releaseGame(doc.id, players).catch((e: unknown) => logger.warn({ err: e, gameId: doc.id }, 'release game'));
}
