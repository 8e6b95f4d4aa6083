/** The options of the transport's rate and abuse limits (gathered by config.ts, read by the limiters). */

export interface RateLimitOptions {
  /** Events a connection may send per window. */
  readonly points: number;
  readonly durationSec: number;
}

/**
 * Per-identity and per-address limits (see transport/abuse-limits.ts). With a Redis (`redis` of
 * AppDeps) the handshake, room-operation and flood-block budgets are counted in Redis for all nodes
 * together; event budgets and open connections are counted per node.
 */
export interface AbuseLimitOptions {
  readonly connectionsPerIdentity: number;
  readonly connectionsPerAddress: number;
  readonly handshakesPerAddress: RateLimitOptions;
  /**
   * New anonymous players (handshakes without a token or an account's session) per address: each
   * is a document in the store, and strangers could otherwise make one per handshake.
   */
  readonly newPlayersPerAddress: RateLimitOptions;
  /** Events of all of one identity's connections together. */
  readonly eventsPerIdentity: RateLimitOptions;
  readonly eventsPerAddress: RateLimitOptions;
  /** game:join, game:resync, game:leave, lobby:subscribe/unsubscribe per identity. */
  readonly roomOpsPerIdentity: RateLimitOptions;
  /**
   * seek:create and bot:play per address: what fills the lobby and the computer's places for
   * everybody, which new identities (each with its own caps) would otherwise multiply.
   */
  readonly creationsPerAddress: RateLimitOptions;
  /** Refused events a connection may collect within `strikeWindowSec` before it is disconnected. */
  readonly strikes: number;
  readonly strikeWindowSec: number;
  /** An identity disconnected for flooding may not connect again for this long (refused before authentication). */
  readonly floodBlockSec: number;
  /** Addresses no per-address limit applies to (e.g. a known gateway, or a benchmark's load generator). */
  readonly exemptAddresses: readonly string[];
  /**
   * An address over its handshake budget, or whose connection was disconnected for flooding, has its
   * TCP connections reset before any HTTP parsing for this long (transport/address-gate.ts; per node).
   * 0: off. Always off with `trustProxy` (the TCP peer is then the proxy).
   */
  readonly denyAddressSec: number;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimitOptions = {
  connectionsPerIdentity: 10,
  connectionsPerAddress: 100,
  handshakesPerAddress: { points: 60, durationSec: 10 },
  newPlayersPerAddress: { points: 200, durationSec: 3600 },
  eventsPerIdentity: { points: 150, durationSec: 5 },
  eventsPerAddress: { points: 1000, durationSec: 5 },
  roomOpsPerIdentity: { points: 40, durationSec: 5 },
  creationsPerAddress: { points: 60, durationSec: 3600 },
  strikes: 30,
  strikeWindowSec: 10,
  floodBlockSec: 30,
  exemptAddresses: [],
  denyAddressSec: 30,
};
