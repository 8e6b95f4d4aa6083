import { findMate, makeUci, parseUci, type Move } from '@progressive-chess/shared';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { PUZZLES, parseMatesCsv } from './mates60.js';
import { PuzzleSession } from './puzzle-session.svelte.js';
import csv from './progressive-mates-60.csv?raw';

/** The rows of the puzzle file with their example solutions (the app itself ignores them). */
function progressiveMates(): { id: number; fen: string; turn: number; solution: string[] }[] {
  return csv.trim().split(/\r?\n/).slice(1).map((line) => {
    const m = /^(\d+),"([^"]+)",(\d+),"([^"]+)"$/.exec(line.trim());
    if (!m) throw new Error(`bad CSV line: ${line}`);
    return { id: Number(m[1]), fen: m[2] ?? '', turn: Number(m[3]), solution: (m[4] ?? '').split(';') };
  });
}

const uci = (s: string): Move => {
  const m = parseUci(s.replace('-', ''));
  if (!m) throw new Error(s);
  return m;
};

describe('the puzzle set', () => {
  it('is the 60 progressive mates of the puzzle file, in order', () => {
    const rows = progressiveMates();
    expect(PUZZLES).toHaveLength(60);
    expect(PUZZLES.map((p) => [p.id, p.fen, p.turn])).toEqual(rows.map((r) => [String(r.id), r.fen, r.turn]));
    expect(PUZZLES.every((p) => p.variant === 'italian')).toBe(true);
  });

  it('refuses a malformed line', () => {
    expect(() => parseMatesCsv('id,fen,turn,example_solution\n1,fen,4')).toThrow(/bad puzzle line/);
  });
});

describe('PuzzleSession', () => {
  const row = progressiveMates()[0]!;
  const puzzle = PUZZLES[0]!;

  it('accepts the stored mating series', () => {
    const s = new PuzzleSession(puzzle);
    for (const m of row.solution) expect(s.move(uci(m))).toBe(true);
    flushSync();
    expect(s.status).toBe('solved');
    expect(s.san.at(-1)).toMatch(/#$/);
    expect(s.legal).toEqual([]);
  });

  it('accepts another mating series than the stored one', () => {
    // Every solution the finder returns is replayed; find one that differs from the stored answer.
    const alt = PUZZLES.map((p, i) => ({ p, i })).find(({ p, i }) => {
      const s = new PuzzleSession(p);
      const r = findMate(s.start, { maxNodes: 200_000 });
      return r.found && r.moves.map(makeUci).join(' ') !== progressiveMates()[i]!.solution.map((m) => makeUci(uci(m))).join(' ');
    });
    expect(alt, 'a puzzle whose found mate differs from the stored one').toBeDefined();
    const s = new PuzzleSession(alt!.p);
    const r = findMate(s.start, { maxNodes: 200_000 });
    if (!r.found) throw new Error('no mate');
    for (const m of r.moves) expect(s.move(m)).toBe(true);
    expect(s.status).toBe('solved');
  });

  it('fails a full series that does not mate, and resets', () => {
    const s = new PuzzleSession(puzzle);
    for (let i = 0; i < puzzle.turn; i++) {
      const quiet = s.legal.find((m) => {
        const trial = new PuzzleSession(puzzle);
        for (const prev of s.moves) trial.move(prev);
        trial.move(m);
        return trial.status !== 'solved';
      });
      expect(quiet).toBeDefined();
      s.move(quiet!);
    }
    expect(s.status).toBe('failed');
    expect(s.move(s.start.board.legalMoves()[0]!)).toBe(false);
    s.reset();
    expect(s.status).toBe('playing');
    expect(s.moves).toEqual([]);
    expect(s.state).toBe(s.start);
  });

  it('refuses an illegal move with the rules message', () => {
    const s = new PuzzleSession(puzzle);
    expect(s.move(uci('a1a8'))).toBe(false);
    expect(s.notice).toBe('illegal move');
    expect(s.moves).toHaveLength(0);
  });
});
