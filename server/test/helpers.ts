import type { AckData, ClientEventName, ClientPayload, HandshakeAuth, ServerToClientEvents, SessionEvent } from '@progressive-chess/shared';
import type { Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { createApp, type App, type AppDeps } from '../src/app.js';
import type { CreateGameOptions } from '../src/services/game-service.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { connectClient, request, type ClientSocket } from '../../test/support/game-client.js';

export type AckResult<E extends ClientEventName> = { ok: true } & AckData[E] & { code?: undefined };
export type AckFailure = { ok: false; code: string; message: string };

export interface TestServer {
  readonly app: App;
  readonly url: string;
  readonly port: number;
}

/** A test clock: starts at a fixed epoch and moves only when told. */
export function manualClock(start = 1_800_000_000_000): { now: () => number; advance(ms: number): void; set(t: number): void } {
  let t = start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
    set(v) {
      t = v;
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Starts an app on an ephemeral port with the memory store; closed after the test. */
export async function startServer(deps: Partial<AppDeps> = {}): Promise<TestServer> {
  const store = deps.store ?? createMemoryStore();
  const app = createApp({ deadlineTickMs: 20, ...deps, store });
  const { port } = await app.listen(0, '127.0.0.1');
  cleanups.push(async () => {
    await app.close();
    if (!deps.store) await store.close();
  });
  return { app, port, url: `http://127.0.0.1:${port}` };
}

/**
 * A connected test client (the tests' one socket client, test/support/game-client.ts, closed after
 * the test), with typed emit-and-wait helpers and a recorder of every event it receives.
 */
export class Client {
  readonly events: { name: string; payload: unknown }[] = [];
  private waiters: { name: string; pred: (p: unknown) => boolean; resolve: (p: unknown) => void }[] = [];
  /** The same socket, untyped: raw emits of unknown events and bad payloads. */
  readonly socket: Socket;

  private constructor(
    private readonly typed: ClientSocket,
    readonly session: SessionEvent,
  ) {
    const socket = typed as unknown as Socket;
    this.socket = socket;
    socket.onAny((name: string, payload: unknown) => {
      this.events.push({ name, payload });
      this.waiters = this.waiters.filter((w) => {
        if (w.name !== name || !w.pred(payload)) return true;
        w.resolve(payload);
        return false;
      });
    });
  }

  /** `cookie`: a Cookie header for the handshake (an account's session). */
  static async connect(server: TestServer, auth: HandshakeAuth = {}, cookie?: string): Promise<Client> {
    const c = await connectClient(server.url, auth, cookie === undefined ? {} : { cookie });
    cleanups.push(async () => {
      c.close();
    });
    return new Client(c.socket, c.session);
  }

  get id(): string {
    return this.session.playerId;
  }

  /** Emits a protocol event and resolves with its ack. */
  send<E extends ClientEventName>(event: E, payload: ClientPayload<E>): Promise<AckResult<E> | AckFailure> {
    return request(this.typed, event, payload, 5000) as Promise<AckResult<E> | AckFailure>;
  }

  /** Like `send`, failing the test unless the ack is ok. */
  async ok<E extends ClientEventName>(event: E, payload: ClientPayload<E>): Promise<AckResult<E>> {
    const res = await this.send(event, payload);
    if (!res.ok) throw new Error(`${event} failed: ${res.code}: ${res.message}`);
    return res;
  }

  /**
   * Resolves once everything the server sent this connection before handling a new request has
   * arrived: a round trip on the same connection (Socket.IO keeps a connection's order). How a test
   * proves an event did NOT come: settle after the action that would have sent it was acknowledged.
   */
  async settle(): Promise<void> {
    await this.ok('lobby:online', {});
  }

  /** Raw emit (bad payloads, unknown events). */
  raw(event: string, ...args: unknown[]): Promise<AckFailure> {
    return this.socket.timeout(5000).emitWithAck(event, ...args) as Promise<AckFailure>;
  }

  /** Resolves with the next (or an already received, when `past`) event matching. */
  next<K extends keyof ServerToClientEvents>(
    name: K,
    pred: (p: Parameters<ServerToClientEvents[K]>[0]) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Parameters<ServerToClientEvents[K]>[0]> {
    type P = Parameters<ServerToClientEvents[K]>[0];
    return new Promise<P>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${name}`)), timeoutMs);
      this.waiters.push({
        name,
        pred: (p) => pred(p as P),
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p as P);
        },
      });
    });
  }

  /** Payloads of the events received so far with that name. */
  received<K extends keyof ServerToClientEvents>(name: K): Parameters<ServerToClientEvents[K]>[0][] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload as Parameters<ServerToClientEvents[K]>[0]);
  }

  close(): void {
    this.socket.disconnect();
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Creates a game between two connected clients straight through the game service. */
export async function createGame(
  server: TestServer,
  white: Client,
  black: Client,
  opts: Partial<Omit<CreateGameOptions, 'white' | 'black'>> = {},
): Promise<string> {
  return server.app.services.games.create({
    variant: 'italian',
    timeControl: { kind: 'none' },
    ...opts,
    white: { id: white.id, name: white.session.name },
    black: { id: black.id, name: black.session.name },
  });
}

/** A game test's set-up (`gameWithPlayers`). */
export interface GameSetUp {
  readonly server: TestServer;
  readonly white: Client;
  readonly black: Client;
  /** Other connections (spectators, strangers), in order. */
  readonly others: readonly Client[];
  readonly gameId: string;
}

/**
 * The usual set-up of a game test: a server (`deps`), two players and `others` more connections, a
 * game between the players made straight through the game service (`game`: variant, time control,
 * start...), joined by the players (`join: 'players'`, the default), by everyone (`'all'`) or by
 * nobody (`'none'`).
 */
export async function gameWithPlayers(
  opts: { deps?: Partial<AppDeps>; game?: Partial<Omit<CreateGameOptions, 'white' | 'black'>>; others?: number; join?: 'players' | 'all' | 'none' } = {},
): Promise<GameSetUp> {
  const server = await startServer(opts.deps);
  const [white, black, ...others] = await Promise.all(Array.from({ length: 2 + (opts.others ?? 0) }, () => Client.connect(server)));
  if (!white || !black) throw new Error('no clients');
  const gameId = await createGame(server, white, black, opts.game);
  const join = opts.join ?? 'players';
  const joining = join === 'none' ? [] : join === 'players' ? [white, black] : [white, black, ...others];
  for (const c of joining) await c.ok('game:join', { gameId });
  return { server, white, black, others, gameId };
}

/** Plays moves in order as one player, each with the version the previous ack returned. */
export async function playMoves(client: Client, gameId: string, version: number, moves: readonly string[]): Promise<number> {
  let v = version;
  for (const move of moves) v = (await client.ok('game:move', { gameId, version: v, move })).version;
  return v;
}

type Listed = Parameters<ServerToClientEvents['lobby:gameAdded']>[0];

/** Every lobby event of the games' list (`lobby:gameAdded`, `gameUpdated`, `gameRemoved`) the client got about `gameId`. */
export const lobbyEventsOf = (c: Client, gameId: string): string[] =>
  c.events
    .filter((e) => e.name.startsWith('lobby:game'))
    .filter((e) => {
      const p = e.payload as Partial<Listed> & { gameId?: string };
      return p.id === gameId || p.gameId === gameId;
    })
    .map((e) => e.name);

/**
 * Plays a hidden game and a public one side by side in the same steps (alice, bob and the spectator
 * dan join both; alice moves; bob resigns), waiting each time for `stranger`'s lobby to hear the
 * public game's (spectator count, turn, end): the lobby's events go out in order, so the hidden
 * game's would have come before. `hidden` is asserted on by the caller (`lobbyEventsOf`).
 */
export async function playSideBySide(
  players: { alice: Client; bob: Client; dan: Client; stranger: Client },
  hidden: string,
  pub: string,
): Promise<void> {
  const { alice, bob, dan, stranger } = players;
  const watched = stranger.next('lobby:gameUpdated', (g) => g.id === pub && g.spectators === 1);
  for (const id of [hidden, pub]) {
    await alice.ok('game:join', { gameId: id });
    await bob.ok('game:join', { gameId: id });
    await dan.ok('game:join', { gameId: id });
  }
  await watched;
  const turned = stranger.next('lobby:gameUpdated', (g) => g.id === pub && g.turn === 2);
  for (const id of [hidden, pub]) await alice.ok('game:move', { gameId: id, version: 1, move: 'e2e4' });
  await turned;
  const ended = stranger.next('lobby:gameRemoved', (g) => g.gameId === pub);
  for (const id of [hidden, pub]) await bob.ok('game:resign', { gameId: id });
  await ended;
}
