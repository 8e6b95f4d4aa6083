import type { MyGame } from './types.js';

type Urgency = Pick<MyGame, 'yourTurn' | 'deadline' | 'createdAt'>;

/**
 * The order of a player's games in progress (the server's list and the client's after each push):
 * the player's turn first, then the earliest deadline (none last), then the newest. A field an
 * older server left out counts as none.
 */
export function byUrgency(a: Urgency, b: Urgency): number {
  if (a.yourTurn !== b.yourTurn) return a.yourTurn ? -1 : 1;
  const da = a.deadline ?? Infinity;
  const db = b.deadline ?? Infinity;
  if (da !== db) return da - db;
  return (b.createdAt ?? 0) - (a.createdAt ?? 0);
}
