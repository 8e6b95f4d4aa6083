import {
  decodeState,
  type Color,
  type GameEventBody,
  type GameRatingChanges,
  type GameState,
} from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { Limits } from '../limits.js';
import { newGameId } from '../ids.js';
import type { Metrics } from '../metrics.js';
import { StoreUnavailableError, type GameHead, type GameWrite, type StoredGame, type Store } from '../store/store.js';
import { fail } from './errors.js';
import { archivedTransition, type GameArchive } from './game-archive.js';
import { ArchiveOutbox } from './archive-outbox.js';
import { DecodedGames, refOf, type DecodedGame, type GameRef } from './decoded-games.js';
import {
  botDue,
  deadlineOf,
  parseDoc,
  seatOf,
  withActivity,
  type GameDoc,
  type IdleLimits,
} from './game-doc.js';
import { presenceTransition, unlistTransition, type Online } from './game-presence.js';
import { GameLifecycle, lifecycleEventOf } from './game-lifecycle.js';
import { currentAt, quietly } from './quiet-commits.js';
import { LobbySummaries } from './lobby-summaries.js';
import { expiredOutcome, finishTransition, type Transition } from './game-transitions.js';
import { newGameDoc, type CreateGameOptions } from './new-game.js';
import { GameWrites } from './game-writes.js';
import { KeyedQueue } from './keyed-queue.js';
import { reserveGame } from './game-reservations.js';
import type { Publisher } from './publisher.js';

export interface GameServiceDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly now: () => number;
  readonly logger: Logger;
  readonly settings: { readonly firstMoveGraceMs: number; readonly lobbyBatchMs: number; readonly limits: Limits };
  readonly metrics: Metrics;
  /** The durable archive: finished games are written there (through the deadline queue), then expire here. */
  readonly archive?: GameArchive;
  /** Who hears of games' starts, turns and ends (game-lifecycle.ts; subscribed in createApp). Default: a lifecycle of its own. */
  readonly lifecycle?: GameLifecycle;
  /** The lobby's summaries with their live counts, for the store's listing (the lobby's, in createApp). */
  readonly summaries?: LobbySummaries;
}

export type { CreateGameOptions } from './new-game.js';

/** What a command sees: the loaded game (without its move log), the caller's seat and the decoded rules state. */
export interface CommandContext {
  readonly stored: GameRef;
  readonly doc: GameDoc;
  readonly state: GameState;
  readonly color: Color;
  readonly now: number;
  readonly graceMs: number;
  /** Abandonment: how long a game in progress may go unchanged before it is aborted (settings). */
  readonly idle: IdleLimits;
  /** How long the opponent must have been away before a claim (limits.ts). */
  readonly claimAfterMs: number;
}

export interface CommandOptions {
  /** The version the client saw; a mismatch (or a lost compare-and-set) is `stale-version`. */
  readonly version?: number;
  /** The game status the command needs (default 'playing'). */
  readonly phase?: 'playing' | 'finished';
  /** The connection that sent the command: the event reaches it in the result (its ack), not the broadcast. */
  readonly origin?: string;
}

/** `event`: what the command committed (none when it changed nothing). */
export type CommandResult = { version: number; doc: GameDoc; event?: GameEventBody };

const MAX_ATTEMPTS = 5;
/** Shutdown waits this long for archive writes in flight; the games left stay due in the store for the next node. */
const ARCHIVE_CLOSE_MS = 2_000;

/** Each side's first-turn budget (moves or points). */

export function decodeOrThrow(encoded: string): GameState {
  const res = decodeState(encoded);
  if (!res.ok) throw new Error(`stored state does not decode: ${res.error.message}`);
  return res.value;
}

/**
 * What a claimed deadline turned out to be, when the caller must act on it: the computer's turn,
 * whose claim the caller hands on (to the bot driver) instead of the service settling it.
 */
export type DeadlineHandoff = 'computer-turn';

/** The only writer of game state: load, check, apply, compare-and-set, publish the room's event, tell the lifecycle's subscribers. */
/** A new game made but not stored yet (GameService.create, createMany). */
interface PreparedGame {
  readonly id: string;
  readonly doc: GameDoc;
  readonly state: GameState;
  readonly write: GameWrite;
}

export class GameService {
  private readonly queue = new KeyedQueue();
  private readonly decoded = new DecodedGames();
  /** Starts, turns and ends of games, for whoever subscribed (game-lifecycle.ts). */
  readonly lifecycle: GameLifecycle;
  /** What each commit writes to the store (only what changed). */
  private readonly writes: GameWrites;
  /** Finished games on their way to the archive (none without one). */
  private readonly outbox: ArchiveOutbox | null;

