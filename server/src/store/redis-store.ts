import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MoveLogCache } from './move-log-cache.js';
import * as lua from './redis-scripts.js';
import type { CommitResult, GameHead, GameWrite, Store, StoredGame, StoredSeek } from './store.js';

/**
 * Redis store. Keys (after the optional prefix):
 *   game:{<id>}          hash: version, doc          game:{<id>}:moves  list of move entries
 *   deadlines            zset id -> epoch ms         games:active       zset id -> listing sequence
 *   games:summaries      hash id -> summary          games:seq          listing counter
 *   seek:<id>            hash: code, public, doc     seeks:public       zset id -> sequence
 *   seeks:seq            counter                     invite:<code>      seek id
 *   player:<id>          string                      game:{<id>}:chat:<channel>  list (capped, expiring)
 * The braces are a hash tag: a game's two keys share a Cluster slot. The global indexes are
 * written in the same Lua scripts, so today the store targets a single Redis (or a primary with
 * replicas); finished games stay (replay, PGN), only leaving the active list and deadlines.
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

interface Script {
  readonly body: string;
  readonly sha: string;
}

const script = (body: string): Script => ({ body, sha: createHash('sha1').update(body).digest('hex') });
const SCRIPTS = {
  create: script(lua.CREATE_GAME),
  commit: script(lua.COMMIT_GAME),
  load: script(lua.LOAD_GAME),
  loadHead: script(lua.LOAD_HEAD),
  claim: script(lua.CLAIM_DUE),
  settle: script(lua.SETTLE_CLAIM),
  listActive: script(lua.LIST_ACTIVE),
  putSeek: script(lua.PUT_SEEK),
  takeSeek: script(lua.TAKE_SEEK),
  seekByCode: script(lua.SEEK_BY_CODE),
  listSeeks: script(lua.LIST_PUBLIC_SEEKS),
} as const;

function strings(reply: unknown): string[] {
  if (!Array.isArray(reply)) throw new Error('unexpected Redis reply');
  return reply.map((x) => String(x));
}

function toSeek(id: string, code: string | undefined, pub: string | undefined, doc: string | undefined): StoredSeek {
  return { id, code: code ? code : null, public: pub === '1', doc: doc ?? '' };
}

export class RedisStore implements Store {
  private readonly k: {
    readonly deadlines: string;
    readonly active: string;
    readonly summaries: string;
    readonly activeSeq: string;
    readonly publicSeeks: string;
    readonly seekSeq: string;
    readonly seekPrefix: string;
    readonly invitePrefix: string;
    readonly playerPrefix: string;
  };

  private readonly cache: MoveLogCache | null;

  constructor(
    private readonly redis: Redis,
    private readonly ownsClient: boolean,
    private readonly prefix = '',
    cachedMoves = 250_000,
  ) {
    this.cache = cachedMoves > 0 ? new MoveLogCache(cachedMoves) : null;
    const p = prefix;
    this.k = {
      deadlines: `${p}deadlines`,
      active: `${p}games:active`,
      summaries: `${p}games:summaries`,
      activeSeq: `${p}games:seq`,
      publicSeeks: `${p}seeks:public`,
      seekSeq: `${p}seeks:seq`,
      seekPrefix: `${p}seek:`,
      invitePrefix: `${p}invite:`,
      playerPrefix: `${p}player:`,
    };
  }

  /** The underlying client (for health checks or an adapter that wants to share it). */
  get client(): Redis {
    return this.redis;
  }

  async createGame(id: string, write: GameWrite): Promise<void> {
    const logId = randomBytes(9).toString('base64url');
    const r = await this.run(SCRIPTS.create, this.gameKeys(id), this.gameArgs(id, logId, write));
    if (Number(r) !== 1) throw new Error(`game ${id} already exists`);
    this.cache?.created(id, logId, write.appendMoves);
  }

  async loadGame(id: string): Promise<StoredGame | null> {
    const known = this.cache?.known(id) ?? { logId: '', length: 0, prefix: [] };
    const reply = await this.run(SCRIPTS.load, this.gameKeys(id).slice(0, 2), [known.logId, known.length]);
    const [version, doc, logId, start, ...tail] = strings(reply);
    if (version === undefined) return null;
    const from = Number(start);
    const moves = this.cache ? this.cache.merge(id, logId ?? '', from, known.prefix, tail) : tail;
    return { id, version: Number(version), doc: doc ?? '', moves };
  }

  async loadGameHead(id: string): Promise<GameHead | null> {
    const [version, doc, count] = strings(await this.run(SCRIPTS.loadHead, this.gameKeys(id).slice(0, 2), []));
    if (version === undefined) return null;
    return { id, version: Number(version), doc: doc ?? '', moveCount: Number(count) };
  }

  async commitGame(id: string, expectedVersion: number, write: GameWrite): Promise<CommitResult> {
    const r = await this.run(SCRIPTS.commit, this.gameKeys(id), this.gameArgs(id, String(expectedVersion), write));
    if (!Array.isArray(r)) throw new Error('unexpected Redis reply');
    const [status, version, length] = r.map(Number);
    if (status === -1) return { ok: false, reason: 'not-found' };
    if (status === 0) return { ok: false, reason: 'conflict', version: version ?? 0 };
    if (length !== undefined) this.cache?.appended(id, write.appendMoves, length);
    return { ok: true, version: version ?? 0 };
  }

  async listActiveGames(limit: number): Promise<{ id: string; summary: string }[]> {
    if (limit <= 0) return [];
    const flat = strings(await this.run(SCRIPTS.listActive, [this.k.active, this.k.summaries], [limit]));
    const out: { id: string; summary: string }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ id: flat[i] ?? '', summary: flat[i + 1] ?? '' });
    return out;
  }

  async claimDueGames(now: number, limit: number, leaseMs: number): Promise<string[]> {
    if (limit <= 0) return [];
    return strings(await this.run(SCRIPTS.claim, [this.k.deadlines], [now, Math.floor(limit), now + leaseMs]));
  }

  async settleClaim(id: string, claimedUntil: number, deadline: number | null): Promise<void> {
    await this.run(SCRIPTS.settle, [this.k.deadlines], [id, claimedUntil, deadline ?? '']);
  }


  async putSeek(seek: StoredSeek): Promise<void> {
    await this.run(
      SCRIPTS.putSeek,
      [this.k.seekPrefix + seek.id, this.k.publicSeeks, this.k.seekSeq],
      [seek.id, seek.code ?? '', seek.public ? '1' : '0', seek.doc, this.k.invitePrefix],
    );
  }

  async getSeek(id: string): Promise<StoredSeek | null> {
    const [code, pub, doc] = await this.redis.hmget(this.k.seekPrefix + id, 'code', 'public', 'doc');
    return doc == null ? null : toSeek(id, code ?? undefined, pub ?? undefined, doc);
  }

  async getSeekByCode(code: string): Promise<StoredSeek | null> {
    const r = strings(await this.run(SCRIPTS.seekByCode, [this.k.invitePrefix + code], [this.k.seekPrefix]));
    const [id, c, pub, doc] = r;
    return id === undefined ? null : toSeek(id, c, pub, doc);
  }

  async takeSeek(id: string): Promise<StoredSeek | null> {
    const r = strings(
      await this.run(SCRIPTS.takeSeek, [this.k.seekPrefix + id, this.k.publicSeeks], [id, this.k.invitePrefix]),
    );
    const [code, pub, doc] = r;
    return doc === undefined ? null : toSeek(id, code, pub, doc);
  }

  async listPublicSeeks(): Promise<StoredSeek[]> {
    const flat = strings(await this.run(SCRIPTS.listSeeks, [this.k.publicSeeks], [this.k.seekPrefix]));
    const out: StoredSeek[] = [];
    for (let i = 0; i + 3 < flat.length; i += 4) out.push(toSeek(flat[i] ?? '', flat[i + 1], flat[i + 2], flat[i + 3]));
    return out;
  }

  async appendChat(gameId: string, channel: string, entry: string, cap: number, ttlMs: number): Promise<void> {
    const key = this.chatKey(gameId, channel);
    await this.redis.multi().rpush(key, entry).ltrim(key, -cap, -1).pexpire(key, ttlMs).exec();
  }

  async loadChat(gameId: string, channel: string): Promise<string[]> {
    return this.redis.lrange(this.chatKey(gameId, channel), 0, -1);
  }

  private chatKey(gameId: string, channel: string): string {
    return `${this.prefix}game:{${gameId}}:chat:${channel}`;
  }

  async putPlayer(id: string, doc: string): Promise<void> {
    await this.redis.set(this.k.playerPrefix + id, doc);
  }

  async getPlayer(id: string): Promise<string | null> {
    return this.redis.get(this.k.playerPrefix + id);
  }

  async ping(): Promise<void> {
    const r = await this.redis.ping();
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

  private gameKeys(id: string): string[] {
    const g = `${this.prefix}game:{${id}}`;
    return [g, `${g}:moves`, this.k.deadlines, this.k.active, this.k.summaries, this.k.activeSeq];
  }

  /** `check`: the expected version (commit) or the new log id (create). */
  private gameArgs(id: string, check: string, w: GameWrite): (string | number)[] {
    return [
      id,
      check,
      w.doc,
      w.deadline === null ? '0' : '1',
      w.deadline ?? 0,
      w.summary === null ? '0' : w.summary === undefined ? '2' : '1',
      w.summary ?? '',
      ...w.appendMoves,
    ];
  }

  /** EVALSHA, loading the script with EVAL when Redis does not know it (first use, or after a restart). */
  private async run(s: Script, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(s.sha, keys.length, ...keys, ...args);
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw e;
      return this.redis.eval(s.body, keys.length, ...keys, ...args);
    }
  }
}

/** A Redis store on a URL (the store owns and closes that connection) or on an existing client (left open). */
export function createRedisStore(target: string | Redis, opts: RedisStoreOptions = {}): RedisStore {
  const owns = typeof target === 'string';
  // Auto-pipelining sends the commands of one event-loop tick in one write: fewer syscalls under load.
  const redis =
    typeof target === 'string' ? new Redis(target, { maxRetriesPerRequest: 3, enableAutoPipelining: true }) : target;
  if (owns) redis.on('error', opts.onError ?? (() => undefined));
  return new RedisStore(redis, owns, opts.prefix ?? '', opts.cachedMoves ?? 250_000);
}
