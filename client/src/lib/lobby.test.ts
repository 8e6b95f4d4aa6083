import type { MyGame, Seek } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import { FakeTransport, flush } from '../test-utils/fake-game.js';
import { LobbyModel, SUBSCRIBE_RETRY_MS, ownSeekLink } from './lobby.svelte.js';

const seek = (id: string, visibility: 'public' | 'private' = 'public'): Seek => ({
  id,
  variant: 'italian',
  timeControl: { kind: 'none' },
  color: 'random',
  visibility,
  creator: { id: 'p1', name: 'Ann' },
  createdAt: 0,
  ...(visibility === 'private' ? { inviteCode: 'CODE1' } : {}),
});

describe('LobbyModel', () => {
  it('keeps the seek and game lists in step with lobby events', () => {
    const lobby = new LobbyModel(new FakeTransport().request);
    lobby.seekAdded(seek('s1'));
    lobby.seekAdded(seek('s1'));
    lobby.seekAdded(seek('s2'));
    lobby.seekRemoved('s1');
    expect(lobby.seeks.map((s) => s.id)).toEqual(['s2']);
    const g = { id: 'g1', variant: 'italian' as const, timeControl: { kind: 'none' as const }, white: 'A', black: 'B', turn: 1, spectators: 0 };
    lobby.gameAdded(g);
    lobby.gameUpdated({ ...g, turn: 4 });
    expect(lobby.games).toEqual([{ ...g, turn: 4 }]);
    // an older update, delayed between server nodes, changes nothing; the spectator count of the same turn does
    lobby.gameUpdated({ ...g, turn: 3 });
    expect(lobby.games).toEqual([{ ...g, turn: 4 }]);
    lobby.gameUpdated({ ...g, turn: 4, spectators: 2 });
    expect(lobby.games).toEqual([{ ...g, turn: 4, spectators: 2 }]);
    // a takeback goes back in turns: its update is newer, and the turn before it is older again
    lobby.gameUpdated({ ...g, turn: 2, takebacks: 1 });
    expect(lobby.games).toEqual([{ ...g, turn: 2, takebacks: 1 }]);
    lobby.gameUpdated({ ...g, turn: 4, spectators: 2 });
    expect(lobby.games).toEqual([{ ...g, turn: 2, takebacks: 1 }]);
    lobby.gameRemoved('g1');
    expect(lobby.games).toEqual([]);
    // nor does a late update bring back a game that ended
    lobby.gameUpdated({ ...g, turn: 5 });
    expect(lobby.games).toEqual([]);
  });

  it('keeps my invitation with its link among my open seeks, and forgets it when cancelled', async () => {
    const transport = new FakeTransport();
    transport.answers.set('seek:create', [{ ok: true, seek: seek('s9', 'private') }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.create({ variant: 'italian', timeControl: { kind: 'none' }, color: 'random', visibility: 'private' });
    expect(lobby.mine).toEqual([{ seek: seek('s9', 'private') }]);
    // the lobby then shows it where the player is (MySeeks' reveal)
    expect(lobby.justCreated).toBe('s9');
    expect(ownSeekLink(lobby.mine[0]!, 'https://x.test')).toBe('https://x.test/invite/CODE1');
    expect(ownSeekLink({ seek: seek('s9', 'private'), inviteUrl: 'https://chess.example/invite/CODE1' }, 'https://x.test')).toBe(
      'https://chess.example/invite/CODE1',
    );
    expect(ownSeekLink({ seek: seek('s1') }, 'https://x.test')).toBeNull();
    expect(lobby.seeks).toEqual([]);
    await lobby.cancel('s9');
    await flush();
    expect(lobby.mine).toEqual([]);
    expect(transport.sent.at(-1)).toEqual({ event: 'seek:cancel', payload: { seekId: 's9' } });
  });

  it('gets my open seeks from the server on subscribe and keeps them in step with lobby:mySeeks', async () => {
    const transport = new FakeTransport();
    const inv = { seek: seek('s1', 'private') };
    const pub = { seek: { ...seek('s2'), creator: { id: 'me', name: 'Me' } } };
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [pub.seek], games: [], mine: [inv, pub] }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.subscribe();
    expect(lobby.mine).toEqual([inv, pub]);
    lobby.mySeeks([inv]);
    expect(lobby.mine).toEqual([inv]);
    lobby.mySeeks([inv, pub]);
    lobby.seekRemoved('s2');
    expect(lobby.mine).toEqual([inv]);
    // a seek already gone when cancelled leaves the list without an error
    transport.answers.set('seek:cancel', [{ ok: false, code: 'unknown-seek', message: 'the seek is gone' }]);
    await lobby.cancel('s1');
    expect(lobby.mine).toEqual([]);
    expect(lobby.error).toBeNull();
  });

  it('writes refusals as sentences; too many seeks points to my open seeks; a refused accept stays by the list', async () => {
    const transport = new FakeTransport();
    transport.answers.set('seek:create', [{ ok: false, code: 'too-many-seeks', message: 'at most 3 open seeks per player' }]);
    transport.answers.set('seek:accept', [{ ok: false, code: 'account-required', message: 'this seek is for players with an account' }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.create({ variant: 'italian', timeControl: { kind: 'none' }, color: 'random', visibility: 'private' });
    expect(lobby.error).toBe('At most 3 open seeks per player. Cancel one of yours under “Your open games and invitations”.');
    expect(await lobby.accept('s1')).toBeNull();
    expect(lobby.acceptError).toBe('This seek is for players with an account.');
    expect(lobby.error).toMatch(/^At most 3/);
  });

  it('quick pairing accepts a matching seek or opens one', async () => {
    const transport = new FakeTransport();
    const lobby = new LobbyModel(transport.request);
    const fischer = { kind: 'fischer', initial: 300, increment: 3 } as const;
    const mine = { ...seek('s1'), variant: 'scottish' as const, timeControl: fischer, creator: { id: 'me', name: 'Me' } };
    const theirs = { ...seek('s2'), variant: 'scottish' as const, timeControl: fischer };
    lobby.seekAdded(mine);
    // My own seek does not pair me with myself; another player's matching one does.
    transport.answers.set('seek:create', [{ ok: true, seek: mine }]);
    expect(await lobby.quickPair('scottish', fischer, 'me')).toBeNull();
    expect(lobby.justCreated).toBe('s1');
    expect(transport.sent.at(-1)).toEqual({ event: 'seek:create', payload: { variant: 'scottish', timeControl: fischer, color: 'random', visibility: 'public' } });
    lobby.seekAdded(theirs);
    transport.answers.set('seek:accept', [{ ok: true, gameId: 'g9' }]);
    expect(await lobby.quickPair('scottish', fischer, 'me')).toBe('g9');
    expect(transport.sent.at(-1)).toEqual({ event: 'seek:accept', payload: { seekId: 's2' } });
    // A different control does not match.
    const before = transport.sent.length;
    transport.answers.set('seek:create', [{ ok: true, seek: { ...mine, id: 's3' } }]);
    await lobby.quickPair('scottish', { kind: 'fischer', initial: 180, increment: 2 }, 'me');
    expect(transport.sent[before]?.event).toBe('seek:create');
  });

  it('sends one seek per click even when clicked again while creating', async () => {
    const transport = new FakeTransport();
    transport.answers.set('seek:create', [{ ok: true, seek: seek('s1') }]);
    const lobby = new LobbyModel(transport.request);
    const req = { variant: 'italian', timeControl: { kind: 'none' }, color: 'random', visibility: 'public' } as const;
    await Promise.all([lobby.create(req), lobby.create(req)]);
    expect(transport.sent.filter((s) => s.event === 'seek:create')).toHaveLength(1);
  });

  it('keeps a seek added, and drops one removed, while the subscribe was in flight (the ack may be older than the events)', async () => {
    const transport = new FakeTransport();
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [seek('s1')], games: [], mine: [], myGames: [], challenges: [] }]);
    const lobby = new LobbyModel(transport.request);
    const subscribed = lobby.subscribe();
    // the events come before the ack, whose listing was read before them
    lobby.seekAdded(seek('s2'));
    lobby.seekRemoved('s1');
    await subscribed;
    expect(lobby.seeks).toEqual([seek('s2')]);
    // once subscribed, events apply once
    lobby.seekAdded(seek('s3'));
    expect(lobby.seeks).toEqual([seek('s2'), seek('s3')]);
  });

  it('subscribes again after a rate-limited subscribe (the listing would stay empty), and not once the page has left', async () => {
    vi.useFakeTimers();
    try {
      const transport = new FakeTransport();
      const listing = { ok: true as const, seeks: [seek('s1')], games: [], mine: [], myGames: [], challenges: [] };
      const limited = { ok: false as const, code: 'rate-limited' as const, message: 'too many requests' };
      transport.answers.set('lobby:subscribe', [limited, listing]);
      const lobby = new LobbyModel(transport.request);
      await lobby.subscribe();
      expect(lobby.seeks).toEqual([]);
      expect(lobby.error).not.toBeNull();
      await vi.advanceTimersByTimeAsync(SUBSCRIBE_RETRY_MS);
      expect(lobby.seeks).toEqual([seek('s1')]);
      expect(lobby.error).toBeNull();

      transport.answers.set('lobby:subscribe', [limited, listing]);
      await lobby.subscribe();
      await lobby.unsubscribe();
      await vi.advanceTimersByTimeAsync(10 * SUBSCRIBE_RETRY_MS);
      expect(transport.sent.filter((s) => s.event === 'lobby:subscribe')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes an ack of an older server without mine and myGames: empty lists, the games still listed', async () => {
    const transport = new FakeTransport();
    const g = { id: 'g1', variant: 'italian' as const, timeControl: { kind: 'none' as const }, white: 'A', black: 'B', turn: 1, spectators: 0 };
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [seek('s1')], games: [g] }, { ok: true }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.subscribe();
    expect([lobby.seeks, lobby.games, lobby.mine, lobby.myGames]).toEqual([[seek('s1')], [g], [], []]);
    expect(lobby.error).toBeNull();
    await lobby.subscribe();
    expect([lobby.seeks, lobby.games, lobby.mine, lobby.myGames]).toEqual([[], [], [], []]);
    // An older server does not know lobby:myGames: the list stays as it was.
    transport.answers.set('lobby:myGames', [{ ok: false, code: 'unknown-event', message: 'unknown event lobby:myGames' }]);
    await lobby.refreshMyGames();
    expect(lobby.myGames).toEqual([]);
  });

  it('lists my games in progress, my turn first, the server alone says whose turn it is, and refreshes on request', async () => {
    const transport = new FakeTransport();
    const game = (id: string, yourTurn: boolean, over: Partial<MyGame> = {}): MyGame => ({
      id, variant: 'scottish', timeControl: { kind: 'correspondence', daysPerTurn: 3 }, color: 'white', opponent: 'Bob', turn: yourTurn ? 1 : 2, yourTurn,
      deadline: null, createdAt: 1, ...over,
    });
    const pub = game('g1', false);
    const inv = game('g2', true, { private: true, opponent: 'Carol' });
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [], games: [], mine: [], myGames: [pub, inv] }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.subscribe();
    expect(lobby.myGames).toEqual([inv, pub]);
    // Bob moved in the public game: the lobby feed's summary changes nothing in my list, the server's push does.
    const summary = { id: 'g1', variant: 'scottish' as const, timeControl: pub.timeControl, white: 'Me', black: 'Bob', turn: 3, spectators: 0 };
    lobby.gameUpdated(summary);
    expect(lobby.myGames).toEqual([inv, pub]);
    lobby.myGameUpdated(game('g1', true, { turn: 3 }));
    expect(lobby.myGames.map((g) => [g.id, g.yourTurn, g.turn])).toEqual([['g2', true, 1], ['g1', true, 3]]);
    lobby.gameRemoved('g1');
    expect(lobby.myGames).toEqual([inv]);
    transport.answers.set('lobby:myGames', [{ ok: true, myGames: [inv, game('g3', true, { bot: true, opponent: 'Computer (level 1)' })] }]);
    await lobby.refreshMyGames();
    expect(transport.sent.at(-1)).toEqual({ event: 'lobby:myGames', payload: {} });
    expect(lobby.myGames.map((g) => g.id)).toEqual(['g2', 'g3']);
  });

  it('follows the pushes of my games without asking: a start is added, a turn change replaces its entry, an end removes it; late updates change nothing', async () => {
    const transport = new FakeTransport();
    const game = (id: string, turn: number, over: Partial<MyGame> = {}): MyGame => ({
      id, variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', opponent: 'Bob', turn, yourTurn: turn % 2 === 1, private: true,
      deadline: null, createdAt: 1, ...over,
    });
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [], games: [], mine: [], myGames: [game('g1', 2)] }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.subscribe();
    lobby.myGameUpdated(game('g2', 1, { opponent: 'Carol' })); // a game started: my turn, first
    expect(lobby.myGames.map((g) => [g.id, g.turn, g.yourTurn])).toEqual([['g2', 1, true], ['g1', 2, false]]);
    lobby.myGameUpdated(game('g1', 3)); // a private game's turn came to me
    lobby.myGameUpdated(game('g2', 2, { opponent: 'Carol' }));
    expect(lobby.myGames.map((g) => [g.id, g.turn, g.yourTurn])).toEqual([['g1', 3, true], ['g2', 2, false]]);
    lobby.myGameUpdated(game('g1', 2)); // an older update, delayed: ignored
    expect(lobby.myGames.find((g) => g.id === 'g1')?.turn).toBe(3);
    lobby.myGameUpdated(game('g1', 1, { takebacks: 1, yourTurn: true })); // taken back: newer
    expect(lobby.myGames.find((g) => g.id === 'g1')?.turn).toBe(1);
    lobby.myGameUpdated(game('g1', 3)); // from before the takeback: ignored
    expect(lobby.myGames.find((g) => g.id === 'g1')?.turn).toBe(1);
    lobby.myGameUpdated(game('g1', 3, { takebacks: 1 })); // played on after it
    lobby.gameUpdated({ id: 'g1', variant: 'scottish', timeControl: { kind: 'none' }, white: 'Me', black: 'Bob', turn: 2, spectators: 0 });
    expect(lobby.myGames.find((g) => g.id === 'g1')?.turn).toBe(3);
    lobby.myGameRemoved('g2');
    lobby.myGameUpdated(game('g2', 3, { opponent: 'Carol' })); // late, after its end
    expect(lobby.myGames.map((g) => g.id)).toEqual(['g1']);
    expect(transport.sent.map((x) => x.event)).toEqual(['lobby:subscribe']); // no request for any of it
  });

  it('keeps my games in the server\'s order after each push (shared byUrgency): my turn, then the nearest deadline, then the newest', async () => {
    const transport = new FakeTransport();
    const game = (id: string, yourTurn: boolean, deadline: number | null, createdAt: number): MyGame => ({
      id, variant: 'scottish', timeControl: { kind: 'fischer', initial: 60, increment: 0 }, color: 'white', opponent: 'Bob', turn: 1, yourTurn, deadline, createdAt,
    });
    const [a, b, c] = [game('a', true, null, 3), game('b', false, 500, 1), game('c', false, null, 2)];
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [], games: [], mine: [], myGames: [a, b, c] }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.subscribe();
    lobby.myGameUpdated(game('d', true, 100, 4)); // my turn, with a deadline: before a, which has none
    lobby.myGameUpdated(game('e', false, null, 5)); // the newest of the games without a deadline
    lobby.myGameUpdated(game('f', false, 200, 0)); // before b: its deadline is nearer
    expect(lobby.myGames.map((g) => g.id)).toEqual(['d', 'a', 'f', 'b', 'e', 'c']);
  });

  it('counts the players online', async () => {
    const transport = new FakeTransport();
    transport.answers.set('lobby:online', [{ ok: true, players: 7 }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.countOnline();
    expect(lobby.online).toBe(7);
  });
});

