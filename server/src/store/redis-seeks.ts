import { z } from 'zod';
import { type RedisClient, runScript, script, strings } from './redis-client.js';
import type { RedisKeys } from './redis-keys.js';
import * as lua from './redis-lobby-scripts.js';
import { bySoonestExpiry, EXPIRED_SEEKS_KEPT, type AddSeekResult, type ReserveResult, type StoredSeek } from './store.js';
import { guarded } from './redis-errors.js';

const SCRIPTS = {
  add: script(lua.ADD_SEEK),
  take: script(lua.TAKE_SEEK),
  list: script(lua.LIST_PUBLIC_SEEKS),
  listOf: script(lua.LIST_SEEKS_OF),
  listFor: script(lua.LIST_CHALLENGES_FOR),
  byCode: script(lua.SEEK_BY_CODE),
  closed: script(lua.INVITE_CLOSED),
  takeExpired: script(lua.TAKE_EXPIRED_SEEKS),
  reserve: script(lua.RESERVE_GAME),
} as const;

const recordSchema = z.object({
  id: z.string(),
  owner: z.string(),
  settings: z.string(),
  code: z.string().nullable(),
  public: z.boolean(),
  doc: z.string(),
  expiresAt: z.number(),
  target: z.string().optional(),
});

const record = (s: StoredSeek): string =>
  JSON.stringify({
    id: s.id,
    owner: s.owner,
    settings: s.settings,
    code: s.code,
    public: s.public,
    doc: s.doc,
    expiresAt: s.expiresAt,
    ...(s.target === undefined ? {} : { target: s.target }),
  });

/** A stored record (the JSON of the seek) back into a seek; null when missing or expired at `now`. */
function fromRecord(raw: unknown, now: number): StoredSeek | null {
  if (typeof raw !== 'string') return null;
  const r = recordSchema.parse(JSON.parse(raw));
  return r.expiresAt > now ? r : null;
}

/** A record of an expired seek (kept to announce its end). */
const expiredRecord = (raw: string): StoredSeek => recordSchema.parse(JSON.parse(raw));

/** The seek and per-player game-count half of the Redis store (all keys in the `{lobby}` slot). */
export class RedisSeeks {
  constructor(
    private readonly redis: RedisClient,
    private readonly k: RedisKeys,
  ) {}

  async add(seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget = Number.MAX_SAFE_INTEGER): Promise<AddSeekResult> {
    const args = [now, maxPerOwner, seek.id, seek.owner, seek.settings, seek.code ?? '', seek.public ? '1' : '0'];
    const target = [seek.target ?? '', Math.min(maxPerTarget, Number.MAX_SAFE_INTEGER)];
    const r = await runScript(this.redis, SCRIPTS.add, this.k.seekKeys, [...args, seek.expiresAt, record(seek), ...target]);
    const [status, raw] = Array.isArray(r) ? r : [];
    if (status === 1) return { ok: true, created: true, seek };
    if (status === -1) return { ok: false, reason: 'too-many' };
    if (status === -3) return { ok: false, reason: 'target-full' };
    const existing = status === 0 ? fromRecord(raw, now) : null;
    if (existing) return { ok: true, created: false, seek: existing };
    throw new Error(`seek ${seek.id} could not be added (${String(status)})`);
  }

  async get(id: string, now: number): Promise<StoredSeek | null> {
    return fromRecord(await guarded(this.redis.hget(this.k.seeks, id)), now);
  }

  async byCode(code: string, now: number): Promise<StoredSeek | null> {
    return fromRecord(await runScript(this.redis, SCRIPTS.byCode, [this.k.invites, this.k.seeks], [code]), now);
  }

  async inviteClosed(code: string, now: number): Promise<boolean> {
    return Number(await runScript(this.redis, SCRIPTS.closed, this.k.seekKeys, [now, code])) === 1;
  }

  async take(id: string, now: number): Promise<StoredSeek | null> {
    return fromRecord(await runScript(this.redis, SCRIPTS.take, this.k.seekKeys, [now, id]), now);
  }

  async listPublic(now: number, limit: number): Promise<StoredSeek[]> {
    if (limit <= 0) return [];
    const raws = strings(await runScript(this.redis, SCRIPTS.list, this.k.seekKeys, [now, limit]));
    return raws.flatMap((raw) => fromRecord(raw, now) ?? []).reverse();
  }

  async listOf(owner: string, now: number): Promise<StoredSeek[]> {
    const raws = strings(await runScript(this.redis, SCRIPTS.listOf, this.k.seekKeys, [now, owner]));
    return raws.flatMap((raw) => fromRecord(raw, now) ?? []);
  }

  /** Challenges to `target`, from its entry in the per-target index. */
  async listFor(target: string, now: number): Promise<StoredSeek[]> {
    const raws = strings(await runScript(this.redis, SCRIPTS.listFor, this.k.seekKeys, [now, target]));
    return bySoonestExpiry(raws.flatMap((raw) => fromRecord(raw, now) ?? []));
  }

  async takeExpired(now: number, limit: number): Promise<StoredSeek[]> {
    if (limit <= 0) return [];
    const raws = strings(await runScript(this.redis, SCRIPTS.takeExpired, this.k.seekKeys, [now, limit, EXPIRED_SEEKS_KEPT]));
    return raws.map(expiredRecord);
  }

  async reserve(gameId: string, players: readonly string[], max: number): Promise<ReserveResult> {
    const i = Number(await runScript(this.redis, SCRIPTS.reserve, players.map(this.k.playing), [gameId, max]));
    const player = players[i - 1];
    return i === 0 || player === undefined ? { ok: true } : { ok: false, player };
  }

  async release(gameId: string, players: readonly string[]): Promise<void> {
    await Promise.all(players.map((p) => guarded(this.redis.srem(this.k.playing(p), gameId))));
  }

  async gamesOf(player: string): Promise<string[]> {
    return guarded(this.redis.smembers(this.k.playing(player)));
  }
}
