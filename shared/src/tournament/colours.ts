import type { Color } from '../chess/types.js';

/** A player's colours, oldest first. */
export type ColourHistory = readonly Color[];

/** The colour of the player's latest games and how many in a row they had it (null, 0: no game yet). */
export function colourStreak(colours: ColourHistory): { colour: Color | null; length: number } {
  const last = colours[colours.length - 1];
  if (last === undefined) return { colour: null, length: 0 };
  let length = 0;
  for (let i = colours.length - 1; i >= 0 && colours[i] === last; i--) length++;
  return { colour: last, length };
}

/** Games with white minus games with black. */
export function colourBalance(colours: ColourHistory): number {
  let balance = 0;
  for (const c of colours) balance += c === 'white' ? 1 : -1;
  return balance;
}

/** Whether the player may take `colour` next without more than `maxInARow` games in a row with it. */
export function mayTake(colours: ColourHistory, colour: Color, maxInARow: number): boolean {
  const streak = colourStreak(colours);
  return streak.colour !== colour || streak.length < maxInARow;
}

/**
 * Who of `a` and `b` gets white when both colours are allowed: the one with fewer whites than
 * blacks (balance), then the one whose latest game was with black (or the longer black run), else `aFirst`.
 */
export function firstGetsWhite(a: ColourHistory, b: ColourHistory, aFirst: boolean): boolean {
  const balance = colourBalance(a) - colourBalance(b);
  if (balance !== 0) return balance < 0;
  const signed = (h: ColourHistory): number => {
    const s = colourStreak(h);
    return s.colour === null ? 0 : s.colour === 'white' ? s.length : -s.length;
  };
  const streak = signed(a) - signed(b);
  if (streak !== 0) return streak < 0;
  return aFirst;
}
