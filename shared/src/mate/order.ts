/** Move ordering scores, parallel to the move generator's shared buffer (lower first). */
import { BUF } from '../chess/movegen.js';

export const SCORES = new Float64Array(BUF.length);
/** The series key of the position after each move (-1: not worked out), sorted along with the moves. */
export const KEYS = new Float64Array(BUF.length);
/** The zone bits a last move must newly attack after each move (last-move.ts openZone; -2: not worked out), sorted along. */
export const OPENS = new Int32Array(BUF.length);

/** Insertion sort of BUF[start, end) by SCORES, KEYS and OPENS alongside (the lists are short; stable). */
export function sortByScore(start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const m = BUF[i]!;
    const sc = SCORES[i]!;
    const key = KEYS[i]!;
    const open = OPENS[i]!;
    let j = i - 1;
    while (j >= start && SCORES[j]! > sc) {
      BUF[j + 1] = BUF[j]!;
      SCORES[j + 1] = SCORES[j]!;
      KEYS[j + 1] = KEYS[j]!;
      OPENS[j + 1] = OPENS[j]!;
      j--;
    }
    BUF[j + 1] = m;
    SCORES[j + 1] = sc;
    KEYS[j + 1] = key;
    OPENS[j + 1] = open;
  }
}
