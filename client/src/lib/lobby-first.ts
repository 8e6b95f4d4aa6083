import type { LobbyListing, SessionEvent } from '@progressive-chess/shared';
import { matchRoute } from './router.svelte.js';

/** What this needs of the socket (socket.ts adapts socket.io's). */
export interface ListingSocket {
  onSession(fn: (s: SessionEvent) => void): void;
  onConnectError(fn: () => void): void;
  /** Every event received, before its listeners are called. */
  onAny(fn: (event: string, args: unknown[]) => void): void;
  listeners(event: string): readonly ((...args: unknown[]) => void)[];
}

/** The listing sent with the connection, and the lobby's events that came before anyone listened. */
export interface FirstListing {
  readonly listing: LobbyListing;
  /** Delivers the held events to their listeners now, in order (after the listing is shown). */
  replay(): void;
}

/** Events of the lobby's listing (and of the challenges it carries), held while no one listens yet. */
const held = (event: string): boolean => event.startsWith('lobby:') || event.startsWith('challenge:');

/**
 * The lobby's listing with the first connection (README *Identity*, `auth.lobby`): a page opened on
 * the lobby asks for it in the handshake, and the lobby page takes it instead of sending
 * `lobby:subscribe`: one round trip less on a first visit (bench:client). The lobby's events that
 * arrive before the lobby page listens are held and delivered to it once it has the listing. A
 * server that does not send it (an older one), or a connection that fails: the page subscribes.
 */
export function firstListing(path: string): {
  /** Whether the handshake asks for the listing (until a first `session` came). */
  ask(): boolean;
  attach(socket: ListingSocket): void;
  /** The listing, once (the first lobby page's subscribe); null: subscribe instead. */
  claim(): Promise<FirstListing | null> | null;
} {
  const asked = matchRoute(path).page === 'lobby';
  let waiting = asked;
  let claimed = false;
  const events: [string, unknown[]][] = [];
  let socket: ListingSocket | null = null;
  let settle: (listing: LobbyListing | null) => void = () => undefined;
  const arrived = new Promise<LobbyListing | null>((resolve) => {
    settle = resolve;
  });
  const done = (listing: LobbyListing | null): void => {
    waiting = false;
    settle(listing);
  };
  return {
    ask: () => waiting,
    attach(s) {
      socket = s;
      if (!asked) return;
      s.onSession((session) => done(session.lobby ?? null));
      s.onConnectError(() => done(null));
      s.onAny((event, args) => {
        if (!claimed && held(event) && s.listeners(event).length === 0) events.push([event, args]);
      });
    },
    claim() {
      if (!asked || claimed || socket === null) return null;
      claimed = true;
      const s = socket;
      const replay = (): void => {
        for (const [event, args] of events.splice(0)) for (const fn of s.listeners(event)) fn(...args);
      };
      return arrived.then((listing) => (listing === null ? null : { listing, replay }));
    },
  };
}
