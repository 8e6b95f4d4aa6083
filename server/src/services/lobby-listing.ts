import { opposite, type Color } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc-types.js';

/**
 * The one answer to "is this game listed among the lobby's games in progress?", for every path that
 * writes or publishes the lobby's games (creation, commits, room counts, the store's listing): a
 * game in progress, not from an invitation or a challenge (`private`), that some player of it still
 * plays (not `unlisted`: see `unlistAt`).
 */
export const listed = (doc: GameDoc): boolean => doc.status === 'playing' && doc.private !== true && doc.unlisted !== true;

/** The players whose presence keeps a game listed: both, or the person in a game against the computer. */
export const people = (doc: GameDoc): readonly Color[] => (doc.bot === undefined ? ['white', 'black'] : [opposite(doc.bot.color)]);

/**
 * When a listed game leaves the lobby's list: `lobbyAwayMs` after the last of its people left
 * (null: someone is there, or it is not listed). The deadline worker takes it off then.
 */
export function unlistAt(doc: GameDoc, lobbyAwayMs: number): number | null {
  if (!listed(doc)) return null;
  let last = 0;
  for (const c of people(doc)) {
    const since = doc.away?.[c];
    if (since === undefined) return null;
    last = Math.max(last, since);
  }
  return last + lobbyAwayMs;
}
