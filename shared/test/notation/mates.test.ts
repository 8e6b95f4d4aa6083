import { describe, expect, it } from 'vitest';
import { makeGame, parseGame } from '../../src/notation/index.js';
import { progressiveMates } from '../data/load.js';
import { mv } from './helpers.js';

describe('the Italian mates of progressive-mates-60.csv', () => {
  const all = progressiveMates();

  it('holds 60 positions', () => {
    expect(all).toHaveLength(60);
  });

  it('are written as one numbered turn ending in # and read back to the same mate', () => {
    for (const row of all) {
      const record = { variant: 'italian' as const, initialFen: row.fen, initialTurn: row.turn, moves: row.solution.map(mv) };
      const written = makeGame(record);
      if (!written.ok) throw new Error(`#${row.id}: ${written.error.code} ${written.error.message}`);
      const text = written.value;
      expect(text.startsWith(`${row.turn}.`), `#${row.id} ${text}`).toBe(true);
      expect(text.endsWith('#'), `#${row.id} ${text}`).toBe(true);
      expect(text.split(' ')).toHaveLength(row.turn);
      expect(text.slice(0, -1)).not.toMatch(/[+#]/);
      const back = parseGame(text, 'italian', { fen: row.fen, turn: row.turn });
      if (!back.ok) throw new Error(`#${row.id}: ${back.error.message}`);
      expect(back.value.record.moves).toEqual(record.moves);
      expect(back.value.state.outcome?.reason, `#${row.id}`).toMatch(/checkmate/);
    }
  });
});
