import type { ClientPayload, Seek, VariantId, VariantRating } from '@progressive-chess/shared';
import { DatabaseUnavailableError } from '../db/database.js';
import { fail } from '../services/errors.js';

/** A player's rating in a variant, or null for anonymous players. */
export type RatingLookup = (playerId: string, variant: VariantId) => Promise<VariantRating | null>;

/** No accounts configured: everyone is anonymous. */
export const NO_RATINGS: RatingLookup = async () => null;

/**
 * The rating of a player whose seek or acceptance does not depend on it (casual, no range: it is only
 * shown): null when the accounts are unavailable, so guests and players with accounts play on.
 */
async function lookupFor(lookup: RatingLookup, playerId: string, variant: VariantId, needed: boolean): Promise<VariantRating | null> {
  if (needed) return lookup(playerId, variant);
  return lookup(playerId, variant).catch((e: unknown) => (e instanceof DatabaseUnavailableError ? null : Promise.reject(e)));
}

/** The rated/range part of a new seek and its creator's rating; rated seeks need an account. */
export async function seekTerms(
  lookup: RatingLookup,
  playerId: string,
  p: ClientPayload<'seek:create'>,
): Promise<{ terms: Pick<Seek, 'rated' | 'ratingRange'>; rating: VariantRating | null }> {
  const rating = await lookupFor(lookup, playerId, p.variant, p.rated === true || p.ratingRange !== undefined);
  if (p.rated === true && rating === null) fail('account-required', 'rated games need an account: sign up first');
  const terms = {
    ...(p.rated === true ? { rated: true } : {}),
    ...(p.ratingRange ? { ratingRange: p.ratingRange } : {}),
  };
  return { terms, rating };
}

/** The acceptor's rating, checked against the seek: an account for rated seeks, inside the range if any. */
export async function acceptorRating(lookup: RatingLookup, seek: Seek, playerId: string): Promise<VariantRating | null> {
  const needed = seek.rated === true || seek.ratingRange !== undefined;
  const rating = await lookupFor(lookup, playerId, seek.variant, needed);
  if (needed && rating === null) {
    fail('account-required', 'this seek is for players with an account');
  }
  const range = seek.ratingRange;
  if (range && rating && (rating.rating < range.min || rating.rating > range.max)) {
    fail('out-of-rating-range', `this seek is for ratings ${range.min}-${range.max}`);
  }
  return rating;
}

/** The seek creator's rating for the game: needed for a rated seek, else only shown (none while the accounts are unavailable). */
export function creatorRating(lookup: RatingLookup, seek: Seek): Promise<VariantRating | null> {
  return lookupFor(lookup, seek.creator.id, seek.variant, seek.rated === true);
}
