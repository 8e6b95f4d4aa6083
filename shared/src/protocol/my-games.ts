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

type Progress = { readonly turn: number; readonly takebacks?: number };

/**
 * Whether `update`, a game's summary or entry, is older than the `known` one (delayed between
 * server nodes): the turn only grows, except by a takeback, so more takebacks is newer whatever
 * the turn.
 */
export function olderEntry(known: Progress, update: Progress): boolean {
  const k = known.takebacks ?? 0;
  const u = update.takebacks ?? 0;
  return k !== u ? k > u : known.turn > update.turn;
}
