import type { IncomingMessage } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AbuseLimitOptions, RateLimitOptions } from '../config.js';
import { tryConsume as take, type EventLimiter } from './rate-limit.js';

/**
 * Limits per identity and per address, on top of the per-connection event budget
 * (rate-limiter-flexible, counted in this node's memory: a connection lives on one node, so with
 * N nodes behind a balancer an abuser gets at most N times the budget):
 * - handshakes per address (checked before the handshake touches the store),
 * - open connections per identity and per address,
 * - events per identity (all its connections together) and per address,
 * - room operations (join, resync, leave, lobby subscribe) per identity, the costly ones.
 * A connection whose events keep being refused (`strikes` refusals within the strike window) is
 * an abuser: it is told `flooding` and disconnected.
 */

const ROOM_EVENTS = new Set(['game:join', 'game:resync', 'game:leave', 'lobby:subscribe', 'lobby:unsubscribe']);

/** A client connection as the limits see it (a Socket.IO socket fits); `address` from `clientAddress`. */
export interface Connection {
  readonly id: string;
  readonly data: { readonly playerId: string; readonly address: string };
}

export interface AbuseLimiter {
  /** Before authentication: may this address open one more connection now? */
  handshakeAllowed(address: string): Promise<boolean>;
  /** Takes a connection slot for the identity and the address; false (nothing taken) when either is full. */
  openConnection(playerId: string, address: string): Promise<boolean>;
  closeConnection(playerId: string, address: string): Promise<void>;
  /** May this connection send this event now? 'flooding' when it should be disconnected. */
  allowEvent(conn: Connection, event: string): Promise<'ok' | 'limited' | 'flooding'>;
}

const limiter = (o: RateLimitOptions): RateLimiterMemory => new RateLimiterMemory({ points: o.points, duration: o.durationSec });

/** Open-connection counters: points never expire; a key is forgotten when its count is back to 0. */
class Slots {
  private readonly l: RateLimiterMemory;
  constructor(max: number) {
    this.l = new RateLimiterMemory({ points: max, duration: 0 });
  }
  /** A refused consume still counts in rate-limiter-flexible: it is given back, so only held slots count. */
  async take(key: string): Promise<boolean> {
    if (await take(this.l, key)) return true;
    await this.l.reward(key, 1);
    return false;
  }
  async give(key: string): Promise<void> {
    const res = await this.l.reward(key, 1);
    if (res.consumedPoints <= 0) await this.l.delete(key);
  }
}

/** `perConnection`: the per-connection event budget, checked first. */
export function createAbuseLimiter(o: AbuseLimitOptions, perConnection: EventLimiter): AbuseLimiter {
  const handshakes = limiter(o.handshakesPerAddress);
  const perIdentity = new Slots(o.connectionsPerIdentity);
  const perAddress = new Slots(o.connectionsPerAddress);
  const identityEvents = limiter(o.eventsPerIdentity);
  const addressEvents = limiter(o.eventsPerAddress);
  const roomOps = limiter(o.roomOpsPerIdentity);
  const strikes = limiter({ points: o.strikes, durationSec: o.strikeWindowSec });

  return {
    handshakeAllowed: (address) => take(handshakes, address),
    async openConnection(playerId, address) {
      if (!(await perIdentity.take(playerId))) return false;
      if (await perAddress.take(address)) return true;
      await perIdentity.give(playerId);
      return false;
    },
    async closeConnection(playerId, address) {
      await Promise.all([perIdentity.give(playerId), perAddress.give(address)]);
    },
    async allowEvent(conn, event) {
      const { playerId } = conn.data;
      const ok =
        (await perConnection(conn.id)) &&
        (await take(identityEvents, playerId)) &&
        (await take(addressEvents, conn.data.address)) &&
        (!ROOM_EVENTS.has(event) || (await take(roomOps, playerId)));
      if (ok) return 'ok';
      return (await take(strikes, conn.id)) ? 'limited' : 'flooding';
    },
  };
}

/**
 * The client's address: the socket's peer, or behind a trusted reverse proxy (`trustProxy`) the
 * address it reports (X-Real-IP, else the last X-Forwarded-For entry, the one the proxy added).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return peer;
  const real = req.headers['x-real-ip'];
  if (typeof real === 'string' && real.trim()) return real.trim();
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').pop()?.trim();
  return last || peer;
}
