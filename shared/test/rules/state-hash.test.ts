import { describe, expect, it } from 'vitest';
import {
  decodeState,
  encodeState,
  hashEncodedState,
  legalMoves,
  play,
  stateHash,
  VARIANT_IDS,
  type GameState,
} from '../../src/rules/index.js';
import type { Move } from '../../src/chess/index.js';
import { game } from './helpers.js';

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hashEncodedState', () => {
  it('is 32-bit FNV-1a, 8 hex digits (published test vectors)', () => {
    expect(hashEncodedState('')).toBe('811c9dc5');
    expect(hashEncodedState('a')).toBe('e40c292c');
    expect(hashEncodedState('foobar')).toBe('bf9cf968');
  });
});

describe('stateHash', () => {
  /** Plays random legal moves, checking at each step what a live client relies on. */
  function randomWalk(start: GameState, seed: number, plies: number): { states: GameState[]; moves: Move[] } {
    const random = rng(seed);
    const states = [start];
    const moves: Move[] = [];
    let s = start;
    for (let i = 0; i < plies && s.outcome === null; i++) {
      const legal = legalMoves(s);
      const m = legal[Math.floor(random() * legal.length)];
      if (!m) break;
      const r = play(s, m);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
      states.push(s);
      moves.push(m);
    }
    return { states, moves };
  }

  it('a client that applies the move to its decoded copy gets the hash the server sent', () => {
    for (const variant of VARIANT_IDS) {
      const { states, moves } = randomWalk(game(variant), variant.length, 60);
      expect(moves.length).toBeGreaterThan(5);
      moves.forEach((m, i) => {
        const copy = decodeState(encodeState(states[i] as GameState));
        if (!copy.ok) throw new Error(copy.error.message);
        const replayed = play(copy.value, m);
        const sent = hashEncodedState(encodeState(states[i + 1] as GameState));
        expect(replayed.ok && stateHash(replayed.value.state)).toBe(sent);
      });
    }
  });

  it('tells apart the states of a game (no collision along 600 random plies)', () => {
    const hashes = new Map<string, string>();
    for (const variant of VARIANT_IDS) {
      for (const s of randomWalk(game(variant), 7 + variant.length, 60).states) {
        const enc = encodeState(s);
        const h = stateHash(s);
        expect(h).toMatch(/^[0-9a-f]{8}$/);
        const seen = hashes.get(h);
        if (seen !== undefined) expect(seen).toBe(enc);
        hashes.set(h, enc);
      }
    }
    expect(hashes.size).toBeGreaterThan(300);
  });
});
