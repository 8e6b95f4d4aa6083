import { DatabaseUnavailableError } from '../db/database.js';
import type { Blocks } from './social-service.js';

/**
 * Blocks as the lobby asks them: only accounts block or are blocked, so a guest costs no database
 * read (guests play on while the database is away). With the database away, what is shown (the
 * seeks of the listing and of the feed) is not filtered, while a pairing (`blocks`, a tournament
 * wave's `blockedAmong`) answers `unavailable`: nobody is paired across a block they could not check.
 */
export function accountBlocks(inner: Blocks, isGuest: (playerId: string) => Promise<boolean>): Blocks {
  return {
    async blocks(a, b) {
      const [ga, gb] = await Promise.all([isGuest(a), isGuest(b)]);
      return !ga && !gb && inner.blocks(a, b);
    },
    async blockedWith(a) {
      if (await isGuest(a)) return [];
      return inner.blockedWith(a).catch((e: unknown) => (e instanceof DatabaseUnavailableError ? [] : Promise.reject(e)));
    },
    // only accounts have blocks (a guest is in none of them): one query, no guest looked up
    blockedAmong: (ids) => inner.blockedAmong(ids),
  };
}
