import type { Server as NetServer, Socket } from 'node:net';
import { addressKey } from './address-key.js';
import { ExpiringKeys } from './expiring-keys.js';
import { Slots } from './slots.js';

/**
 * A per-node deny list of client addresses, checked on the raw TCP connection before the HTTP
 * server sees it: a connection from a denied address is reset at once (no HTTP parsing, no response,
 * never reaches engine.io or the app), which makes refusing a repeat offender nearly free. The
 * abuse limits deny an address when it exceeds its handshake budget or one of its connections is
 * disconnected for flooding; a denial ends `denySec` after it was made (denying again restarts it).
 *
 * It also caps the TCP connections open at once per address (`maxConnectionsPerAddress`): idle
 * connections cost a descriptor each, and nothing else counted them.
 *
 * Only meaningful when the TCP peer is the client: behind a reverse proxy every connection comes
 * from the proxy, so the gate is created disabled there (`denySec` 0).
 */
export interface AddressGate {
  /** Refuse new connections from `address` (an `addressKey`: an IPv6 /64 as a whole) for the configured time (nothing when disabled). */
  deny(address: string): void;
  denied(address: string | undefined): boolean;
  /** Puts the check in front of the server's own `connection` listeners (HTTP's parser among them). */
  attach(server: NetServer): void;
}

export interface AddressGateOptions {
  readonly denySec: number;
  readonly now?: () => number;
  /**
   * Open TCP connections per address (idle ones included: a connection that never sends a request
   * holds a descriptor until the HTTP server's header timeout); one more is reset at once.
   */
  readonly maxConnectionsPerAddress?: number;
  /** Addresses neither denied nor capped (`exemptAddresses` of the abuse limits). */
  readonly exempt?: readonly string[];
}

export function createAddressGate(o: AddressGateOptions): AddressGate {
  // at most 100,000 addresses; a sweep of the expired ones runs past 10,000
  const until = new ExpiringKeys({ sweepAt: 10_000, max: 100_000, now: o.now ?? Date.now });
  const enabled = o.denySec > 0;
  const exempt = new Set((o.exempt ?? []).map(addressKey));
  const open = new OpenConnections(o.maxConnectionsPerAddress ?? Infinity);
  const denied = (address: string | undefined): boolean => until.has(address);

  return {
    denied,
    deny(address) {
      if (enabled) until.add(address, o.denySec * 1000);
    },
    attach(server) {
      if (!enabled) return;
      const inner = server.listeners('connection') as ((this: NetServer, socket: Socket) => void)[];
      server.removeAllListeners('connection');
      server.on('connection', function gate(this: NetServer, socket: Socket) {
        const key = socket.remoteAddress === undefined ? undefined : addressKey(socket.remoteAddress);
        if (denied(key) || (key !== undefined && !exempt.has(key) && !open.take(key, socket))) {
          socket.resetAndDestroy();
          return;
        }
        for (const listener of inner) listener.call(this, socket);
      });
    },
  };
}

/** Open TCP connections per address key (`Slots`), each given back when its socket closes. */
class OpenConnections {
  private readonly slots: Slots;
  constructor(max: number) {
    this.slots = new Slots(max);
  }

  /** Counts `socket` under `key` until it closes; false (not counted) when the key is at the cap. */
  take(key: string, socket: Pick<Socket, 'once'>): boolean {
    if (!this.slots.take(key)) return false;
    socket.once('close', () => this.slots.give(key));
    return true;
  }
}
