import { MemoryState } from './memory-state.js';
import type { StoreChange } from './store-change.js';
import type {
  AddSeekResult,
  CommitResult,
  DueClaim,
  GameHead,
  GameWrite,
  NewGame,
  ReserveResult,
  Store,
  StoredGame,
  StoredSeek,
} from './store.js';

/**
 * In-memory store (used in tests, and by a throw-away server: EPHEMERAL=1). Same semantics as
 * the Redis store (memory-state.ts holds the state and its rules). Every method awaits a
 * microtask first so callers can never rely on synchronous effects. Each change that took effect
 * goes to `record` in the same synchronous step: the journaled store (durable-store.ts) writes it.
 */
export interface MemoryStoreOptions {
  /** The clock of TTLs (players, expiring games). Default Date.now. */
  readonly now?: () => number;
}

export class MemoryStore implements Store {
  private closed = false;
  /**
   * Tournament leases (claimTournamentStep). Not journaled: a single node's restart forgets them,
   * which only frees a lease early (the tournament's database record keeps its work from repeating).
   */
  private readonly tournamentSteps = new Map<string, { step: number; until: number; done: boolean }>();

  constructor(
    protected readonly clock: () => number = Date.now,
    protected readonly state: MemoryState = new MemoryState(clock),
  ) {}

  /** Players, chat channels and analyses held, expired ones not yet swept included (tests). */
  get expiringEntries(): number {
    return this.state.expiringEntries;
  }

  async createGame(id: string, write: GameWrite): Promise<void> {
    await this.tick();
    this.state.createGame(id, write);
    const w = this.record(['create', id, write]);
    if (w) await w;
  }

  async createGames(games: readonly NewGame[]): Promise<boolean[]> {
    await this.tick();
    const created = this.state.createGames(games);
    const w = games.length > 0 ? this.record(['createGames', games]) : undefined;
    if (w) await w;
    return created;
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    await this.tick();
    return this.state.loadGame(id);
  }

  async loadGameHead(id: string): Promise<GameHead | null> {
    await this.tick();
    return this.state.loadGameHead(id);
  }

  async gameVersion(id: string): Promise<number | null> {
    await this.tick();
    return this.state.gameVersion(id);
  }

  async commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult> {
    await this.tick();
    const r = this.state.commitGame(id, expectedVersion, write);
    const w = r.ok ? this.record(['commit', id, expectedVersion, write]) : undefined;
    if (w) await w;
    return r;
  }

  async countSpectators(id: string, count: number): Promise<void> {
    await this.tick();
    this.state.countSpectators(id, count);
  }

  async spectatorsOf(ids: readonly string[]): Promise<number[]> {
    await this.tick();
    return this.state.spectatorsOf(ids);
  }

  async listActiveGames(limit: number): Promise<{ id: string; summary: string; spectators: number }[]> {
    await this.tick();
    return this.state.listActiveGames(limit);
  }

  async countActiveGames(): Promise<number> {
    await this.tick();
    return this.state.countActiveGames();
  }

  async claimDueGames(now: number, limit: number, leaseMs: number): Promise<DueClaim> {
    await this.tick();
    const due = this.state.claimDueGames(now, limit, leaseMs);
    const w = due.ids.length > 0 ? this.record(['claim', now, limit, leaseMs]) : undefined;
    if (w) await w;
    return due;
  }

  async settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void> {
    await this.tick();
    this.state.settleClaim(id, claimedUntil, deadline);
    const w = this.record(['settle', id, claimedUntil, deadline]);
    if (w) await w;
  }

  async addSeek(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget?: number): Promise<AddSeekResult> {
    await this.tick();
    const purged = this.purged(now);
    const r = this.state.addSeek(seek, now, maxPerOwner, maxPerTarget);
    const w = r.ok && r.created ? this.record(['addSeek', seek, now, maxPerOwner, maxPerTarget ?? null]) : purged;
    if (w) await w;
    return r;
  }

  async getSeek(id: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.getSeek(id, now);
    if (w) await w;
    return r;
  }

  async getSeekByCode(code: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.getSeekByCode(code, now);
    if (w) await w;
    return r;
  }

