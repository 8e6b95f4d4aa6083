import { DeadlineQueue } from './deadline-queue.js';
import { ExpiringMap } from './expiring-map.js';
import { MemorySeeks } from './memory-seeks.js';
import type { AddSeekResult, CommitResult, DueClaim, GameHead, GameWrite, NewGame, ReserveResult, StoredGame, StoredSeek } from './store.js';

interface GameRecord {
  version: number;
  doc: string;
  moves: string[];
  /** Epoch ms (store clock) when the game is deleted, or null. */
  expiresAt: number | null;
}

/** The whole state as plain JSON (a durable store's snapshot; `MemoryState.restore` reads it back). */
export interface MemorySnapshot {
  readonly games: [id: string, game: GameRecord][];
  readonly deadlines: [id: string, at: number][];
  readonly active: [id: string, summary: string][];
  readonly seeks: { open: StoredSeek[]; expired: StoredSeek[]; closed?: [code: string, until: number][] };
  readonly players: [id: string, doc: string, expiresAt: number][];
  readonly analyses: [id: string, doc: string, expiresAt: number][];
  readonly chats: [key: string, lines: readonly string[], expiresAt: number][];
  readonly playing: [player: string, games: string[]][];
}

/**
 * The state of the in-memory store and every change to it, synchronous: the memory store
 * (memory-store.ts) and the journaled store (durable-store.ts) are async shells over it, so the
 * two behave the same by construction. Only strings are kept (nothing shared with callers),
 * commits are compare-and-set on the version, deadlines live in a sorted list and are claimed
 * once, seeks are taken once. Every change depends only on its arguments and the clock, so
 * replaying the same calls at the same clock times gives the same state.
 */
export class MemoryState {
  private readonly games = new Map<string, GameRecord>();
  private readonly deadlines = new DeadlineQueue();
  /** Active summaries; a game keeps the position of its first listing. */
  private readonly active = new Map<string, string>();
  /** Spectator counts of listed games (`countSpectators`): live counts, recounted by the rooms, so neither journaled nor in snapshots. */
  private readonly spectators = new Map<string, number>();
  private readonly seeks = new MemorySeeks();
  private readonly players: ExpiringMap<string>;
  private readonly analyses: ExpiringMap<string>;
  private readonly playing = new Map<string, Set<string>>();
  /** Games with an expiry, purged on every create (so unread expired games do not pile up). */
  private readonly expiring = new Set<string>();
  private readonly chats: ExpiringMap<readonly string[]>;

  constructor(private readonly clock: () => number) {
    this.players = new ExpiringMap(clock);
    this.analyses = new ExpiringMap(clock);
    this.chats = new ExpiringMap(clock);
  }

  /** Players, chat channels and analyses held, expired ones not yet swept included (tests). */
  get expiringEntries(): number {
    return this.players.size + this.chats.size + this.analyses.size;
  }

  /** Games held (in progress, and finished ones kept for replay), expired ones not yet dropped included. */
  get gameCount(): number {
    return this.games.size;
  }

  createGame(id: string, write: GameWrite): void {
    for (const e of this.expiring) if (!this.game(e)) this.expiring.delete(e);
    if (this.game(id)) throw new Error(`game ${id} already exists`);
    this.games.set(id, { version: 1, doc: write.doc, moves: [...write.appendMoves], expiresAt: null });
    this.applySideEffects(id, write);
  }

  /** `Store.createGames`: per game, reserved (no cap) then created; false for an id that exists. */
  createGames(games: readonly NewGame[]): boolean[] {
    return games.map((g) => {
      this.reserveGame(g.id, g.players, Number.MAX_SAFE_INTEGER);
      if (this.game(g.id)) return false;
      this.createGame(g.id, g.write);
      return true;
    });
  }

  loadGame(id: string): StoredGame | null {
    const g = this.game(id);
    return g ? { id, version: g.version, doc: g.doc, moves: [...g.moves] } : null;
  }

  loadGameHead(id: string): GameHead | null {
    const g = this.game(id);
    return g ? { id, version: g.version, doc: g.doc, moveCount: g.moves.length } : null;
  }

  gameVersion(id: string): number | null {
    return this.game(id)?.version ?? null;
  }

  commitGame(id: string, expectedVersion: number, write: GameWrite): CommitResult {
    const g = this.game(id);
    if (!g) return { ok: false, reason: 'not-found' };
    if (g.version !== expectedVersion) return { ok: false, reason: 'conflict', version: g.version };
    g.version += 1;
    g.doc = write.doc;
    if (write.truncateMoves !== undefined) g.moves.length = Math.min(g.moves.length, Math.max(0, write.truncateMoves));
    g.moves.push(...write.appendMoves);
    this.applySideEffects(id, write);
    return { ok: true, version: g.version };
  }

  countSpectators(id: string, count: number): void {
    if (this.active.has(id)) this.spectators.set(id, count);
  }

  spectatorsOf(ids: readonly string[]): number[] {
    return ids.map((id) => this.spectators.get(id) ?? 0);
  }

  listActiveGames(limit: number): { id: string; summary: string; spectators: number }[] {
    const all = [...this.active].map(([id, summary]) => ({ id, summary, spectators: this.spectators.get(id) ?? 0 }));
    return all.reverse().slice(0, Math.max(0, limit));
  }

  countActiveGames(): number {
    return this.active.size;
  }

  claimDueGames(now: number, limit: number, leaseMs: number): DueClaim {
    const ids = this.deadlines.claim(now, limit, leaseMs);
    return { ids, next: this.deadlines.first() };
  }

  settleClaim(id: string, claimedUntil: number, deadline: number | null): void {
    this.deadlines.settle(id, claimedUntil, deadline);
  }

