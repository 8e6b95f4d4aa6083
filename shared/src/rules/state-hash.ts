import { encodeState } from './encode.js';
import type { GameState } from './state.js';

/*
 * A short fingerprint of a rules state, carried by live move events instead of the whole encoded
 * state: a client applies the move with the rules, hashes its own state and asks for a snapshot
 * only when the two differ. 32-bit FNV-1a over the UTF-16 code units of `encodeState`, written as
 * 8 lowercase hex digits. Not a security measure: it detects desynchronisation, nothing more.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The hash of an already encoded state (`encodeState` output): 8 hex digits. */
export function hashEncodedState(encoded: string): string {
  let h = FNV_OFFSET;
  for (let i = 0; i < encoded.length; i++) {
    h ^= encoded.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The hash of a state: `hashEncodedState(encodeState(state))`. */
export function stateHash(state: GameState): string {
  return hashEncodedState(encodeState(state));
}
