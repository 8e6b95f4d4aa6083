// Readers of the reference data kept in this folder (see README.md here).
import { readFileSync } from 'node:fs';

/** One perft.json entry: counts per depth from 1, or a single deep count. */
export interface PerftEntry { name: string; fen: string; counts?: number[]; depth?: number; count?: number }

/** One row of progressive-mates-60.csv; `solution` holds the `from-to[promotion]` moves as written. */
export interface MateRow { id: number; fen: string; turn: number; solution: string[] }

const here = (file: string): URL => new URL(file, import.meta.url);

export const perftData = (): PerftEntry[] =>
  (JSON.parse(readFileSync(here('perft.json'), 'utf8')) as { positions: PerftEntry[] }).positions;

export function progressiveMates(): MateRow[] {
  const lines = readFileSync(here('progressive-mates-60.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((line) => {
    const m = /^(\d+),"([^"]+)",(\d+),"([^"]+)"$/.exec(line.trim());
    if (!m) throw new Error(`bad CSV line: ${line}`);
    return { id: Number(m[1]), fen: m[2] ?? '', turn: Number(m[3]), solution: (m[4] ?? '').split(';') };
  });
}
