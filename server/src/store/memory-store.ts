import { MemorySeeks } from './memory-seeks.js';
import { ExpiringMap } from './expiring-map.js';
import type {
  AddSeekResult,
  CommitResult,
  GameHead,
  GameWrite,
  ReserveResult,
  Store,
  StoredGame,
  StoredSeek,
} from './store.js';

/**
 * In-memory store (used when REDIS_URL is unset, and in tests). Same semantics as the Redis
 * store: only strings are kept (nothing shared with callers), commits are compare-and-set on
 * the version, deadlines live in a sorted list and are claimed once, seeks are taken once.
 * Every method awaits a microtask first so callers can never rely on synchronous effects.
 */

interface GameRecord {
  version: number;
  doc: string;
  moves: string[];
  /** Epoch ms (store clock) when the game is deleted, or null. */
  expiresAt: number | null;
}

export interface MemoryStoreOptions {
  /** The clock of TTLs (players, expiring games). Default Date.now. */
  readonly now?: () => number;
}

/** Deadlines sorted by (time, id); a map gives each id's current deadline for removal. */
class DeadlineQueue {
  private readonly sorted: { at: number; id: string }[] = [];
  private readonly byId = new Map<string, number>();

  set(id: string, at: number | null): void {
    this.remove(id);
    if (at === null) return;
    const i = this.indexOf(at, id);
    this.sorted.splice(i, 0, { at, id });
    this.byId.set(id, at);
  }

  remove(id: string): void {
    const at = this.byId.get(id);
    if (at === undefined) return;
    const i = this.indexOf(at, id);
    this.sorted.splice(i, 1);
    this.byId.delete(id);
  }

  /** Returns up to `limit` ids due at `now`, earliest first, each leased until `now + leaseMs`. */
  claim(now: number, limit: number, leaseMs: number): string[] {
    let n = 0;
    while (n < limit && n < this.sorted.length && (this.sorted[n]?.at ?? Infinity) <= now) n++;
    const due = this.sorted.slice(0, n).map((d) => d.id);
    for (const id of due) this.set(id, now + leaseMs);
    return due;
  }

  /** Sets the deadline only while the entry still holds the lease `claimedUntil`. */
  settle(id: string, claimedUntil: number, at: number | null): void {
    if (this.byId.get(id) === claimedUntil) this.set(id, at);
  }

