import { randomBytes } from 'node:crypto';
import { MoveLogCache } from './move-log-cache.js';
import { guarded } from './redis-errors.js';
import {
  isCluster,
  openRedis,
  type RedisClient,
  type RedisTarget,
  runScript,
  script,
  strings,
  type Script,
} from './redis-client.js';
import { redisKeys, type RedisKeys } from './redis-keys.js';
import { RESERVE_GAME } from './redis-lobby-scripts.js';
import * as lua from './redis-scripts.js';
import { RedisSeeks } from './redis-seeks.js';
import type {
  AddSeekResult,
  CommitResult,
  DueClaim,
  GameHead,
  GameWrite,
  NewGame,
  Relay,
  ReserveResult,
  Store,
  StoredGame,
  StoredSeek,
} from './store.js';

/**
 * Redis store, on one Redis (or a primary with replicas) or on a Redis Cluster; key layout in
 * redis-keys.ts. Every script declares its keys and touches one slot. On one Redis a game commit
 * writes the game and its index entries (deadline, lobby listing) in one script. On a Cluster the
 * game and the `{lobby}` indexes live in different slots, so a commit is three steps: lower the
 * deadline entry to the coming deadline (never later than the truth if the node dies next), the
 * compare-and-set on the game's own slot (the atomic part, as on one Redis), then the index entries,
 * applied only when newer than the last applied version (two nodes' commits may arrive out of order).
 * Finished games stay (replay, PGN) unless a write asks them to expire. A game's chat channels are
 * capped lists `game:{<id>}:chat:<channel>` that expire after their last line.
 */

export interface RedisStoreOptions {
  /** Prepended to every key, so tests and benchmarks can share one Redis. */
  readonly prefix?: string;
  /**
   * Connection errors of a client the store opened itself (commands still reject, ping fails).
   * Default: ignored, so a Redis outage does not flood the log with ioredis reconnect errors.
   */
  readonly onError?: (err: Error) => void;
  /**
   * Move-log entries this process keeps in memory, across games (loads then fetch only new
   * entries). Default 250 000 (some 40 MB); 0 disables the cache.
   */
  readonly cachedMoves?: number;
}

const SCRIPTS = {
  create: script(lua.CREATE_GAME),
  commit: script(lua.COMMIT_GAME),
  createOnly: script(lua.CREATE_GAME_ONLY),
  createMany: script(lua.CREATE_GAMES(RESERVE_GAME)),
  commitOnly: script(lua.COMMIT_GAME_ONLY),
  commitPlain: script(lua.COMMIT_PLAIN),
  index: script(lua.INDEX_GAME),
  lower: script(lua.LOWER_DEADLINE),
  load: script(lua.LOAD_GAME),
  loadHead: script(lua.LOAD_HEAD),
  claim: script(lua.CLAIM_DUE),
  settle: script(lua.SETTLE_CLAIM),
  listActive: script(lua.LIST_ACTIVE),
  appendChat: script(lua.APPEND_CHAT),
  countSpectators: script(lua.COUNT_SPECTATORS),
  claimTournamentStep: script(lua.CLAIM_TOURNAMENT_STEP),
  completeTournamentStep: script(lua.COMPLETE_TOURNAMENT_STEP),
} as const;

/** A write that leaves the deadline, the listing and the expiry as they are, and cuts no log: COMMIT_PLAIN. */
const plain = (w: GameWrite): boolean =>
  w.deadline === undefined && w.summary === undefined && w.expireAfterMs === undefined && w.truncateMoves === undefined;

/** How long a tournament's lease hash is kept after its last claim (longer than any tournament's round). */
const TOURNAMENT_LEASE_KEPT_MS = 90 * 86_400_000;

export class RedisStore implements Store {
  private readonly k: RedisKeys;
  private readonly cache: MoveLogCache | null;
  private readonly seeks: RedisSeeks;
  /** Cluster mode: commits in steps (see above). */
  readonly clustered: boolean;

  constructor(
    private readonly redis: RedisClient,
    private readonly ownsClient: boolean,
    prefix = '',
    cachedMoves = 250_000,
  ) {
    this.cache = cachedMoves > 0 ? new MoveLogCache(cachedMoves) : null;
    this.k = redisKeys(prefix);
    this.seeks = new RedisSeeks(redis, this.k);
    this.clustered = isCluster(redis);
  }

  /** The underlying client (for health checks or an adapter that wants to share it). */
  get client(): RedisClient {
    return this.redis;
  }

