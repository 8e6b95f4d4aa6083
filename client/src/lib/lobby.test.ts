import type { Seek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { FakeTransport, flush } from '../test-utils/fake-game.js';
import { LobbyModel, ownSeekLink } from './lobby.svelte.js';

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
    lobby.gameRemoved('g1');
    expect(lobby.games).toEqual([]);
  });

  it('keeps my invitation with its link among my open seeks, and forgets it when cancelled', async () => {
    const transport = new FakeTransport();
    transport.answers.set('seek:create', [{ ok: true, seek: seek('s9', 'private') }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.create({ variant: 'italian', timeControl: { kind: 'none' }, color: 'random', visibility: 'private' });
    expect(lobby.mine).toEqual([{ seek: seek('s9', 'private') }]);
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

  it('counts the players online', async () => {
    const transport = new FakeTransport();
    transport.answers.set('lobby:online', [{ ok: true, players: 7 }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.countOnline();
    expect(lobby.online).toBe(7);
  });
});

