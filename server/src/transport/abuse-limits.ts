import type { IncomingMessage } from 'node:http';
import type { AbuseLimitOptions } from './limit-options.js';
import type { RedisClient } from '../store/redis-client.js';
import type { AddressGate } from './address-gate.js';
import { addressKey } from './address-key.js';
import type { EventLimiter } from './rate-limit.js';
import { sharedLimiter, tryConsume as take } from './shared-limiter.js';
import { ExpiringKeys } from './expiring-keys.js';
import { Slots } from './slots.js';
import { WindowBudget } from './window-budget.js';

/**
 * Limits per identity and per address, on top of the per-connection event budget
 * (rate-limiter-flexible). With Redis, the handshake, room-operation and flood-block budgets are
 * counted there for all nodes (shared-limiter.ts); the event budgets, strikes and open connections
 * per node, so an ordinary event (a move) costs no Redis round trip:
 * - handshakes per address, checked by engine.io (`allowRequest`) before a request becomes a
 *   connection: a refused one costs no WebSocket, no socket and no store read;
 * - new anonymous players per address (each is a document in the store), at the handshake;
 * - before authentication (no store or account read), the identity a token names: refused while it
 *   is blocked for flooding or already has all its connections open on this node;
 * - open connections per identity and per address (counted per node);
 * - events per identity (all its connections together) and per address, and room operations
 *   (join, resync, leave, lobby subscribe) per identity, the costly ones; checked together, so an
 *   event waits for one (pipelined) round trip at most;
 * - seeks and games against the computer created per address (`creationsPerAddress`): each
 *   identity has its own caps, and new identities are cheap.
 * A connection whose events keep being refused (`strikes` refusals within the strike window) is an
 * abuser: it is told `flooding` and disconnected, and its identity is blocked for `floodBlockSec`.
 * Its other connections are disconnected the same way at their next event (no strikes to collect).
 * Addresses are counted by `addressKey` (an IPv6 client by its /64, which it can pick new
 * addresses in at will); those in `exemptAddresses` have no per-address limit. The `gate` (address-gate.ts) is told of
 * an address that exceeds its handshake budget or whose connection was disconnected for flooding, so
 * that the node refuses its next TCP connections before any HTTP parsing (never an exempt address);
 * a connection from a denied address is disconnected at its first refused event (no strikes either).
 */

export type EventVerdict = 'ok' | 'limited' | 'flooding';

const ROOM_EVENTS = new Set(['game:join', 'game:resync', 'game:leave', 'lobby:subscribe', 'lobby:unsubscribe']);
/** Events that make what the whole service shares: a listed seek, a game against the computer. */
const CREATION_EVENTS = new Set(['seek:create', 'bot:play']);

/** A client connection as the limits see it (a Socket.IO socket fits); `address` from `clientAddress`. */
export interface Connection {
  readonly id: string;
  readonly data: { readonly playerId: string; readonly address: string };
}

export interface AbuseLimiter {
  /** Before the handshake (engine.io `allowRequest`): may this address open one more connection now? */
  handshakeAllowed(address: string): Promise<boolean>;
  /** At a handshake that would make a new anonymous player: may this address have one more now? */
  newPlayerAllowed(address: string): Promise<boolean>;
  /**
   * Before authentication: the player a token claims to be (unverified, so this only refuses):
   * 'blocked' after a flooding disconnect, 'full' when it has all its connections open here.
   */
  claimRefused(claimedPlayerId: string): Promise<'blocked' | 'full' | null>;
  /** Takes a connection slot for the identity and the address; false (nothing taken) when either is full. */
  openConnection(playerId: string, address: string): boolean;
  closeConnection(playerId: string, address: string): void;
  /**
   * May this connection send this event now? 'flooding' when it should be disconnected. Answered at
   * once (no promise) when only this node's budgets are involved: any event but a room operation,
   * within its budgets.
   */
  allowEvent(conn: Connection, event: string): EventVerdict | Promise<EventVerdict>;
}


/** The deny list of addresses (address-gate.ts) as the limits use it. */
export type AddressDenial = Pick<AddressGate, 'deny' | 'denied'>;
const NO_DENIAL: AddressDenial = { deny: () => undefined, denied: () => false };

/**
 * `perConnection`: the per-connection event budget, checked first; `redis`: count the shared budgets
 * there; `gate`: refuses an abusive address's next connections (address-gate.ts).
 */