  constructor(private readonly deps: GameServiceDeps) {
    const { archive } = deps;
    this.outbox = archive ? new ArchiveOutbox({ ...deps, archive, markArchived: (full, ratings) => this.markArchived(full, ratings) }) : null;
    this.lifecycle = deps.lifecycle ?? new GameLifecycle(deps.logger);
    this.writes = new GameWrites({
      ...(deps.archive ? { archive: deps.archive } : {}),
      abortedRetentionMs: deps.settings.limits.abortedRetentionMs,
      summaries: deps.summaries ?? new LobbySummaries(),
      lobbyAwayMs: deps.settings.limits.lobbyAwayMs,
    });
  }

  /** A game from the live store, else from the archive (finished games expire from the live store). */
  async load(gameId: string): Promise<StoredGame> {
    const live = await this.deps.store.loadGame(gameId);
    if (live !== null) return live;
    return (await this.deps.archive?.load(gameId)) ?? fail('unknown-game', `no game ${gameId}`);
  }

  /** Version, doc and log length: all a command needs, whatever the game's length. */
  private async loadHead(gameId: string): Promise<GameHead> {
    return (await this.deps.store.loadGameHead(gameId)) ?? fail('unknown-game', `no game ${gameId}`);
  }

  /** The parsed doc and decoded state of a loaded game (memoised by version: decoded-games.ts). */
  private decode(head: GameHead): DecodedGame {
    const known = this.decoded.get(head);
    if (known) return known;
    const doc = parseDoc(head.doc);
    const e = { head: refOf(head), docLength: head.doc.length, doc, state: decodeOrThrow(doc.state) };
    this.decoded.set(e);
    return e;
  }

  async create(opts: CreateGameOptions, id = newGameId()): Promise<string> {
    const game = this.prepare(id, opts, this.deps.now());
    await this.deps.store.createGame(id, game.write);
    this.started(game);
    return id;
  }

  /** A new game's document, rules state and first write (not stored yet). */
  private prepare(id: string, opts: CreateGameOptions, now: number): PreparedGame {
    const { doc: created, state } = newGameDoc(id, opts, now, this.deps.settings.firstMoveGraceMs);
    const doc = withActivity(created, now, this.deps.settings.limits);
    return { id, doc, state, write: this.writes.of(doc, []) };
  }

  /** A game just stored: kept decoded here, and its start told to the lifecycle. */
  private started(game: PreparedGame): void {
    const { id, doc, state, write } = game;
    this.decoded.set({ head: { id, version: 1, moveCount: 0 }, docLength: write.doc.length, doc, state });
    this.lifecycle.emit({ type: 'started', doc, version: 1 });
  }

  /**
   * Creates many games at once (a tournament's wave: `Store.createGames`, one round trip), each
   * counted among its players' games in progress with no cap, and tells the lifecycle of each one
   * it created. Per game: true created, false a game with its id existed already (left as it is).
   */
  async createMany(games: readonly { readonly id: string; readonly opts: CreateGameOptions }[]): Promise<boolean[]> {
    const now = this.deps.now();
    const made = games.map(({ id, opts }) => this.prepare(id, opts, now));
    const created = await this.deps.store.createGames(made.map((m) => ({ id: m.id, write: m.write, players: [m.doc.players.white.id, m.doc.players.black.id] })));
    made.forEach((m, i) => {
      if (created[i] === true) this.started(m);
    });
    return created;
  }

  /**
   * Tells the lifecycle of a game's start again, when it is still at version 1 and in play: a node
   * that created it may have died before telling (its subscribers then hear it twice at worst).
   * Whether it did.
   */
  async announceStart(gameId: string): Promise<boolean> {
    const head = await this.deps.store.loadGameHead(gameId);
    if (head?.version !== 1) return false;
    const doc = parseDoc(head.doc);
    if (doc.status !== 'playing') return false;
    this.lifecycle.emit({ type: 'started', doc, version: 1 });
    return true;
  }

