import type { Seek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { FakeTransport } from '../test-utils/fake-game.js';
import { ChallengesModel, challengeText } from './challenges.svelte.js';
import { LobbyModel } from './lobby.svelte.js';

const challenge = (id: string, color: Seek['color'] = 'white'): Seek => ({
  id,
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 300, increment: 3 },
  color,
  visibility: 'private',
  creator: { id: 'pa', name: 'Alice' },
  createdAt: 0,
  opponent: { id: 'pb', name: 'Bob' },
});

describe('challenges to me', () => {
  it('reads as the lobby lists it: who, variant, time control and my colour', () => {
    expect(challengeText(challenge('c1'))).toBe('Alice challenges you: Scottish progressive, 5+3 (you play Black)');
    expect(challengeText(challenge('c1', 'random'))).toBe('Alice challenges you: Scottish progressive, 5+3 (you play a random colour)');
  });

  it("follow the lobby's list, then what the server pushes; a decline sends seek:decline and drops it", async () => {
    const transport = new FakeTransport();
    const model = new ChallengesModel();
    transport.answers.set('lobby:subscribe', [{ ok: true, seeks: [], games: [], mine: [], myGames: [], challenges: [challenge('c1')] }]);
    await new LobbyModel(transport.request, model).subscribe();
    expect(model.incoming.map((s) => s.id)).toEqual(['c1']);
    model.received(challenge('c2'));
    model.received(challenge('c2'));
    model.removed('c1');
    expect(model.incoming.map((s) => s.id)).toEqual(['c2']);
    transport.answers.set('seek:decline', [{ ok: false, code: 'not-for-you', message: 'this challenge is addressed to another player' }]);
    await model.decline(transport.request, 'c2');
    expect(model.incoming.map((s) => s.id)).toEqual(['c2']);
    expect(model.error).toBe('This challenge is addressed to another player.');
    transport.answers.set('seek:decline', [{ ok: true }]);
    await model.decline(transport.request, 'c2');
    expect(model.incoming).toEqual([]);
    expect(transport.sent.filter((s) => s.event === 'seek:decline').map((s) => s.payload)).toEqual([{ seekId: 'c2' }, { seekId: 'c2' }]);
    model.declinedBy('Bob');
    expect(model.declined).toBe('Bob declined your challenge.');
  });
});
