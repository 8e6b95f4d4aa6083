import type { GameDoc } from './game-doc.js';
import type { Transition } from './game-transitions.js';

/*
 * Quiet commits change no play (a player leaving or coming back, the lobby's listing, time given):
 * a move sent at the version before one of them is still current (`GameDoc.quietSince`).
 */

/** Whether a versioned command sent at `version` is current: the game's version, or one of the quiet commits since its last change of play. */
export const currentAt = (doc: GameDoc, stored: number, version: number): boolean =>
  version === stored || (doc.quietSince !== undefined && version >= doc.quietSince && version < stored);

/** `doc` as committed over `version` by `t`: a quiet commit keeps the version of the last change of play (`quietSince`), any other clears it. */
export function quietly(doc: GameDoc, t: Transition, version: number): GameDoc {
  if (t.activity === false) return doc.quietSince === undefined ? { ...doc, quietSince: version } : doc;
  if (doc.quietSince === undefined) return doc;
  const { quietSince: _, ...played } = doc;
  return played;
}

