import type { GameState } from '@progressive-chess/shared';
import type { GameHead } from '../store/store.js';
import { SecondChanceMap } from '../second-chance-map.js';
import type { GameDoc } from './game-doc.js';

/** A game's id, version and log length: a head without its doc string (see `DecodedGames`). */
export type GameRef = Pick<GameHead, 'id' | 'version' | 'moveCount'>;

/** A head's id, version and log length alone (its doc string left out). */
export const refOf = (h: GameRef): GameRef => ({ id: h.id, version: h.version, moveCount: h.moveCount });

export interface DecodedGame {
  /** Version and log length, as read from or written to the store. */
  readonly head: GameRef;
  /** The length of the doc string `doc` was parsed from (a guard beside the version). */
  readonly docLength: number;
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
 *
 * An entry is known by its game's version, with the doc string's length as a guard: under
 * compare-and-set a version is written once, with one doc (a game id is never reused), which the
 * optimistic try relies on already. The doc string itself is not kept: it was some 40% of what
 * every young collection copies of the memo (one entry per game moved since the last one).
 */
export class DecodedGames {
  private readonly entries = new SecondChanceMap<string, DecodedGame>();

  constructor(private readonly max = 10_000) {}

  /** The memo when it holds this version of the game (then refreshed to the head's log length), or null. */
  get(head: GameHead): DecodedGame | null {
    const e = this.entries.peek(head.id);
    if (e === undefined || e.head.version !== head.version || e.docLength !== head.doc.length) return null;
    const fresh = e.head.moveCount === head.moveCount ? e : { ...e, head: refOf(head) };
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
