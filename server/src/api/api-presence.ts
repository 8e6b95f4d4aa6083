import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Publisher } from '../services/publisher.js';
import type { RedisClient } from '../store/redis-client.js';

/**
 * The players whose API game stream (`GET /api/{bot,board}/game/stream/:id`) is open, per game, on
 * every node: a program playing through the HTTP API is never in the game's Socket.IO room, yet it
 * is present (claims of an absent opponent and the lobby's away rule count it: `withApiPresence`).
 */
export interface ApiPresence {
  /** The stream of `playerId` in `gameId` opened; the function returned is its end (once). */
  enter(gameId: string, playerId: string): () => void;
  /** The players with an open stream in the game, on every node (one entry per node and player). */
  members(gameId: string): Promise<string[]>;
}

export interface ApiPresenceOptions {
  /** Whose stream opened or closed in a game: its room is counted again (`RoomService.recount`). */
  readonly changed?: (gameId: string) => void;
  /** The wall clock of the entries' expiry (real time: the renewal is a real timer). */
  readonly clock?: () => number;
  /** How long an entry lasts without renewal (a crashed node's entries lapse then). */
  readonly ttlMs?: number;
}

export const API_PRESENCE_TTL_MS = 15_000;

/** The open streams of this node: game → player → how many. */
class LocalEntries {
  readonly games = new Map<string, Map<string, number>>();

  add(gameId: string, playerId: string): void {
    const players = this.games.get(gameId) ?? new Map<string, number>();
    players.set(playerId, (players.get(playerId) ?? 0) + 1);
    this.games.set(gameId, players);
  }

  /** True when it was the player's last stream of the game here. */
  remove(gameId: string, playerId: string): boolean {
    const players = this.games.get(gameId);
    const n = players?.get(playerId) ?? 0;
    if (!players || n === 0) return false;
    if (n > 1) return players.set(playerId, n - 1) && false;
    players.delete(playerId);
    if (players.size === 0) this.games.delete(gameId);
    return true;
  }

  members(gameId: string): string[] {
    return [...(this.games.get(gameId)?.keys() ?? [])];
  }
}

function once(f: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    f();
  };
}

/** One node's presence, in memory (no Redis: the node is the whole server). */
export function localApiPresence(o: ApiPresenceOptions = {}): ApiPresence {
  const local = new LocalEntries();
  return {
    enter(gameId, playerId) {
      local.add(gameId, playerId);
      o.changed?.(gameId);
      return once(() => {
        local.remove(gameId, playerId);
        o.changed?.(gameId);
      });
    },
    members: (gameId) => Promise.resolve(local.members(gameId)),
  };
}

const keyOf = (gameId: string): string => `pcl-api-presence:${gameId}`;
/** Adds (or renews) members scored by their expiry (ARGV[1]), drops those lapsed at ARGV[2], keeps the key ARGV[3] ms. */
const RENEW = `
for i = 4, #ARGV do redis.call('zadd', KEYS[1], ARGV[1], ARGV[i]) end
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[2])
return redis.call('pexpire', KEYS[1], ARGV[3])`;

/**
 * Presence in Redis: a sorted set per game whose members are `node:player` (a player streaming on
 * two nodes stays present when one stream ends) scored by their expiry, renewed every third of the
 * TTL while the streams last and removed when they end; one key per command (a Cluster takes it).
 * A Redis error never fails the caller: it is logged (debug) and this node's own entries answer.
 */
export function redisApiPresence(redis: RedisClient, logger: Logger, o: ApiPresenceOptions = {}): ApiPresence {
  const clock = o.clock ?? Date.now;
  const ttlMs = o.ttlMs ?? API_PRESENCE_TTL_MS;
  const node = randomBytes(6).toString('base64url');
  const local = new LocalEntries();
  const quiet = (e: unknown): void => logger.debug({ err: e }, 'api presence: Redis unavailable, this node answers alone');
  const renew = (gameId: string, players: readonly string[]): void => {
    if (players.length === 0) return;
    const now = clock();
    void redis.eval(RENEW, 1, keyOf(gameId), now + ttlMs, now, 2 * ttlMs, ...players.map((p) => `${node}:${p}`)).catch(quiet);
  };
  // Another node's entry that lapses (that node crashed) is no leave anyone hears: a reader whose
  // count saw it counts the room again when it would lapse (renewed by then, it is seen again).
  const lapses = new Map<string, NodeJS.Timeout>();
  const recountAt = (gameId: string, expiry: number): void => {
    if (!o.changed || lapses.has(gameId)) return;
    const t = setTimeout(() => {
      lapses.delete(gameId);
      o.changed?.(gameId);
    }, Math.max(0, expiry - clock()) + 1);
    t.unref();
    lapses.set(gameId, t);
  };
  let timer: NodeJS.Timeout | null = null;
  const tick = (): void => {
    for (const [gameId, players] of local.games) renew(gameId, [...players.keys()]);
  };
  return {
    enter(gameId, playerId) {
      local.add(gameId, playerId);
      // sent now, before the recount's read on the same connection (Redis answers a connection in order)
      renew(gameId, [playerId]);
      if (timer === null) {
        timer = setInterval(tick, ttlMs / 3);
        timer.unref();
      }
      o.changed?.(gameId);
      return once(() => {
        if (local.remove(gameId, playerId)) void redis.zrem(keyOf(gameId), `${node}:${playerId}`).catch(quiet);
        if (local.games.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
        o.changed?.(gameId);
      });
    },
    async members(gameId) {
      const here = local.members(gameId);
      try {
        const all = await redis.zrangebyscore(keyOf(gameId), `(${clock()}`, '+inf', 'WITHSCORES');
        const there: string[] = [];
        for (let i = 0; i < all.length; i += 2) {
          const [member = '', score] = [all[i], Number(all[i + 1])];
          if (!member.startsWith(`${node}:`)) recountAt(gameId, score);
          there.push(member.slice(member.indexOf(':') + 1));
        }
        return [...here, ...there];
      } catch (e) {
        quiet(e);
        return here;
      }
    },
  };
}

/** In Redis when the app has one (every node), else in memory. */
export function createApiPresence(redis: RedisClient | null, logger: Logger, o: ApiPresenceOptions = {}): ApiPresence {
  return redis ? redisApiPresence(redis, logger, o) : localApiPresence(o);
}

/**
 * The publisher whose `gameMembers` (room counts, the claims' live check) are the room's members
 * and the players with an open API game stream: a program playing through the API is present.
 */
export function withApiPresence(publisher: Publisher, presence: ApiPresence): Publisher {
  return {
    ...publisher,
    async gameMembers(gameId) {
      const [room, api] = await Promise.all([publisher.gameMembers(gameId), presence.members(gameId)]);
      return [...room, ...api];
    },
  };
}
