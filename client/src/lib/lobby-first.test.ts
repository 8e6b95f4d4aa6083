import type { LobbyListing, Seek, SessionEvent } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { FakeTransport } from '../test-utils/fake-game.js';
import { firstListing, type ListingSocket } from './lobby-first.js';
import { LobbyModel } from './lobby.svelte.js';

const seek = (id: string): Seek => ({
  id,
  variant: 'italian',
  timeControl: { kind: 'none' },
  color: 'random',
  visibility: 'public',
  creator: { id: 'p1', name: 'Ann' },
  createdAt: 0,
});
const listing = (seeks: Seek[]): LobbyListing => ({ seeks, games: [], mine: [], myGames: [], challenges: [] });
const SESSION = { playerId: 'me', token: 't', name: 'Me' };

/** A socket that delivers what the test says, as socket.io does: onAny first, then the listeners. */
class FakeSocket implements ListingSocket {
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private any: (event: string, args: unknown[]) => void = () => undefined;
  onSession(fn: (s: SessionEvent) => void): void {
    this.on('session', (s) => fn(s as SessionEvent));
  }
  onConnectError(fn: () => void): void {
    this.on('connect_error', fn);
  }
  onAny(fn: (event: string, args: unknown[]) => void): void {
    this.any = fn;
  }
  listeners(event: string): readonly ((...args: unknown[]) => void)[] {
    return this.handlers.get(event) ?? [];
  }
  on(event: string, fn: (...args: unknown[]) => void): () => void {
    this.handlers.set(event, [...this.listeners(event), fn]);
    return () => this.handlers.set(event, this.listeners(event).filter((f) => f !== fn));
  }
  receive(event: string, ...args: unknown[]): void {
    if (event !== 'session' && event !== 'connect_error') this.any(event, args);
    for (const fn of this.listeners(event)) fn(...args);
  }
}

/** A lobby page's model and listeners on `socket` (LobbyPage: listeners first, then subscribe). */
function lobbyPage(socket: FakeSocket, claim: () => ReturnType<ReturnType<typeof firstListing>['claim']>): { lobby: LobbyModel; transport: FakeTransport; subscribed: Promise<void> } {
  const transport = new FakeTransport();
  const lobby = new LobbyModel(transport.request, null, claim);
  socket.on('lobby:seekAdded', (s) => lobby.seekAdded(s as Seek));
  socket.on('lobby:seekRemoved', (p) => lobby.seekRemoved((p as { seekId: string }).seekId));
  return { lobby, transport, subscribed: lobby.subscribe() };
}

describe('the lobby listing with the first connection', () => {
  it('is asked for on the lobby only, until a session came', () => {
    expect(firstListing('/game/abc').ask()).toBe(false);
    const first = firstListing('/');
    const socket = new FakeSocket();
    first.attach(socket);
    expect(first.ask()).toBe(true);
    socket.receive('session', { ...SESSION, lobby: listing([]) });
    expect(first.ask()).toBe(false);
  });

  it("the lobby page takes it instead of subscribing, with the lobby's events that came before it listened", async () => {
    const first = firstListing('/');
    const socket = new FakeSocket();
    first.attach(socket);
    socket.receive('session', { ...SESSION, lobby: listing([seek('s1'), seek('s2')]) });
    socket.receive('lobby:seekAdded', seek('s3'));
    socket.receive('lobby:seekRemoved', { seekId: 's1' });
    const { lobby, transport, subscribed } = lobbyPage(socket, () => first.claim());
    await subscribed;
    expect(transport.sent.map((s) => s.event)).toEqual([]);
    expect(lobby.seeks.map((s) => s.id)).toEqual(['s2', 's3']);
    // once only: a later subscribe (a reconnection) asks the server
    expect(first.claim()).toBeNull();
  });

  it('events that come after the page listens but before the listing are applied over it', async () => {
    const first = firstListing('/');
    const socket = new FakeSocket();
    first.attach(socket);
    const { lobby, subscribed } = lobbyPage(socket, () => first.claim());
    socket.receive('lobby:seekAdded', seek('s3'));
    socket.receive('session', { ...SESSION, lobby: listing([seek('s1')]) });
    await subscribed;
    expect(lobby.seeks.map((s) => s.id)).toEqual(['s1', 's3']);
  });

  it('a session without it (an older server), or a failed connection: the page subscribes', async () => {
    for (const arrive of [(s: FakeSocket) => s.receive('session', SESSION), (s: FakeSocket) => s.receive('connect_error', new Error('x'))]) {
      const first = firstListing('/');
      const socket = new FakeSocket();
      first.attach(socket);
      const { transport, subscribed } = lobbyPage(socket, () => first.claim());
      arrive(socket);
      await subscribed;
      expect(transport.sent.map((s) => s.event)).toEqual(['lobby:subscribe']);
    }
  });

  it('not opened on the lobby: nothing held, nothing to claim', () => {
    const first = firstListing('/tv');
    const socket = new FakeSocket();
    first.attach(socket);
    expect(first.claim()).toBeNull();
  });
});
