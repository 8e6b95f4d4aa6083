import { describe, expect, it } from 'vitest';
import { PROVISIONAL_RD, RATING_DEFAULT, RATING_MAX, RATING_MIN, ratingRangeAround, ratingText, ratingView, seekCreateSchema } from '../../src/protocol/index.js';

const seek = (ratingRange: { min: number; max: number }) =>
  seekCreateSchema.safeParse({ variant: 'scottish', timeControl: { kind: 'none' }, color: 'random', visibility: 'public', ratingRange });

describe('the rating scale (one owner for server and client)', () => {
  it('a range around a rating is clamped to the bounds the seek schema accepts', () => {
    expect(ratingRangeAround(RATING_DEFAULT, 200)).toEqual({ min: 1300, max: 1700 });
    expect(ratingRangeAround(RATING_MIN + 50, 400)).toEqual({ min: RATING_MIN, max: 450 });
    expect(ratingRangeAround(RATING_MAX - 50, 400)).toEqual({ min: RATING_MAX - 450, max: RATING_MAX });
    expect(seek(ratingRangeAround(RATING_MAX - 50, 400)).success).toBe(true);
    expect(seek({ min: RATING_MIN, max: RATING_MAX + 1 }).success).toBe(false);
    expect(seek({ min: RATING_MIN - 1, max: RATING_MAX }).success).toBe(false);
  });

  it('a rating is provisional while its deviation is above PROVISIONAL_RD, shown with a "?"', () => {
    expect(ratingView({ rating: 1612.4, rd: PROVISIONAL_RD + 0.5 })).toEqual({ rating: 1612, rd: 111, provisional: true });
    expect(ratingView({ rating: 1612.6, rd: PROVISIONAL_RD })).toEqual({ rating: 1613, rd: 110, provisional: false });
    expect(ratingText({ rating: 1500, provisional: true })).toBe('1500?');
    expect(ratingText({ rating: 1500, provisional: false })).toBe('1500');
  });
});