  /** First index whose entry is >= (at, id). */
  private indexOf(at: number, id: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.sorted[mid];
      if (e !== undefined && (e.at < at || (e.at === at && e.id < id))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export class MemoryStore implements Store {
  private readonly games = new Map<string, GameRecord>();
  private readonly deadlines = new DeadlineQueue();
  /** Active summaries; a game keeps the position of its first listing. */
  private readonly active = new Map<string, string>();
  /** Spectator counts of listed games (`countSpectators`). */
  private readonly spectators = new Map<string, number>();
  private readonly seeks = new MemorySeeks();
  private readonly players: ExpiringMap<string>;
  private readonly analyses: ExpiringMap<string>;
  private readonly playing = new Map<string, Set<string>>();
  /** Games with an expiry, purged on every create (so unread expired games do not pile up). */
  private readonly expiring = new Set<string>();
  private readonly chats: ExpiringMap<readonly string[]>;
  private closed = false;

  constructor(private readonly clock: () => number = Date.now) {
    this.players = new ExpiringMap(clock);
    this.analyses = new ExpiringMap(clock);
    this.chats = new ExpiringMap(clock);
  }

  /** Players, chat channels and analyses held, expired ones not yet swept included (tests). */
  get expiringEntries(): number {
    return this.players.size + this.chats.size + this.analyses.size;
  }

  async createGame(id: string, write: GameWrite): Promise<void> {
    await this.tick();
    for (const e of this.expiring) if (!this.game(e)) this.expiring.delete(e);
    if (this.game(id)) throw new Error(`game ${id} already exists`);
    this.games.set(id, { version: 1, doc: write.doc, moves: [...write.appendMoves], expiresAt: null });
    this.applySideEffects(id, write);
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    await this.tick();
    const g = this.game(id);
    return g ? { id, version: g.version, doc: g.doc, moves: [...g.moves] } : null;
  }

  async loadGameHead(id: string): Promise<GameHead | null> {
    await this.tick();
    const g = this.game(id);
    return g ? { id, version: g.version, doc: g.doc, moveCount: g.moves.length } : null;
  }

  async gameVersion(id: string): Promise<number | null> {
    await this.tick();
    return this.game(id)?.version ?? null;
  }

  async commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult> {
    await this.tick();
    const g = this.game(id);
    if (!g) return { ok: false, reason: 'not-found' };
    if (g.version !== expectedVersion) return { ok: false, reason: 'conflict', version: g.version };
    g.version += 1;
    g.doc = write.doc;
    g.moves.push(...write.appendMoves);
    this.applySideEffects(id, write);
    return { ok: true, version: g.version };
  }

  async countSpectators(id: string, count: number): Promise<void> {
    await this.tick();
    if (this.active.has(id)) this.spectators.set(id, count);
  }

  async spectatorsOf(ids: readonly string[]): Promise<number[]> {
    await this.tick();
    return ids.map((id) => this.spectators.get(id) ?? 0);
  }

  async listActiveGames(limit: number): Promise<{ id: string; summary: string; spectators: number }[]> {
    await this.tick();
    const all = [...this.active].map(([id, summary]) => ({ id, summary, spectators: this.spectators.get(id) ?? 0 }));
    return all.reverse().slice(0, Math.max(0, limit));
  }

  async countActiveGames(): Promise<number> {
    await this.tick();
    return this.active.size;
  }

  async claimDueGames(now: number, limit: number, leaseMs: number): Promise<string[]> {
    await this.tick();
    return this.deadlines.claim(now, limit, leaseMs);
  }

  async settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void> {
    await this.tick();
    this.deadlines.settle(id, claimedUntil, deadline);
  }

  async addSeek(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget?: number): Promise<AddSeekResult> {
    await this.tick();
    return this.seeks.add(seek, now, maxPerOwner, maxPerTarget);
  }

  async getSeek(id: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    return this.seeks.get(id, now);
  }

  async getSeekByCode(code: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    return this.seeks.byCode(code, now);
  }

  async takeSeek(id: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    return this.seeks.take(id, now);
  }

  async listPublicSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    await this.tick();
    return this.seeks.listPublic(now, limit);
  }

  async listSeeksOf(owner: string, now: number): Promise<StoredSeek[]> {
    await this.tick();
    return this.seeks.listOf(owner, now);
  }

  async listChallengesFor(target: string, now: number): Promise<StoredSeek[]> {
    await this.tick();
    return this.seeks.listFor(target, now);
  }

  async takeExpiredSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    await this.tick();
    return this.seeks.takeExpired(now, limit);
  }

  async appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void> {
    await this.tick();
    const key = `${gameId}:${channel}`;
    const lines = [...(this.chats.get(key) ?? []), entry].slice(-cap);
    this.chats.set(key, lines, ttlMs);
  }

  async loadChat(gameId: string, channel: string): Promise<string[]> {
    await this.tick();
    return [...(this.chats.get(`${gameId}:${channel}`) ?? [])];
  }

  async reserveGame(gameId: string, players: readonly string[], max: number): Promise<ReserveResult> {
    await this.tick();
    for (const p of players) {
      const games = this.playing.get(p);
      if (games && !games.has(gameId) && games.size >= max) return { ok: false, player: p };
    }
    for (const p of players) this.playing.set(p, (this.playing.get(p) ?? new Set()).add(gameId));
    return { ok: true };
  }

  async releaseGame(gameId: string, players: readonly string[]): Promise<void> {
    await this.tick();
    for (const p of players) {
      const games = this.playing.get(p);
      games?.delete(gameId);
      if (games?.size === 0) this.playing.delete(p);
    }
  }

  async gamesOf(player: string): Promise<string[]> {
    await this.tick();
    return [...(this.playing.get(player) ?? [])];
  }

  async putPlayer(id: string, doc: string, ttlMs: number): Promise<void> {
    await this.tick();
    this.players.set(id, doc, ttlMs);
  }

  async getPlayer(id: string, refreshTtlMs?: number): Promise<string | null> {
    await this.tick();
    const doc = this.players.get(id);
    if (doc !== undefined && refreshTtlMs !== undefined) this.players.touch(id, refreshTtlMs);
    return doc ?? null;
  }

  async putAnalysis(gameId: string, doc: string, ttlMs: number): Promise<void> {
    await this.tick();
    this.analyses.set(gameId, doc, ttlMs);
  }

  async getAnalysis(gameId: string): Promise<string | null> {
    await this.tick();
    return this.analyses.get(gameId) ?? null;
  }

  async ping(): Promise<void> {
    await this.tick();
  }

  async close(): Promise<void> {
    this.closed = true;
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
    if (g?.expiresAt == null) this.expiring.delete(id);
    else this.expiring.add(id);
    if (write.deadline !== undefined) this.deadlines.set(id, write.deadline);
    if (write.summary === null) {
      this.active.delete(id);
      this.spectators.delete(id);
    }
    else if (write.summary !== undefined) this.active.set(id, write.summary);
  }

  private async tick(): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw new Error('store is closed');
  }
}

export function createMemoryStore(opts: MemoryStoreOptions = {}): Store {
  return new MemoryStore(opts.now);
}
