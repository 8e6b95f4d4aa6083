import type { GameState } from '@progressive-chess/shared';
import type { GameHead } from '../store/store.js';
import { SecondChanceMap } from '../second-chance-map.js';
import type { GameDoc } from './game-doc.js';

export interface DecodedGame {
  /** Version, doc string and log length, as read from or written to the store. */
  readonly head: GameHead;
  readonly doc: GameDoc;
  /** The rules state `doc.state` encodes. */
  readonly state: GameState;
}

/**
 * Per-process memo of each game's last version seen by this node (read or written), with its
 * doc parsed and its rules state decoded. A load that returns the same doc string skips
 * JSON.parse and decodeState; a command may also start from the memo without a load, as an
 * optimistic try that only the store's compare-and-set can accept (see GameService.command).
 * The store stays the only truth. Docs and states are immutable values, so sharing them is
 * safe. Bounded: games not used lately go first (second-chance-map.ts: a move replaces its
 * game's entry in place).
 */
export class DecodedGames {
  private readonly entries = new SecondChanceMap<string, DecodedGame>();

  constructor(private readonly max = 10_000) {}

  /** The memo when it holds exactly this doc string (then refreshed to `head`), or null. */
  get(head: GameHead): DecodedGame | null {
    const e = this.entries.peek(head.id);
    if (e === undefined || e.head.doc !== head.doc) return null;
    const fresh = e.head === head ? e : { ...e, head };
    this.set(fresh);
    return fresh;
  }

  /** The last version this node saw, when it is `version` (any version when undefined), or null. */
  latest(gameId: string, version: number | undefined): DecodedGame | null {
    const e = this.entries.get(gameId);
    return e !== undefined && (version === undefined || e.head.version === version) ? e : null;
  }

  set(e: DecodedGame): void {
    this.entries.set(e.head.id, e);
    if (this.entries.size > this.max) this.entries.evict(() => this.entries.size > this.max);
  }
}
