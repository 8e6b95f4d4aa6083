import type { GameState } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc.js';

export interface DecodedGame {
  /** The stored doc, exactly as read or written. */
  readonly json: string;
  readonly doc: GameDoc;
  /** The rules state `doc.state` encodes. */
  readonly state: GameState;
}

/**
 * Per-process memo of each game's last parsed doc and decoded rules state, keyed by the exact
 * doc string: a command whose load returns the doc this node wrote (the usual case) skips
 * JSON.parse and decodeState. The store stays the only truth: any other string (another node
 * committed, a restart) is parsed afresh. Docs and states are immutable values, so sharing
 * them between commands is safe. Bounded, least recently used games go first.
 */
export class DecodedGames {
  private readonly entries = new Map<string, DecodedGame>();

  constructor(private readonly max = 10_000) {}

  /** The memo for `json` (exactly this doc), or null. */
  get(gameId: string, json: string): DecodedGame | null {
    const e = this.entries.get(gameId);
    if (e === undefined || e.json !== json) return null;
    this.entries.delete(gameId);
    this.entries.set(gameId, e);
    return e;
  }

  set(gameId: string, e: DecodedGame): void {
    this.entries.delete(gameId);
    this.entries.set(gameId, e);
    if (this.entries.size <= this.max) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
