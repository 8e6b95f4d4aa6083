import type {
  Ack,
  AckData,
  ClientEventName,
  ClientPayload,
  ClientToServerEvents,
  HandshakeAuth,
  HandshakeErrorCode,
  ServerToClientEvents,
} from '@progressive-chess/shared';
import { io, type Socket } from 'socket.io-client';
import { connection } from './connection.svelte.js';
import { firstListing, type FirstListing, type ListingSocket } from './lobby-first.js';
import { forgetName, forgetToken, savedName, savedToken, saveName, saveToken } from './storage.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Request/acknowledgement over the socket, typed by the protocol. Never rejects. */
export type RequestFn = <E extends ClientEventName>(
  event: E,
  payload: ClientPayload<E>,
) => Promise<Ack<AckData[E]>>;

const ACK_TIMEOUT_MS = 10_000;
/** What a request made while offline answers when the connection did not come back in time. */
const OFFLINE_TEXT = 'Not sent: there is no connection to the server. Try again once it is back.';
/** What a request sent just before the connection dropped answers: the server may have done it. */
const LOST_TEXT = 'The connection was lost before the server answered: the game is brought up to date when it is back.';
let socket: ClientSocket | null = null;
/** Connections made so far (the first one too): a request knows whether one came while it waited. */
let connects = 0;
const reconnectHandlers = new Set<() => void>();
/** The lobby's listing with the first connection, when the page opens on the lobby (lobby-first.ts). */
const first = firstListing(location.pathname);

/** The listing the first connection brought, for the first lobby page (null: it subscribes). */
export const claimFirstListing = (): Promise<FirstListing | null> | null => first.claim();

/** socket.io's socket as lobby-first.ts sees it (its typed API cannot take any event name). */
function listingSocket(s: ClientSocket): ListingSocket {
  const untyped = s as unknown as {
    on(ev: string, fn: (...args: never[]) => void): void;
    onAny(fn: (ev: string, ...args: unknown[]) => void): void;
    listeners(ev: string): ((...args: unknown[]) => void)[];
  };
  return {
    onSession: (fn) => untyped.on('session', fn),
    onConnectError: (fn) => untyped.on('connect_error', fn),
    onAny: (fn) => untyped.onAny((ev, ...args) => fn(ev, args)),
    listeners: (ev) => untyped.listeners(ev),
  };
}

/** The one socket of the page, created on first use. */
export function getSocket(): ClientSocket {
  if (socket) return socket;
  const s: ClientSocket = io({
    // A function, so every reconnection sends the latest token and name.
    auth: (cb) => {
      const token = savedToken();
      const name = savedName();
      const auth: HandshakeAuth = { ...(token ? { token } : {}), ...(name ? { name } : {}), ...(first.ask() ? { lobby: true } : {}) };
      cb(auth);
    },
    transports: ['websocket', 'polling'],
    // Where WebSocket is blocked (some proxies), connect over HTTP long-polling instead.
    tryAllTransports: true,
  });
  let connectedBefore = false;
  s.on('connect', () => {
    connects += 1;
    connection.status = 'online';
    if (connectedBefore) {
      connection.reconnects += 1;
      for (const handler of [...reconnectHandlers]) handler();
    }
    connectedBefore = true;
  });
  s.on('disconnect', (reason) => {
    connection.status = 'offline';
    // The server closed this socket (restart, deploy): socket.io leaves that to us.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 500);
  });
  s.on('connect_error', (e: Error & { data?: { code?: HandshakeErrorCode } }) => {
    connection.status = 'offline';
    // Refused by the server's handshake (not a network error): socket.io will not retry by itself.
    if (s.active) return;
    if (e.data?.code === 'bad-token') forgetToken();
    if (e.data?.code === 'bad-name') forgetName();
    // Over a connection limit (too many tabs, or handshakes from one address): retry much later.
    const limited = e.data?.code === 'too-many-connections' || e.data?.code === 'rate-limited';
    setTimeout(() => s.connect(), limited ? 10_000 : 1000);
  });
  s.io.on('reconnect_attempt', () => {
    connection.status = 'connecting';
  });
  s.on('session', (session) => {
    // An account's session cookie signs in without a token ('' then): keep the guest's token and
    // name (the account's name is its username), for when the player logs out again.
    if (session.token) {
      saveToken(session.token);
      saveName(session.name);
    }
    // the lobby's listing it may carry is the lobby page's (lobby-first.ts)
    const { lobby: _listing, ...own } = session;
    connection.session = own;
  });
  first.attach(listingSocket(s));
  socket = s;
  return s;
}

export const request: RequestFn = async (event, payload) => {
  const s = getSocket();
  // Emitted while disconnected, the request waits in socket.io's buffer for the connection, which
  // drops it when the ack times out: with no connection meanwhile, it was never sent.
  const offlineSince = s.connected ? null : connects;
  try {
    // socket.io's typings cannot follow a generic event name through `timeout()`; the signature
    // of `request` keeps the protocol types exact for callers.
    const timed = s.timeout(ACK_TIMEOUT_MS) as unknown as {
      emitWithAck(ev: string, p: unknown): Promise<Ack<AckData[typeof event]>>;
    };
    return await timed.emitWithAck(event, payload);
  } catch {
    // Both answered `unavailable`, as when the server's store is away: the game page's notice goes
    // once the game is read again, and the reconnection's join brings the page up to date.
    if (offlineSince === connects) return { ok: false, code: 'unavailable', message: OFFLINE_TEXT };
    // Sent, then the connection dropped: socket.io gives up the ack at once (not at the timeout).
    if (!s.connected) return { ok: false, code: 'unavailable', message: LOST_TEXT };
    return { ok: false, code: 'internal', message: 'The server did not answer in time.' };
  }
};

/** Listens to a server event; returns the function that stops listening. */
export function listen<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void {
  const s = getSocket();
  // socket.io's typed `on` cannot narrow a generic event name; the cast keeps the public signature exact.
  const on = s.on.bind(s) as (ev: string, fn: (...args: never[]) => void) => void;
  const off = s.off.bind(s) as (ev: string, fn: (...args: never[]) => void) => void;
  on(event, handler);
  return () => off(event, handler);
}

/** Called after every reconnection (not the first connection): resync what the page shows. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => reconnectHandlers.delete(handler);
}

/** Changes the display name: remembered locally and told to the server. */
export async function setName(name: string): Promise<Ack<AckData['session:setName']>> {
  saveName(name);
  const res = await request('session:setName', { name });
  if (res.ok && connection.session) connection.session = { ...connection.session, name: res.name };
  return res;
}

/** Opens the connection again (after signing in or out: the handshake reads the session cookie). */
export function reconnect(): void {
  const s = getSocket();
  s.disconnect();
  s.connect();
}
