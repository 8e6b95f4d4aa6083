/**
 * The one storage interface of the server. Its implementations (memory, the memory store
 * journaled to disk, Redis) pass the same contract suite. Documents are opaque JSON strings chosen by the services; the store never
 * interprets them, so both implementations behave the same (no shared mutable objects).
 * Every method is async, always.
 */

/**
 * What every store method rejects with when its backing service cannot be reached right now
 * (connection down, still loading its data): nothing was decided, the caller may try again later.
 * Any other rejection is a fault of the request or of the store itself.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

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
  /**
   * Commits only: the move log is first cut to this many entries (a takeback), in the same atomic
   * step; `appendMoves` follow. Undefined: the log only grows. A cut log is a new log for the
   * readers that cache one (Redis: a new log id).
   */
  readonly truncateMoves?: number;
  /**
   * Epoch ms when the server must look at this game again (clock flag, first-move abort), or null;
   * undefined (commits only) leaves the game's deadline entry as it is, claimed or not.
   */
  readonly deadline: number | null | undefined;
  /**
   * Listed among games in progress with this summary (opaque JSON), or removed from the list when
   * null; undefined (commits only) leaves the listing as it is.
   */
  readonly summary: string | null | undefined;
  /**
   * A number: the game (document and move log) is deleted this many ms after this write, unless a
   * later write sets it again. Null: kept (finished games stay for replay and PGN). Undefined:
   * as the previous write left it (a new game is kept).
   */
  readonly expireAfterMs?: number | null;
  /**
   * Commits only: a message to publish in the same atomic step as the commit, when the store can
   * (one Redis: SPUBLISH inside the commit script); the result's `relayed` says whether it did.
   * A commit that loses its compare-and-set publishes nothing.
   */
  readonly relay?: Relay;
}

/** A Redis (sharded) pub/sub message: the bytes that deliver an event to the other nodes (adapter-relay.ts). */
export interface Relay {
  readonly channel: string;
  readonly message: Buffer;
}

export type CommitResult =
  | { readonly ok: true; readonly version: number; readonly relayed?: boolean }
  | { readonly ok: false; readonly reason: 'conflict'; readonly version: number }
  | { readonly ok: false; readonly reason: 'not-found' };

export interface StoredSeek {
  readonly id: string;
  /** The creator: caps and duplicates are counted per owner. */
  readonly owner: string;
  /** Opaque key of the seek's settings: an owner has at most one open seek per key. */
  readonly settings: string;
  /** Invitation code (private seeks) or null. */
  readonly code: string | null;
  readonly public: boolean;
  readonly doc: string;
  /** Epoch ms from which the seek no longer exists (every seek expires). */
  readonly expiresAt: number;
  /** A challenge's addressee: the one player who may accept it (`listChallengesFor`). */
  readonly target?: string;
}

export type AddSeekResult =
  | { readonly ok: true; readonly created: true; readonly seek: StoredSeek }
  /** The owner already has an open seek with these settings: that one, unchanged. */
  | { readonly ok: true; readonly created: false; readonly seek: StoredSeek }
  | { readonly ok: false; readonly reason: 'too-many' }
  /** A challenge: its addressee already has `maxPerTarget` open challenges. */
  | { readonly ok: false; readonly reason: 'target-full' };