  async inviteClosed(code: string, now: number): Promise<boolean> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.inviteClosed(code, now);
    if (w) await w;
    return r;
  }

  async takeSeek(id: string, now: number): Promise<StoredSeek | null> {
    await this.tick();
    const purged = this.purged(now);
    const s = this.state.takeSeek(id, now);
    const w = s ? this.record(['takeSeek', id, now]) : purged;
    if (w) await w;
    return s;
  }

  async listPublicSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.listPublicSeeks(now, limit);
    if (w) await w;
    return r;
  }

  async listSeeksOf(owner: string, now: number): Promise<StoredSeek[]> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.listSeeksOf(owner, now);
    if (w) await w;
    return r;
  }

  async listChallengesFor(target: string, now: number): Promise<StoredSeek[]> {
    await this.tick();
    const w = this.purged(now);
    const r = this.state.listChallengesFor(target, now);
    if (w) await w;
    return r;
  }

  async takeExpiredSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    await this.tick();
    const purged = this.purged(now);
    const taken = this.state.takeExpiredSeeks(now, limit);
    const w = taken.length > 0 ? this.record(['takeExpired', now, limit]) : purged;
    if (w) await w;
    return taken;
  }

  async appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void> {
    await this.tick();
    this.state.appendChat(gameId, channel, entry, cap, ttlMs);
    const w = this.record(['chat', gameId, channel, entry, cap, ttlMs]);
    if (w) await w;
  }

  async loadChat(gameId: string, channel: string): Promise<string[]> {
    await this.tick();
    return this.state.loadChat(gameId, channel);
  }

  async reserveGame(gameId: string, players: readonly string[], max: number): Promise<ReserveResult> {
    await this.tick();
    const r = this.state.reserveGame(gameId, players, max);
    const w = r.ok ? this.record(['reserve', gameId, players, max]) : undefined;
    if (w) await w;
    return r;
  }

  async releaseGame(gameId: string, players: readonly string[]): Promise<void> {
    await this.tick();
    this.state.releaseGame(gameId, players);
    const w = this.record(['release', gameId, players]);
    if (w) await w;
  }

  async gamesOf(player: string): Promise<string[]> {
    await this.tick();
    return this.state.gamesOf(player);
  }

  async putPlayer(id: string, doc: string, ttlMs: number): Promise<void> {
    await this.tick();
    this.state.putPlayer(id, doc, ttlMs);
    const w = this.record(['putPlayer', id, doc, ttlMs]);
    if (w) await w;
  }

  async getPlayer(id: string, refreshTtlMs?: number): Promise<string | null> {
    await this.tick();
    const doc = this.state.getPlayer(id, refreshTtlMs);
    const w = doc !== null && refreshTtlMs !== undefined ? this.record(['touchPlayer', id, refreshTtlMs]) : undefined;
    if (w) await w;
    return doc;
  }

  async putAnalysis(gameId: string, doc: string, ttlMs: number): Promise<void> {
    await this.tick();
    this.state.putAnalysis(gameId, doc, ttlMs);
    const w = this.record(['analysis', gameId, doc, ttlMs]);
    if (w) await w;
  }

  async getAnalysis(gameId: string): Promise<string | null> {
    await this.tick();
    return this.state.getAnalysis(gameId);
  }

  async claimTournamentStep(tournamentId: string, step: number, now: number, leaseMs: number): Promise<boolean> {
    await this.tick();
    const held = this.tournamentSteps.get(tournamentId);
    if (held && (held.until > now || step < held.step || (step === held.step && held.done))) return false;
    this.tournamentSteps.set(tournamentId, { step, until: now + leaseMs, done: false });
    return true;
  }

  async completeTournamentStep(tournamentId: string, step: number): Promise<void> {
    await this.tick();
    const held = this.tournamentSteps.get(tournamentId);
    if (held?.step === step) this.tournamentSteps.set(tournamentId, { step, until: 0, done: true });
  }

  async ping(): Promise<void> {
    await this.tick();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /**
   * A change that took effect, in the same synchronous step (so changes are recorded in the
   * order they were made); the caller's answer waits for what this returns (one promise for all
   * the changes of a batch, so awaiting the last one of a call covers them all). Nothing here.
   */
  protected record(_change: StoreChange): Promise<void> | undefined {
    return undefined;
  }

  /** Seek calls first move the expired seeks out (what `takeExpiredSeeks` hands out): a change too. */
  private purged(now: number): Promise<void> | undefined {
    return this.state.purgeSeeks(now) ? this.record(['purgeSeeks', now]) : undefined;
  }

  protected async tick(): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw new Error('store is closed');
  }
}

export function createMemoryStore(opts: MemoryStoreOptions = {}): Store {
  return new MemoryStore(opts.now);
}