export function createAbuseLimiter(
  o: AbuseLimitOptions,
  perConnection: EventLimiter,
  redis: RedisClient | null = null,
  gate: AddressDenial = NO_DENIAL,
): AbuseLimiter {
  const exempt = new Set(o.exemptAddresses.map(addressKey));
  const handshakes = sharedLimiter(o.handshakesPerAddress, 'handshakes', redis);
  const newPlayers = sharedLimiter(o.newPlayersPerAddress, 'new-players', redis);
  // per node: every event (each move too) checks these, and a Redis round trip per move was not worth it
  // (synchronous: window-budget.ts)
  const identityEvents = new WindowBudget(o.eventsPerIdentity);
  const addressEvents = new WindowBudget(o.eventsPerAddress);
  const roomOps = sharedLimiter(o.roomOpsPerIdentity, 'room-ops', redis);
  const creations = sharedLimiter(o.creationsPerAddress, 'creations', redis);
  const blocks = sharedLimiter({ points: 1, durationSec: o.floodBlockSec }, 'flood-blocks', redis);
  // per node: a connection's strikes are all on its node
  const strikes = new WindowBudget({ points: o.strikes, durationSec: o.strikeWindowSec });
  const perIdentity = new Slots(o.connectionsPerIdentity);
  const perAddress = new Slots(o.connectionsPerAddress);
  /**
   * Blocks this node has set or seen, so their handshakes are refused without a round trip (a cache:
   * the block is also counted in `blocks`; capped, as strangers create identities).
   */
  const blockedHere = new ExpiringKeys({ sweepAt: 10_000, max: 100_000 });
  const blocked = async (playerId: string): Promise<boolean> => {
    if (blockedHere.has(playerId)) return true;
    const res = await blocks.get(playerId);
    if (res === null || res.consumedPoints <= 1) return false;
    blockedHere.add(playerId, res.msBeforeNext);
    return true;
  };
  const block = async (playerId: string): Promise<void> => {
    blockedHere.add(playerId, o.floodBlockSec * 1000);
    await blocks.block(playerId, o.floodBlockSec);
  };

  return {
    async handshakeAllowed(address) {
      if (exempt.has(address)) return true;
      if (await take(handshakes, address)) return true;
      gate.deny(address);
      return false;
    },
    async newPlayerAllowed(address) {
      return exempt.has(address) || take(newPlayers, address);
    },
    async claimRefused(claimed) {
      if (perIdentity.full(claimed)) return 'full';
      return (await blocked(claimed)) ? 'blocked' : null;
    },
    openConnection(playerId, address) {
      if (!perIdentity.take(playerId)) return false;
      if (exempt.has(address) || perAddress.take(address)) return true;
      perIdentity.give(playerId);
      return false;
    },
    closeConnection(playerId, address) {
      perIdentity.give(playerId);
      if (!exempt.has(address)) perAddress.give(address);
    },
    allowEvent(conn, event) {
      const { playerId, address } = conn.data;
      // another connection of this identity was disconnected for flooding: this one goes too, at once
      if (blockedHere.has(playerId)) return 'flooding';
      const local = perConnection(conn.id) && identityEvents.take(playerId) && (exempt.has(address) || addressEvents.take(address));
      if (!local) return refused(conn);
      if (CREATION_EVENTS.has(event) && !exempt.has(address)) return take(creations, address).then((ok) => (ok ? 'ok' : refused(conn)));
      if (!ROOM_EVENTS.has(event)) return 'ok';
      return take(roomOps, playerId).then((ok) => (ok ? 'ok' : refused(conn)));
    },
  };

  /** A refused event: a strike ('limited'), or past the strikes 'flooding' (the address denied, the identity blocked). */
  function refused(conn: Connection): EventVerdict | Promise<EventVerdict> {
    const { playerId, address } = conn.data;
    // an address already denied has had its chance: no strikes
    if (!gate.denied(address) && strikes.take(conn.id)) return 'limited';
    if (!exempt.has(address)) gate.deny(address);
    return block(playerId).then(() => 'flooding' as const);
  }
}

/**
 * The client's address, as the limits count it (`addressKey`: an IPv6 client by its /64): the
 * socket's peer, or behind a trusted reverse proxy (`trustProxy`) the address it reports
 * (X-Real-IP, else the last X-Forwarded-For entry, the one the proxy added).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  return addressKey(reportedAddress(req, trustProxy));
}

function reportedAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return peer;
  const real = req.headers['x-real-ip'];
  if (typeof real === 'string' && real.trim()) return real.trim();
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').pop()?.trim();
  return last || peer;
}
