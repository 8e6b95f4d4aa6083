import type { Seek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { FakeTransport, flush } from '../test-utils/fake-game.js';
import { LobbyModel } from './lobby.svelte.js';

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

  it('shows the invitation link of a private seek, and forgets it when cancelled', async () => {
    const transport = new FakeTransport();
    transport.answers.set('seek:create', [{ ok: true, seek: seek('s9', 'private') }]);
    const lobby = new LobbyModel(transport.request);
    await lobby.create({ variant: 'italian', timeControl: { kind: 'none' }, color: 'random', visibility: 'private' }, 'https://x.test');
    expect(lobby.invite?.url).toBe('https://x.test/invite/CODE1');
    expect(lobby.seeks).toEqual([]);
    await lobby.cancel('s9');
    await flush();
    expect(lobby.invite).toBeNull();
    expect(transport.sent.at(-1)).toEqual({ event: 'seek:cancel', payload: { seekId: 's9' } });
  });
});