  /** Moves the seeks expired at `now` out of the open ones (every seek call does it first); true when it moved any. */
  purgeSeeks(now: number): boolean {
    return this.seeks.purge(now);
  }

  addSeek(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget?: number): AddSeekResult {
    return this.seeks.add(seek, now, maxPerOwner, maxPerTarget);
  }

  getSeek(id: string, now: number): StoredSeek | null {
    return this.seeks.get(id, now);
  }

  getSeekByCode(code: string, now: number): StoredSeek | null {
    return this.seeks.byCode(code, now);
  }

  inviteClosed(code: string, now: number): boolean {
    return this.seeks.closed(code, now);
  }

  takeSeek(id: string, now: number): StoredSeek | null {
    return this.seeks.take(id, now);
  }

  listPublicSeeks(now: number, limit: number): StoredSeek[] {
    return this.seeks.listPublic(now, limit);
  }

  listSeeksOf(owner: string, now: number): StoredSeek[] {
    return this.seeks.listOf(owner, now);
  }

  listChallengesFor(target: string, now: number): StoredSeek[] {
    return this.seeks.listFor(target, now);
  }

  takeExpiredSeeks(now: number, limit: number): StoredSeek[] {
    return this.seeks.takeExpired(now, limit);
  }

  appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): void {
    const key = `${gameId}:${channel}`;
    const lines = [...(this.chats.get(key) ?? []), entry].slice(-cap);
    // no longer than its game, once that expires (as on Redis)
    const gameLeaves = this.games.get(gameId)?.expiresAt;
    this.chats.set(key, lines, gameLeaves == null ? ttlMs : Math.min(ttlMs, Math.max(1, gameLeaves - this.clock())));
  }

  loadChat(gameId: string, channel: string): string[] {
    return [...(this.chats.get(`${gameId}:${channel}`) ?? [])];
  }

  reserveGame(gameId: string, players: readonly string[], max: number): ReserveResult {
    for (const p of players) {
      const games = this.playing.get(p);
      if (games && !games.has(gameId) && games.size >= max) return { ok: false, player: p };
    }
    for (const p of players) this.playing.set(p, (this.playing.get(p) ?? new Set()).add(gameId));
    return { ok: true };
  }

  releaseGame(gameId: string, players: readonly string[]): void {
    for (const p of players) {
      const games = this.playing.get(p);
      games?.delete(gameId);
      if (games?.size === 0) this.playing.delete(p);
    }
  }

  gamesOf(player: string): string[] {
    return [...(this.playing.get(player) ?? [])];
  }

  putPlayer(id: string, doc: string, ttlMs: number): void {
    this.players.set(id, doc, ttlMs);
  }

  /** The document, or null; with `refreshTtlMs` its expiry restarts from now. */
  getPlayer(id: string, refreshTtlMs?: number): string | null {
    const doc = this.players.get(id);
    if (doc !== undefined && refreshTtlMs !== undefined) this.players.touch(id, refreshTtlMs);
    return doc ?? null;
  }

  putAnalysis(gameId: string, doc: string, ttlMs: number): void {
    this.analyses.set(gameId, doc, ttlMs);
  }

  getAnalysis(gameId: string): string | null {
    return this.analyses.get(gameId) ?? null;
  }

  /** The live state as plain JSON (expired games and entries left out). */
  snapshot(): MemorySnapshot {
    const games = [...this.games.keys()].flatMap((id): [string, GameRecord][] => {
      const g = this.game(id);
      return g ? [[id, { ...g, moves: [...g.moves] }]] : [];
    });
    return {
      games,
      deadlines: this.deadlines.entries(),
      active: [...this.active],
      seeks: this.seeks.dump(),
      players: this.players.live(),
      analyses: this.analyses.live(),
      chats: this.chats.live(),
      playing: [...this.playing].map(([p, ids]) => [p, [...ids]]),
    };
  }

  /** A state holding what `snapshot` gave. */
  static restore(s: MemorySnapshot, clock: () => number): MemoryState {
    const state = new MemoryState(clock);
    for (const [id, g] of s.games) {
      state.games.set(id, { ...g, moves: [...g.moves] });
      if (g.expiresAt !== null) state.expiring.add(id);
    }
    for (const [id, at] of s.deadlines) state.deadlines.set(id, at);
    for (const [id, summary] of s.active) state.active.set(id, summary);
    state.seeks.restore(s.seeks);
    for (const [k, v, at] of s.players) state.players.restore(k, v, at);
    for (const [k, v, at] of s.analyses) state.analyses.restore(k, v, at);
    for (const [k, v, at] of s.chats) state.chats.restore(k, v, at);
    for (const [p, ids] of s.playing) state.playing.set(p, new Set(ids));
    return state;
  }

  /** The live record of a game (an expired one is deleted first). */
  private game(id: string): GameRecord | undefined {
    const g = this.games.get(id);
    if (g?.expiresAt != null && g.expiresAt <= this.clock()) {
      this.games.delete(id);
      return undefined;
    }
    return g;
  }

  private applySideEffects(id: string, write: GameWrite): void {
    const g = this.games.get(id);
    const expire = write.expireAfterMs;
    if (g && expire !== undefined) g.expiresAt = expire === null ? null : this.clock() + expire;
    // a game's chat leaves with it
    if (g && typeof expire === 'number') for (const channel of ['players', 'spectators']) this.chats.touch(`${id}:${channel}`, expire);
    if (g?.expiresAt == null) this.expiring.delete(id);
    else this.expiring.add(id);
    if (write.deadline !== undefined) this.deadlines.set(id, write.deadline);
    if (write.summary === null) {
      this.active.delete(id);
      this.spectators.delete(id);
    } else if (write.summary !== undefined) this.active.set(id, write.summary);
  }
}
