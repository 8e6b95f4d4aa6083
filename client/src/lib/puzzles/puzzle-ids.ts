/**
 * The puzzle numbers, without the puzzle file: the router names a puzzle URL's page ("No such
 * puzzle") without loading mates60.ts, which stays in the puzzles page's own chunk. The puzzles
 * are numbered 1 to PUZZLE_COUNT (PuzzlesPage.test.ts keeps this equal to mates60.ts).
 */
export const PUZZLE_COUNT = 60;

/** A puzzle's URL id: its number as written in the list ("7", not "07", "7.0" or "-7"). */
export function isPuzzleId(id: string): boolean {
  return /^[1-9]\d*$/.test(id) && Number(id) <= PUZZLE_COUNT;
}
