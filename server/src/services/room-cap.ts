import { fail } from './errors.js';

/**
 * Rooms of one kind (game rooms, chat channels) a connection may be in at once. A page shows one
 * game (another tab is a connection of its own), so the cap is never met in play; it bounds what a
 * stranger's connection can subscribe to (every move or line of every game it joined reaches it).
 */
export const MAX_ROOMS_PER_CONNECTION = 50;

/** Before joining `room`: refused `too-many-rooms` when the connection is at the cap of rooms named `prefix...`. */
export function checkRoomCap(rooms: ReadonlySet<string>, room: string, prefix: string): void {
  if (rooms.has(room)) return;
  let held = 0;
  for (const r of rooms) if (r.startsWith(prefix)) held++;
  if (held >= MAX_ROOMS_PER_CONNECTION) {
    fail('too-many-rooms', `a connection can follow at most ${MAX_ROOMS_PER_CONNECTION} games at once: leave one first`);
  }
}
