import { playSound } from '../sounds.js';

let lastGame: string | null = null;

/**
 * A tournament paired me for `gameId` (its `game:start` carries `tournamentId`): the pairing's
 * sound, once per game (a game whose start is told again, by a node that recovered a wave, is not
 * sounded twice).
 */
export function paired(gameId: string): void {
  if (gameId === lastGame) return;
  lastGame = gameId;
  playSound('paired');
}