  async createGame(id: string, write: GameWrite): Promise<void> {
    const logId = randomBytes(9).toString('base64url');
    const args = this.gameArgs(id, logId, write);
    if (this.clustered) await this.lowerDeadline(id, write);
    const r = await this.run(this.clustered ? SCRIPTS.createOnly : SCRIPTS.create, this.gameKeys(id), args);
    if (Number(r) !== 1) throw new Error(`game ${id} already exists`);
    if (this.clustered) await this.index(id, 1, args);
    this.cache?.created(id, logId, write.appendMoves);
  }

  /**
   * One Redis: one script for them all (CREATE_GAMES). A Cluster: each game's reservation and
   * creation as `reserveGame` and `createGame` (other slots), sent together (auto-pipelining).
   */
  async createGames(games: readonly NewGame[]): Promise<boolean[]> {
    if (games.length === 0) return [];
    if (this.clustered) {
      return Promise.all(
        games.map(async (g) => {
          await this.seeks.reserve(g.id, g.players, Number.MAX_SAFE_INTEGER);
          return this.createGame(g.id, g.write).then(
            () => true,
            async (e: unknown) => {
              if ((await this.gameVersion(g.id)) === null) throw e;
              return false;
            },
          );
        }),
      );
    }
    const logIds = games.map(() => randomBytes(9).toString('base64url'));
    const args = games.map((g, i) => this.gameArgs(g.id, logIds[i] ?? '', g.write));
    const keys = games.map((g) => [...g.players.map(this.k.playing), ...this.gameKeys(g.id)]);
    const counts = games.flatMap((g, i) => [g.players.length, this.gameKeys(g.id).length, args[i]?.length ?? 0]);
    const r = await this.run(SCRIPTS.createMany, keys.flat(), [games.length, ...counts, ...args.flat()]);
    const created = (Array.isArray(r) ? r : []).map((x) => Number(x) === 1);
    games.forEach((g, i) => {
      if (created[i]) this.cache?.created(g.id, logIds[i] ?? '', g.write.appendMoves);
    });
    return created;
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    const known = this.cache?.known(id) ?? { logId: '', length: 0, prefix: [] };
    const reply = await this.run(SCRIPTS.load, this.k.game(id), [known.logId, known.length]);
    const [version, doc, logId, start, ...tail] = strings(reply);
    if (version === undefined) return null;
    const from = Number(start);
    const moves = this.cache ? this.cache.merge(id, logId ?? '', from, known.prefix, tail) : tail;
    return { id, version: Number(version), doc: doc ?? '', moves };
  }

  async loadGameHead(id: string): Promise<GameHead | null> {
    const [version, doc, count] = strings(await this.run(SCRIPTS.loadHead, this.k.game(id), []));
    if (version === undefined) return null;
    return { id, version: Number(version), doc: doc ?? '', moveCount: Number(count) };
  }

  async gameVersion(id: string): Promise<number | null> {
    const v = await guarded(this.redis.hget(this.k.game(id)[0], 'version'));
    return v === null ? null : Number(v);
  }

  async commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult> {
    const r = plain(write) && !this.clustered ? await this.commitPlain(id, expectedVersion, write) : await this.commitIndexed(id, expectedVersion, write);
    if (!Array.isArray(r)) throw new Error('unexpected Redis reply');
    const [status, version, length] = r.map(Number);
    if (status === -1) return { ok: false, reason: 'not-found' };
    if (status === 0) return { ok: false, reason: 'conflict', version: version ?? 0 };
    if (write.truncateMoves !== undefined) this.cache?.forget(id);
    else if (length !== undefined) this.cache?.appended(id, write.appendMoves, length);
    return { ok: true, version: version ?? 0, ...(this.relayOf(write) ? { relayed: true } : {}) };
  }

  /** A commit that writes the game's own keys only (`plain`): COMMIT_PLAIN. */
  private commitPlain(id: string, expectedVersion: number, w: GameWrite): Promise<unknown> {
    const relay = w.relay;
    return this.run(SCRIPTS.commitPlain, this.k.game(id), [expectedVersion, w.doc, relay?.channel ?? '', relay?.message ?? '', ...w.appendMoves]);
  }

