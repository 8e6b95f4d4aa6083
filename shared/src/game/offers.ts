import { opposite, type Color } from '../chess/types.js';

/**
 * A standing draw offer after `color` played (a move or a pass): it lapses when the offered side
 * ends its turn without answering, and with the game. The one owner of this rule: the server's
 * transitions and `applyGameEvent` both ask it.
 */
export function drawOfferAfterPlay(offer: Color | null, color: Color, turnEnded: boolean, over: boolean): Color | null {
  return over || (turnEnded && offer === opposite(color)) ? null : offer;
}