  /**
   * Runs one player command in the game's queue: seat, clock, status and version checks, then
   * `decide` (null: nothing changes), then compare-and-set with retries for unversioned commands.
   * The first try starts from this node's last copy of the game when it is at the client's
   * version (no load): only a successful compare-and-set counts from it, anything else (a refusal,
   * a no-op, an expired clock, a lost race) is decided again on a fresh load.
   */
  command(
    gameId: string,
    playerId: string,
    opts: CommandOptions,
    decide: (c: CommandContext) => Transition | null,
  ): Promise<CommandResult> {
    return this.queue.run(gameId, async () => {
      const known = this.decoded.latest(gameId, opts.version);
      if (known) {
        // Any refusal is decided again on a fresh load, but not an unreachable store: that load would
        // wait out the same timeout, doubling the time to answer `unavailable`.
        const done = await this.attempt(known, playerId, opts, decide, true).catch((e: unknown) => {
          if (e instanceof StoreUnavailableError) throw e;
          return null;
        });
        if (done) return done;
      }
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const done = await this.attempt(this.decode(await this.loadHead(gameId)), playerId, opts, decide, false);
        if (done) return done;
      }
      fail('conflict', 'the game kept changing; try again');
    });
  }

  /** One try of a command on `game`; null: try again on a fresh load. Refusals throw. */
  private async attempt(
    game: DecodedGame,
    playerId: string,
    opts: CommandOptions,
    decide: (c: CommandContext) => Transition | null,
    optimistic: boolean,
  ): Promise<CommandResult | null> {
    const { head: stored, doc, state } = game;
    const color = seatOf(doc, playerId) ?? fail('not-a-player', 'only the players may do that');
    const now = this.deps.now();
    if ((opts.phase ?? 'playing') === 'playing') {
      const expired = expiredOutcome(doc, state, now);
      if (expired) {
        if (optimistic || (await this.commit(stored, doc, finishTransition(doc, state, expired, now), now)) === null) return null;
        fail('game-over', expired.reason === 'aborted' ? 'the game was aborted' : 'the game ended on time');
      }
      if (doc.status !== 'playing') fail('game-over', 'the game is over');
    } else if (doc.status === 'playing') fail('game-in-progress', 'the game is still in progress');
    if (opts.version !== undefined && !currentAt(doc, stored.version, opts.version)) {
      fail('stale-version', `the game is at version ${stored.version}`);
    }
    const { settings } = this.deps;
    const t = decide({ stored, doc, state, color, now, graceMs: settings.firstMoveGraceMs, idle: settings.limits, claimAfterMs: settings.limits.claimAfterMs });
    if (t === null) return optimistic ? null : { version: stored.version, doc };
    const version = await this.commit(stored, doc, t, now, opts.origin);
    if (version !== null) return { version, doc: t.doc, event: t.body };
    // another change was committed first: decided again on a fresh load (stale-version if it changed the play)
    return null;
  }

  /**
   * Resolves a deadline claimed until `claimedUntil`: flag or first-move abort, with no client
   * traffic. The commit writes the game's next deadline; when nothing is due yet (clock skew
   * between nodes) the claim is settled back to the game's own deadline. The computer's turn is
   * answered `computer-turn`, the claim left to the caller (createApp hands it to the bot driver).
   */
  resolveDeadline(gameId: string, claimedUntil: number): Promise<DeadlineHandoff | null> {
    return this.queue.run(gameId, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const stored = await this.deps.store.loadGameHead(gameId);
        if (stored === null) return this.settle(gameId, claimedUntil, null);
        const { doc, state } = this.decode(stored);
        // written in the background (archive-outbox.ts): a slow database delays no clock
        if (this.outbox && this.writes.archiveDue(doc)) return this.outbox.due(gameId, claimedUntil).then(() => null);
        const now = this.deps.now();
        const outcome = expiredOutcome(doc, state, now);
        if (outcome === null) {
          const bot = botDue(doc);
          if (bot !== null && bot <= now) return 'computer-turn';
          const unlist = unlistTransition(doc, state, now, this.deps.settings.limits);
          if (unlist !== null) {
            if ((await this.commit(stored, doc, unlist, now)) !== null) return null;
            continue;
          }
          const at = deadlineOf(doc, this.deps.settings.limits.lobbyAwayMs);
          return this.settle(gameId, claimedUntil, at === null ? null : Math.max(at, now + 1));
        }
        if ((await this.commit(stored, doc, finishTransition(doc, state, outcome, now), now)) !== null) return null;
      }
      return null;
    });
  }

  private async settle(gameId: string, claimedUntil: number, deadline: number | null): Promise<null> {
    await this.deps.store.settleClaim(gameId, claimedUntil, deadline);
    return null;
  }

  /**
   * Marks a finished game archived with the rating changes the archive answered (a versioned event;
   * the same commit lets it expire from the live store). True when done (or nothing is left to do),
   * false when it changed since `full` was loaded (archive it again from a fresh load).
   */
  private markArchived(full: StoredGame, ratings: GameRatingChanges | null): Promise<boolean> {
    return this.queue.run(full.id, async () => {
      const head = await this.deps.store.loadGameHead(full.id);
      if (head === null) return true;
      const { doc, state } = this.decode(head);
      if (!this.writes.archiveDue(doc)) return true;
      if (head.version !== full.version) return false;
      return (await this.commit(head, doc, archivedTransition(doc, state, ratings), this.deps.now())) !== null;
    });
  }

  /**
   * A room count found `online`: records who left and who came back in the game (`presenceTransition`),
   * by compare-and-set, so that every node decides claims and the lobby's listing on the same fact.
   * True when it committed a change (the caller counts the room once more: a player may have come
   * back on another node while this count was on its way).
   */
  recordPresence(gameId: string, online: Online): Promise<boolean> {
    return this.queue.run(gameId, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const stored = await this.deps.store.loadGameHead(gameId);
        if (stored === null) return false;
        const { doc, state } = this.decode(stored);
        const now = this.deps.now();
        const t = presenceTransition(doc, state, online, now, this.deps.settings.limits.claimAfterMs);
        if (t === null) return false;
        if ((await this.commit(stored, doc, t, now)) !== null) return true;
      }
      return false;
    });
  }

  /** Waits for queued commands (and archive writes, a bounded time). */
  async close(): Promise<void> {
    await this.outbox?.close(ARCHIVE_CLOSE_MS);
    await this.queue.idle();
  }

  /**
   * Compare-and-set of the change decided at `now`; publishes the room's event (not to `origin`),
   * tells the lifecycle (once, only when this commit won) and returns the new version, or null when
   * another writer won.
   */
  private async commit(stored: GameRef, prev: GameDoc, decided: Transition, now: number, origin?: string): Promise<number | null> {
    const active = quietly(decided.activity === false ? decided.doc : withActivity(decided.doc, now, this.deps.settings.limits), decided, stored.version);
    const t = active === decided.doc ? decided : { ...decided, doc: active };
    const { publisher } = this.deps;
    // The event's relay to the other nodes goes out with the commit when the store can publish it
    // (a won compare-and-set makes the version stored.version + 1).
    const event = { gameId: stored.id, version: stored.version + 1, event: t.body };
    const relay = publisher.relayOf(event, origin);
    const write = this.writes.of(t.doc, t.moves, prev, relay, t.truncate);
    const endTimer = this.deps.metrics.commitSeconds.startTimer();
    const res = await this.deps.store.commitGame(stored.id, stored.version, write);
    endTimer();
    if (!res.ok) {
      if (res.reason === 'not-found') fail('unknown-game', `no game ${stored.id}`);
      return null;
    }
    const head = { id: stored.id, version: res.version, moveCount: (t.truncate ?? stored.moveCount) + t.moves.length };
    this.decoded.set({ head, docLength: write.doc.length, doc: t.doc, state: t.state });
    publisher.publishGame(event, origin, res.relayed);
    if (t.moves.length) this.deps.metrics.movesCommitted.inc(t.moves.length);
    this.lifecycle.emit(lifecycleEventOf(t.doc, prev, res.version));
    return res.version;
  }

  /**
   * Another node committed `version` of a game whose player to move is connected here: loads it now,
   * off the player's path, so that their next command starts from this copy (an optimistic try
   * that the compare-and-set still checks) instead of waiting for a store read. Best effort.
   */
  prefetch(gameId: string, version: number): void {
    const newer = (v: number): boolean => (this.decoded.latest(gameId, undefined)?.head.version ?? 0) < v;
    if (!newer(version)) return;
    this.deps.store
      .loadGameHead(gameId)
      .then((head) => {
        if (head !== null && newer(head.version)) this.decode(head);
      })
      // a failed read (or a doc that does not decode) is left to the next command's own load
      .catch((e: unknown) => this.deps.logger.debug({ err: e, gameId }, 'prefetch'));
  }

  /** Counts a new game among its players' games in progress (game-reservations.ts). Throws `too-many-games`. */
  reserve(gameId: string, players: readonly string[], max = this.deps.settings.limits.maxGamesPerPlayer): Promise<void> {
    return reserveGame(this.deps.store, gameId, players, max);
  }
}
