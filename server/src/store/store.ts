/**
 * The one storage interface of the server. Two implementations (memory, Redis) pass the same
 * contract suite. Documents are opaque JSON strings chosen by the services; the store never
 * interprets them, so both implementations behave the same (no shared mutable objects).
 * Every method is async, always.
 */

export interface StoredGame {
  readonly id: string;
  /** Starts at 1 on create, +1 on every successful commit. */
  readonly version: number;
  readonly doc: string;
  /** The whole move log, in order (each entry an opaque string, e.g. a JSON MoveRecord). */
  readonly moves: readonly string[];
}

/** A game without its move log: what a command needs, read in O(1) whatever the game's length. */
export interface GameHead {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
  /** Length of the move log. */
  readonly moveCount: number;
}

export interface GameWrite {
  readonly doc: string;
  /** Entries appended to the move log atomically with the doc. */
  readonly appendMoves: readonly string[];
  /** Epoch ms when the server must look at this game again (clock flag, first-move abort), or null. */
  readonly deadline: number | null;
  /**
   * Listed among games in progress with this summary (opaque JSON), or removed from the list when
   * null; undefined (commits only) leaves the listing as it is.
   */
  readonly summary: string | null | undefined;
}

export type CommitResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly reason: 'conflict'; readonly version: number }
  | { readonly ok: false; readonly reason: 'not-found' };

export interface StoredSeek {
  readonly id: string;
  /** Invitation code (private seeks) or null. */
  readonly code: string | null;
  readonly public: boolean;
  readonly doc: string;
}

export interface Store {
  /** Creates version 1. Rejects (throws) if the id exists. */
  createGame(id: string, write: GameWrite): Promise<void>;
  loadGame(id: string): Promise<StoredGame | null>;
  /** Version, doc and move-log length only (added for the command hot path; same snapshot semantics). */
  loadGameHead(id: string): Promise<GameHead | null>;
  /** Atomic compare-and-set on the version: doc, move-log append, deadline and summary in one step. */
  commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult>;
  /** Summaries of games in progress, most recent first. */
  listActiveGames(limit: number): Promise<{ id: string; summary: string }[]>;
  /**
   * Atomically claims up to `limit` deadlines due at `now`, earliest first; each is returned to one
   * caller only. A claim is a lease: the entry moves to `now + leaseMs`, so if the claimer dies
   * before it commits or settles, the game comes due again and another node takes it.
   */
  claimDueGames(now: number, limit: number, leaseMs: number): Promise<string[]>;
  /**
   * Ends a lease taken at `claimedUntil` (= now + leaseMs of the claim): when no commit has moved
   * the entry since, sets it to `deadline` (removes it when null). A commit always wins.
   */
  settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void>;

  putSeek(seek: StoredSeek): Promise<void>;
  getSeek(id: string): Promise<StoredSeek | null>;
  getSeekByCode(code: string): Promise<StoredSeek | null>;
  /** Atomically removes and returns the seek: of two concurrent takers exactly one gets it. */
  takeSeek(id: string): Promise<StoredSeek | null>;
  listPublicSeeks(): Promise<StoredSeek[]>;

  /**
   * Appends a line to one chat channel of a game and keeps only its last `cap` lines. The channel
   * lives `ttlMs` after its last line (Redis expiry; the memory store drops it lazily on load).
   */
  appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void>;
  /** The channel's lines, oldest first (empty when none or expired). */
  loadChat(gameId: string, channel: string): Promise<string[]>;

  putPlayer(id: string, doc: string): Promise<void>;
  getPlayer(id: string): Promise<string | null>;

  /** Throws when the backing service is unreachable (used by /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
