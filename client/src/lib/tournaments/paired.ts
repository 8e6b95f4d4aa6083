import { playSound } from '../sounds.js';

let lastGame: string | null = null;

/**
 * A tournament paired me for `gameId` (`tournament:paired`, then `game:start` with its
 * `tournamentId`): the pairing's sound, once per game whichever of the two events comes first.
 */
export function paired(gameId: string): void {
  if (gameId === lastGame) return;
  lastGame = gameId;
  playSound('paired');
}
