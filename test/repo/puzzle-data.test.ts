// The puzzles page ships its own copy of the 60 progressive mates; it must stay the reference copy.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string): Buffer => readFileSync(`${root}${path}`);

describe('the puzzle data', () => {
  it("is byte-identical to shared/test/data's copy of the 60 progressive mates", () => {
    const reference = read('shared/test/data/progressive-mates-60.csv');
    expect(reference.length).toBeGreaterThan(1000);
    expect(read('client/src/lib/puzzles/progressive-mates-60.csv').equals(reference)).toBe(true);
  });
});
