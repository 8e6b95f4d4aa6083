/**
 * The rating scale, for the server (Glicko-2, the seek's rating range) and the client (the seek
 * form's range around the player's rating, the '?' of a provisional rating): one owner. Free of zod
 * (the client's initial bundle uses it); the range's schema is in schemas.ts.
 */

/** A new player's rating (Glicko scale), also the scale's origin in Glicko-2's formulas. */
export const RATING_DEFAULT = 1500;
/** A new player's rating deviation. */
export const RATING_DEFAULT_RD = 350;
/** The bounds of a seek's rating range. */
export const RATING_MIN = 0;
export const RATING_MAX = 4000;
/** A rating whose deviation is above this is provisional (shown with a '?'). */
export const PROVISIONAL_RD = 110;

/** A seek's rating range: `spread` either side of `rating`, within RATING_MIN..RATING_MAX. */
export function ratingRangeAround(rating: number, spread: number): { min: number; max: number } {
  const clamp = (r: number): number => Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(r)));
  return { min: clamp(rating - spread), max: clamp(rating + spread) };
}

/** How a stored rating is shown: rounded, provisional while its deviation is high. */
export function ratingView(r: { readonly rating: number; readonly rd: number }): { rating: number; rd: number; provisional: boolean } {
  return { rating: Math.round(r.rating), rd: Math.round(r.rd), provisional: r.rd > PROVISIONAL_RD };
}

/** A rating as text: "1500", and "1500?" while provisional. */
export const ratingText = (r: { readonly rating: number; readonly provisional?: boolean }): string =>
  `${r.rating}${r.provisional === true ? '?' : ''}`;