  /** Any other commit: the game's keys and its index entries (on a Cluster, those after the commit). */
  private async commitIndexed(id: string, expectedVersion: number, w: GameWrite): Promise<unknown> {
    const args = this.gameArgs(id, String(expectedVersion), w);
    if (this.clustered) await this.lowerDeadline(id, w);
    const r = await this.run(this.clustered ? SCRIPTS.commitOnly : SCRIPTS.commit, this.gameKeys(id), args);
    if (this.clustered && Array.isArray(r) && Number(r[0]) === 1) await this.index(id, Number(r[1]), args);
    return r;
  }

  async listActiveGames(limit: number): Promise<{ id: string; summary: string; spectators: number }[]> {
    if (limit <= 0) return [];
    const flat = strings(await this.run(SCRIPTS.listActive, [this.k.active, this.k.summaries], [limit]));
    const out: { id: string; summary: string; spectators: number }[] = [];
    for (let i = 0; i + 2 < flat.length; i += 3) out.push({ id: flat[i] ?? '', summary: flat[i + 1] ?? '', spectators: Number(flat[i + 2] ?? 0) });
    return out;
  }

  async countSpectators(id: string, count: number): Promise<void> {
    await this.run(SCRIPTS.countSpectators, [this.k.active, this.k.summaries], [id, count]);
  }

  async spectatorsOf(ids: readonly string[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const counts = await guarded(this.redis.hmget(this.k.summaries, ...ids.map((id) => `${id}#w`)));
    return counts.map((c) => Number(c ?? 0));
  }

  async countActiveGames(): Promise<number> {
    return guarded(this.redis.zcard(this.k.active));
  }

  async claimDueGames(now: number, limit: number, leaseMs: number): Promise<DueClaim> {
    const [next = '', ...ids] = strings(await this.run(SCRIPTS.claim, [this.k.deadlines], [now, Math.max(0, Math.floor(limit)), now + leaseMs]));
    return { ids, next: next === '' ? null : Number(next) };
  }

  async settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void> {
    await this.run(SCRIPTS.settle, [this.k.deadlines], [id, claimedUntil, deadline ?? '']);
  }


  addSeek(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget?: number): Promise<AddSeekResult> {
    return this.seeks.add(seek, now, maxPerOwner, maxPerTarget);
  }

  getSeek(id: string, now: number): Promise<StoredSeek | null> {
    return this.seeks.get(id, now);
  }

  getSeekByCode(code: string, now: number): Promise<StoredSeek | null> {
    return this.seeks.byCode(code, now);
  }

  inviteClosed(code: string, now: number): Promise<boolean> {
    return this.seeks.inviteClosed(code, now);
  }

  takeSeek(id: string, now: number): Promise<StoredSeek | null> {
    return this.seeks.take(id, now);
  }

  listPublicSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    return this.seeks.listPublic(now, limit);
  }

  listSeeksOf(owner: string, now: number): Promise<StoredSeek[]> {
    return this.seeks.listOf(owner, now);
  }

  listChallengesFor(target: string, now: number): Promise<StoredSeek[]> {
    return this.seeks.listFor(target, now);
  }

  takeExpiredSeeks(now: number, limit: number): Promise<StoredSeek[]> {
    return this.seeks.takeExpired(now, limit);
  }

  /** The channel lives `ttlMs` after its last line, or less: no longer than its game, once that expires. */
  async appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void> {
    const key = this.chatKey(gameId, channel);
    await this.run(SCRIPTS.appendChat, [key, this.k.game(gameId)[0]], [entry, cap, Math.max(1, Math.round(ttlMs))]);
  }

  async loadChat(gameId: string, channel: string): Promise<string[]> {
    return guarded(this.redis.lrange(this.chatKey(gameId, channel), 0, -1));
  }

  private chatKey(gameId: string, channel: string): string {
    return `${this.k.game(gameId)[0]}:chat:${channel}`;
  }

  reserveGame(gameId: string, players: readonly string[], max: number): Promise<ReserveResult> {
    return this.seeks.reserve(gameId, players, max);
  }

  releaseGame(gameId: string, players: readonly string[]): Promise<void> {
    return this.seeks.release(gameId, players);
  }

  gamesOf(player: string): Promise<string[]> {
    return this.seeks.gamesOf(player);
  }

  async putPlayer(id: string, doc: string, ttlMs: number): Promise<void> {
    await guarded(this.redis.set(this.k.player(id), doc, 'PX', Math.max(1, Math.round(ttlMs))));
  }

  async getPlayer(id: string, refreshTtlMs?: number): Promise<string | null> {
    const key = this.k.player(id);
    if (refreshTtlMs === undefined) return guarded(this.redis.get(key));
    return guarded(this.redis.getex(key, 'PX', Math.max(1, Math.round(refreshTtlMs))));
  }