/** Seeks in the order of `listChallengesFor`: soonest to expire first, then by id. */
export const bySoonestExpiry = (seeks: StoredSeek[]): StoredSeek[] =>
  seeks.sort((a, b) => a.expiresAt - b.expiresAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Expired seeks a store keeps until `takeExpiredSeeks` takes them (every node takes them every few seconds). */
export const EXPIRED_SEEKS_KEPT = 10_000;

/**
 * How long a store remembers the code of an invitation taken (accepted, cancelled) or expired: a
 * visitor with that link is told the invitation is closed, one with a mistyped code that it is unknown.
 */
export const CLOSED_INVITES_KEPT_MS = 7 * 24 * 3_600_000;

/** What `claimDueGames` took: the games claimed, earliest first, and the earliest deadline left (null: none). */
export interface DueClaim {
  readonly ids: string[];
  readonly next: number | null;
}

/** A game of `createGames`: its id, its first write, the players it counts for. */
export interface NewGame {
  readonly id: string;
  readonly write: GameWrite;
  /** Counted among these players' games in progress, with no cap (as `reserveGame`). */
  readonly players: readonly string[];
}

export type ReserveResult = { readonly ok: true } | { readonly ok: false; readonly player: string };

export interface Store {
  /** Creates version 1. Rejects (throws) if the id exists. */
  createGame(id: string, write: GameWrite): Promise<void>;
  /**
   * Many games at once (a tournament's pairing wave), in one round trip where the store can: each
   * is counted among its players' games in progress with no cap (as `reserveGame`), then created at
   * version 1 (as `createGame`). Per game, in order: true when created, false when a game with its
   * id exists already (left as it is; counting it again changes nothing). Each game is a step of its
   * own, not the batch: a node that dies in the middle may leave some created and others not.
   */
  createGames(games: readonly NewGame[]): Promise<boolean[]>;
  loadGame(id: string): Promise<StoredGame | null>;
  /** Version, doc and move-log length only (added for the command hot path; same snapshot semantics). */
  loadGameHead(id: string): Promise<GameHead | null>;
  /** The committed version alone, or null when there is no such game (the version heartbeat: one small read). */
  gameVersion(id: string): Promise<number | null>;
  /** Atomic compare-and-set on the version: doc, move-log append, deadline and summary in one step. */
  commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult>;
  /** Summaries of games in progress, most recent first, each with its spectator count (`countSpectators`; 0 when never counted). */
  listActiveGames(limit: number): Promise<{ id: string; summary: string; spectators: number }[]>;
  /**
   * The spectator count of a game listed now (nothing when it is not listed): the count's one
   * owner, read by `listActiveGames` and `spectatorsOf`; it goes when the game leaves the list.
   */
  countSpectators(id: string, count: number): Promise<void>;
  /** The spectator counts of these games, in order (0 when not counted or not listed). */
  spectatorsOf(ids: readonly string[]): Promise<number[]>;
  /** How many games `listActiveGames` would list without a limit (one small read). */
  countActiveGames(): Promise<number>;
  /**
   * Atomically claims up to `limit` deadlines due at `now`, earliest first; each is returned to one
   * caller only. A claim is a lease: the entry moves to `now + leaseMs`, so if the claimer dies
   * before it commits or settles, the game comes due again and another node takes it. Also says
   * when the earliest deadline left falls (the claims' leases included), in the same step: the
   * deadline worker sleeps until then rather than asking every tick.
   */
  claimDueGames(now: number, limit: number, leaseMs: number): Promise<DueClaim>;
  /**
   * Ends a lease taken at `claimedUntil` (= now + leaseMs of the claim): when no commit has moved
   * the entry since, sets it to `deadline` (removes it when null). A commit always wins.
   */
  settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void>;

  /**
   * Seeks expire: every seek method takes `now` and ignores (and may delete) seeks with
   * `expiresAt <= now`. Atomically, per owner: when the owner has an open seek with the same
   * `settings`, returns it (created: false); else when the owner has `maxPerOwner` open seeks,
   * refuses; else, for a challenge (`target`) whose addressee has `maxPerTarget` open challenges,
   * refuses; else stores the seek (its id and code must be new).
   */
  addSeek(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget?: number): Promise<AddSeekResult>;
  getSeek(id: string, now: number): Promise<StoredSeek | null>;
  getSeekByCode(code: string, now: number): Promise<StoredSeek | null>;
  /** Whether an invitation with this code was taken or expired less than `CLOSED_INVITES_KEPT_MS` before `now`. */
  inviteClosed(code: string, now: number): Promise<boolean>;
  /** Atomically removes and returns the seek: of two concurrent takers exactly one gets it. */
  takeSeek(id: string, now: number): Promise<StoredSeek | null>;
  /** The `limit` most recent open public seeks, oldest first. */
  listPublicSeeks(now: number, limit: number): Promise<StoredSeek[]>;
  /** Every open seek of `owner` (public and private; at most the `maxPerOwner` of `addSeek`), oldest first. */
  listSeeksOf(owner: string, now: number): Promise<StoredSeek[]>;
  /** Every open seek whose `target` is this player (challenges to them, indexed per target), soonest to expire first. */
  listChallengesFor(target: string, now: number): Promise<StoredSeek[]>;
  /**
   * Seeks that have expired at `now` (whichever seek call removed them, on whichever node), up to
   * `limit`, in the order they were removed: each is returned once, to one caller only, so that one
   * node announces its end. The store keeps at most `EXPIRED_SEEKS_KEPT` not yet taken (the oldest go).
   */
  takeExpiredSeeks(now: number, limit: number): Promise<StoredSeek[]>;

  /**
   * Appends a line to one chat channel of a game and keeps only its last `cap` lines. The channel
   * lives `ttlMs` after its last line (Redis expiry; the memory store drops it lazily on load).
   */
  appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void>;
  /** The channel's lines, oldest first (empty when none or expired). */
  loadChat(gameId: string, channel: string): Promise<string[]>;

  /**
   * Counts `gameId` among the games in progress of every one of `players`, atomically: when one
   * of them already has `max` (other) games, nothing is written and that player is returned.
   */
  reserveGame(gameId: string, players: readonly string[], max: number): Promise<ReserveResult>;
  /** The game no longer counts for these players (idempotent). */
  releaseGame(gameId: string, players: readonly string[]): Promise<void>;
  /** The games counted for a player (to check them when a reservation is refused). */
  gamesOf(player: string): Promise<string[]>;

  /** Stores a player document that expires `ttlMs` after this write (or after a refreshing read). */
  putPlayer(id: string, doc: string, ttlMs: number): Promise<void>;
  /** The document, or null; with `refreshTtlMs` its expiry restarts from now (a player seen again). */
  getPlayer(id: string, refreshTtlMs?: number): Promise<string | null>;

  /**
   * The cached analysis of a finished game (a JSON document), kept `ttlMs` after it is written
   * (Redis expiry; the memory store drops it lazily on read). A later write replaces it.
   */
  putAnalysis(gameId: string, doc: string, ttlMs: number): Promise<void>;
  /** The cached analysis, or null when none or expired. */
  getAnalysis(gameId: string): Promise<string | null>;

  /**
   * Tournament work that must happen once across nodes (an arena's pairing wave, a round's start):
   * claims step `step` of tournament `tournamentId` until `now + leaseMs` when no lease of it is live
   * at `now`, no later step was claimed and this step is not completed. True: the caller does the
   * work, then `completeTournamentStep`. A claimer that dies leaves its lease to lapse: the step (or a
   * later one) is then claimable again. One tournament's lease is one key (Redis: `{t:<id>}` slot).
   */
  claimTournamentStep(tournamentId: string, step: number, now: number, leaseMs: number): Promise<boolean>;
  /** Marks `step` completed and frees the lease, when it is the step claimed last (else nothing). */
  completeTournamentStep(tournamentId: string, step: number): Promise<void>;

  /** Throws when the backing service is unreachable (used by /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
