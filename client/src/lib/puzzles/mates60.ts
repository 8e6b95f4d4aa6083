/**
 * The 60 progressive mates (Italian rules) from a progressive chess course of the University of
 * Ljubljana, read from this folder's byte-identical copy of the reference file kept in
 * shared/test/data (credited in its README; test/repo/puzzle-data.test.ts keeps the two equal).
 * The example solutions are not used: any mating series is accepted.
 */
import csv from './progressive-mates-60.csv?raw';
import type { VariantId } from '@progressive-chess/shared';

export interface Puzzle {
  readonly id: string;
  readonly variant: VariantId;
  readonly fen: string;
  /** The progressive turn, also the number of moves of the series. */
  readonly turn: number;
}

export const PUZZLE_CREDIT = 'Positions: 60 progressive mates from a progressive chess course of the University of Ljubljana.';

/** Rows `id,"fen",turn,"solution"` after a header line. */
export function parseMatesCsv(text: string): Puzzle[] {
  return text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const m = /^(\d+),"([^"]+)",(\d+),/.exec(line.trim());
      if (!m) throw new Error(`bad puzzle line: ${line}`);
      return { id: m[1] ?? '', variant: 'italian', fen: m[2] ?? '', turn: Number(m[3]) };
    });
}

export const PUZZLES: readonly Puzzle[] = parseMatesCsv(csv);
