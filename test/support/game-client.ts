import type {
  Ack,
  AckData,
  ClientEventName,
  ClientPayload,
  ClientToServerEvents,
  CommandAck,
  GameEvent,
  ServerToClientEvents,
  HandshakeAuth,
  SessionEvent,
  TimeControl,
  VariantId,
} from '@progressive-chess/shared';
import { io, type ManagerOptions, type Socket } from 'socket.io-client';

/**
 * A typed socket.io-client for tests and benchmarks: connect as a (new or known) player,
 * send acknowledged requests, set up games through a private seek, and wait for events.
 */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Client {
  readonly socket: ClientSocket;
  readonly session: SessionEvent;
  /** Every `game:event` received, in arrival order. */
  readonly events: GameEvent[];
  close(): void;
}

/**
 * Connects over WebSocket only (as the web client does) and waits for the `session` event; a refused
 * handshake rejects with the `connect_error` (its `data.code`). `cookie`: a Cookie header for the
 * handshake (an account's session); `parser`: another Socket.IO parser (bench:arena's). The one socket client of the tests: server/test/helpers.ts's
 * `Client` is this one with an event recorder and a cleanup after each test.
 */
export async function connectClient(
  url: string,
  auth: HandshakeAuth = {},
  opts: { cookie?: string; parser?: ManagerOptions['parser'] } = {},
): Promise<Client> {
  const headers = opts.cookie === undefined ? {} : { extraHeaders: { cookie: opts.cookie } };
  const parser = opts.parser === undefined ? {} : { parser: opts.parser };
  const socket: ClientSocket = io(url, { transports: ['websocket'], auth, forceNew: true, reconnection: false, ...headers, ...parser });
  const events: GameEvent[] = [];
  socket.on('game:event', (e) => events.push(e));
  const session = await new Promise<SessionEvent>((resolve, reject) => {
    const failed = (e: Error): void => {
      clearTimeout(timer);
      socket.disconnect();
      reject(e);
    };
    const timer = setTimeout(() => failed(new Error(`no session from ${url}`)), 10_000);
    socket.once('session', (s) => {
      clearTimeout(timer);
      resolve(s);
    });
    socket.once('connect_error', failed);
  });
  return { socket, session, events, close: () => socket.disconnect() };
}

/**
 * Emits a request and resolves with its ack (rejects on timeout). As the web client does, the
 * event a game command's ack carries (this connection gets no `game:event` for it) is handed to
 * the socket's own `game:event` listeners before the ack resolves.
 */
export async function request<E extends ClientEventName>(
  socket: ClientSocket,
  event: E,
  payload: ClientPayload<E>,
  timeoutMs = 10_000,
): Promise<Ack<AckData[E]>> {
  // socket.io's emitWithAck typing does not resolve for a generic event name: typed by hand here.
  const timed = socket.timeout(timeoutMs);
  const emit = timed.emitWithAck as unknown as (e: E, p: ClientPayload<E>) => Promise<Ack<AckData[E]>>;
  const res = await emit.call(timed, event, payload);
  const ack = res as Ack<Partial<CommandAck>>;
  const gameId = (payload as { gameId?: unknown }).gameId;
  if (ack.ok && ack.event && ack.version !== undefined && typeof gameId === 'string') {
    const e: GameEvent = { gameId, version: ack.version, event: ack.event };
    for (const listener of socket.listeners('game:event')) listener(e);
  }
  return res;
}

/** Like `request` but throws unless the ack is ok, returning its data. */
export async function call<E extends ClientEventName>(
  socket: ClientSocket,
  event: E,
  payload: ClientPayload<E>,
  timeoutMs = 10_000,
): Promise<{ ok: true } & AckData[E]> {
  const r = await request(socket, event, payload, timeoutMs);
  if (!r.ok) throw new Error(`${event} failed: ${r.code} ${r.message}`);
  return r;
}

/** White creates a private seek, Black accepts it by code; both receive `game:start`. Returns the game id. */
export async function startGame(
  white: Client,
  black: Client,
  opts: { variant?: VariantId; timeControl?: TimeControl } = {},
): Promise<string> {
  const started = Promise.all([white, black].map((c) => waitFor(c.socket, 'game:start', () => true)));
  const { seek } = await call(white.socket, 'seek:create', {
    variant: opts.variant ?? 'scottish',
    timeControl: opts.timeControl ?? { kind: 'none' },
    color: 'white',
    visibility: 'private',
  });
  if (!seek.inviteCode) throw new Error('private seek without invite code');
  const { gameId } = await call(black.socket, 'seek:accept', { code: seek.inviteCode });
  await started;
  return gameId;
}

/** Resolves with the first `event` whose payload satisfies `match`. */
export function waitFor<K extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: K,
  match: (...args: Parameters<ServerToClientEvents[K]>) => boolean,
  timeoutMs = 10_000,
): Promise<Parameters<ServerToClientEvents[K]>> {
  return new Promise((resolve, reject) => {
    const listener = ((...args: Parameters<ServerToClientEvents[K]>) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(args);
    }) as ServerToClientEvents[K];
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`timed out waiting for ${String(event)}`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}

/** Waits until the client has seen a `game:event` of that game at or past `version`. */
export async function waitForVersion(c: Client, gameId: string, version: number, timeoutMs = 10_000): Promise<void> {
  if (c.events.some((e) => e.gameId === gameId && e.version >= version)) return;
  await waitFor(c.socket, 'game:event', (e) => e.gameId === gameId && e.version >= version, timeoutMs);
}
