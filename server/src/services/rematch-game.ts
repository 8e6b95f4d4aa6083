import { opposite, type Color } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc.js';
import type { CreateGameOptions } from './game-service.js';

/**
 * The rematch of a finished game: colours swapped; the same variant, time control, start and
 * privacy. Against the computer: the same level, the computer in the other seat, counted under the
 * same keys (its owner's games against the computer and all of them).
 */
export function rematchOf(d: GameDoc): { readonly options: CreateGameOptions; readonly countedAs: readonly string[] } {
  const custom = d.custom ?? {};
  const { white, black } = d.players;
  const hidden = d.private === true ? { private: true } : {};
  const options: CreateGameOptions = { variant: d.variant, timeControl: d.timeControl, white: black, black: white, ...custom, ...hidden };
  if (d.bot === undefined) return { options, countedAs: [white.id, black.id] };
  const counted = d.counted ?? [];
  return {
    options: { ...options, bot: { ...d.bot, color: opposite(d.bot.color) }, ...(counted.length ? { counted } : {}) },
    countedAs: [d.players[opposite(d.bot.color)].id, ...counted],
  };
}

/** Whether `color`'s opponent stands ready for a rematch: it offered one, or it is the computer (it always accepts). */
export const rematchOffered = (d: GameDoc, color: Color): boolean =>
  d.rematchOffer === opposite(color) || d.bot?.color === opposite(color);