  async putAnalysis(gameId: string, doc: string, ttlMs: number): Promise<void> {
    await guarded(this.redis.set(this.analysisKey(gameId), doc, 'PX', Math.max(1, Math.round(ttlMs))));
  }

  async getAnalysis(gameId: string): Promise<string | null> {
    return guarded(this.redis.get(this.analysisKey(gameId)));
  }

  private analysisKey(gameId: string): string {
    return `${this.k.game(gameId)[0]}:analysis`;
  }

  async claimTournamentStep(tournamentId: string, step: number, now: number, leaseMs: number): Promise<boolean> {
    const keys = [this.k.tournamentLease(tournamentId)];
    return Number(await this.run(SCRIPTS.claimTournamentStep, keys, [step, now, Math.max(1, Math.round(leaseMs)), TOURNAMENT_LEASE_KEPT_MS])) === 1;
  }

  async completeTournamentStep(tournamentId: string, step: number): Promise<void> {
    await this.run(SCRIPTS.completeTournamentStep, [this.k.tournamentLease(tournamentId)], [step]);
  }

  async ping(): Promise<void> {
    const r = await guarded(this.redis.ping());
    if (r !== 'PONG') throw new Error(`unexpected PING reply: ${r}`);
  }

  async close(): Promise<void> {
    if (!this.ownsClient || this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  /** One Redis: the game's keys, the index keys, its chat lists; a Cluster: the game's own two keys and its chat lists. */
  private gameKeys(id: string): readonly string[] {
    const game = this.k.game(id);
    const chats = [this.chatKey(id, 'players'), this.chatKey(id, 'spectators')];
    if (this.clustered) return [...game, ...chats];
    return [...game, this.k.deadlines, this.k.active, this.k.summaries, this.k.activeSeq, ...chats];
  }

  /** `check`: the expected version (commit) or the new log id (create). */
  private gameArgs(id: string, check: string, w: GameWrite): (string | number | Buffer)[] {
    const relay = this.relayOf(w);
    return [
      id,
      check,
      w.doc,
      w.deadline === null ? '0' : w.deadline === undefined ? '2' : '1',
      w.deadline ?? 0,
      w.summary === null ? '0' : w.summary === undefined ? '2' : '1',
      w.summary ?? '',
      w.expireAfterMs === undefined ? '' : w.expireAfterMs === null ? 'p' : Math.max(1, Math.round(w.expireAfterMs)),
      relay?.channel ?? '',
      relay?.message ?? '',
      w.truncateMoves === undefined ? '' : Math.max(0, Math.floor(w.truncateMoves)),
      w.truncateMoves === undefined ? '' : randomBytes(9).toString('base64url'),
      ...w.appendMoves,
    ];
  }

  /** The relay the commit publishes: none on a Cluster (a room's channel is not in the game's slot: the adapter publishes it). */
  private relayOf(w: GameWrite): Relay | undefined {
    return this.clustered ? undefined : w.relay;
  }

  /** Cluster, before the commit: the deadline entry no later than the coming deadline. */
  private async lowerDeadline(id: string, w: GameWrite): Promise<void> {
    if (typeof w.deadline === 'number') await this.run(SCRIPTS.lower, [this.k.deadlines], [id, w.deadline]);
  }

  /** Cluster, after the commit of `version`: its index entries, unless a later version's came first. */
  private async index(id: string, version: number, args: readonly (string | number | Buffer)[]): Promise<void> {
    const keys = [this.k.deadlines, this.k.active, this.k.summaries, this.k.activeSeq, this.k.indexVersions];
    await this.run(SCRIPTS.index, keys, [id, version, ...args.slice(2, 7)]);
  }

  private run(s: Script, keys: readonly string[], args: readonly (string | number | Buffer)[]): Promise<unknown> {
    return runScript(this.redis, s, keys, args);
  }
}

/**
 * A Redis store on a URL or Cluster seed nodes (the store owns and closes that connection) or on an
 * existing client (left open).
 */
export function createRedisStore(target: RedisTarget, opts: RedisStoreOptions = {}): RedisStore {
  const owns = typeof target === 'string' || 'clusterNodes' in target;
  const redis = typeof target === 'string' || 'clusterNodes' in target ? openRedis(target) : target;
  if (owns) redis.on('error', opts.onError ?? (() => undefined));
  return new RedisStore(redis, owns, opts.prefix ?? '', opts.cachedMoves ?? 250_000);
}
