import type { ClientPayload, Seek, VariantId, VariantRating } from '@progressive-chess/shared';
import { fail } from '../services/errors.js';

/** A player's rating in a variant, or null for anonymous players. */
export type RatingLookup = (playerId: string, variant: VariantId) => Promise<VariantRating | null>;

/** No accounts configured: everyone is anonymous. */
export const NO_RATINGS: RatingLookup = async () => null;

/** The rated/range part of a new seek and its creator's rating; rated seeks need an account. */
export async function seekTerms(
  lookup: RatingLookup,
  playerId: string,
  p: ClientPayload<'seek:create'>,
): Promise<{ terms: Pick<Seek, 'rated' | 'ratingRange'>; rating: VariantRating | null }> {
  const rating = await lookup(playerId, p.variant);
  if (p.rated === true && rating === null) fail('account-required', 'rated games need an account: sign up first');
  const terms = {
    ...(p.rated === true ? { rated: true } : {}),
    ...(p.ratingRange ? { ratingRange: p.ratingRange } : {}),
  };
  return { terms, rating };
}

/** The acceptor's rating, checked against the seek: an account for rated seeks, inside the range if any. */
export async function acceptorRating(lookup: RatingLookup, seek: Seek, playerId: string): Promise<VariantRating | null> {
  const rating = await lookup(playerId, seek.variant);
  if ((seek.rated === true || seek.ratingRange !== undefined) && rating === null) {
    fail('account-required', 'this seek is for players with an account');
  }
  const range = seek.ratingRange;
  if (range && rating && (rating.rating < range.min || rating.rating > range.max)) {
    fail('out-of-rating-range', `this seek is for ratings ${range.min}-${range.max}`);
  }
  return rating;
}
