import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FOLLOWED_LIMIT, followTrigger, seekTriggers, subscribeGameTriggers, type TriggerDeps } from '../../src/notify/lifecycle-triggers.js';
import type { NewNotification } from '../../src/notify/notifications-repo.js';
import { GameLifecycle } from '../../src/services/game-lifecycle.js';
import { sharedLimiter } from '../../src/transport/shared-limiter.js';
import { testDoc } from '../doc-fixture.js';
import type { Seek } from '@progressive-chess/shared';

const CORRESPONDENCE = { kind: 'correspondence', daysPerTurn: 3 } as const;

function setUp(followers: Record<string, string[]> = {}) {
  const sent: NewNotification[] = [];
  const work = new Set<Promise<void>>();
  const deps: TriggerDeps = {
    triggers: { notify: (n) => void sent.push(n), track: (p) => void work.add(p) },
    followersOf: async (id) => followers[id] ?? [],
    followedLimit: sharedLimiter(FOLLOWED_LIMIT, 'test-followed', null),
  };
  const lifecycle = new GameLifecycle(pino({ level: 'silent' }));
  const unsubscribe = subscribeGameTriggers(lifecycle, deps);
  /** The fan-outs to followers done. */
  const drained = () => Promise.all(work);
  return { sent, deps, lifecycle, unsubscribe, drained };
}

const brief = (sent: readonly NewNotification[]) => sent.map((n) => `${n.kind}>${n.playerId}`);

describe('notification triggers on the game lifecycle', () => {
  it("a correspondence game's start and turns tell the person to move; an end tells each person; a rematch offer the other player", () => {
    const { sent, lifecycle } = setUp();
    const doc = testDoc({ timeControl: CORRESPONDENCE, private: true });
    lifecycle.emit({ type: 'started', doc, version: 1 });
    const black = { ...doc, turn: 2 };
    lifecycle.emit({ type: 'turn-ended', doc: black, prev: doc, version: 2, toMove: 'black', playerToMove: 'b' });
    // a move within a series, a live game's turn: nothing
    lifecycle.emit({ type: 'changed', doc: black, prev: black, version: 3 });
    const live = testDoc({ timeControl: { kind: 'none' }, turn: 2 });
    lifecycle.emit({ type: 'turn-ended', doc: live, prev: testDoc(), version: 2, toMove: 'black', playerToMove: 'b' });
    const over = { ...black, status: 'finished' as const, outcome: { result: '1-0' as const, reason: 'resignation' as const } };
    lifecycle.emit({ type: 'finished', doc: over, prev: black, version: 4, outcome: over.outcome });
    lifecycle.emit({ type: 'changed', doc: { ...over, rematchOffer: 'black' }, prev: over, version: 5 });
    // the same standing offer again (another commit): not told twice
    lifecycle.emit({ type: 'changed', doc: { ...over, rematchOffer: 'black', unlisted: true }, prev: { ...over, rematchOffer: 'black' }, version: 6 });
    lifecycle.emit({ type: 'archived', doc: { ...over, archived: true }, prev: over, version: 7, ratings: null });
    expect(brief(sent)).toEqual(['your-turn>w', 'your-turn>b', 'game-ended>w', 'game-ended>b', 'rematch-offer>w']);
    expect(sent[1]).toMatchObject({ subject: 'g1', data: { gameId: 'g1', from: 'W' } });
    expect(sent[4]).toMatchObject({ data: { gameId: 'g1', from: 'B' } });
  });

  it('a takeback offer tells the other player, once per offer', () => {
    const { sent, lifecycle } = setUp();
    const doc = testDoc({ turn: 3 });
    lifecycle.emit({ type: 'changed', doc: { ...doc, takebackOffer: 'white' }, prev: doc, version: 5 });
    lifecycle.emit({ type: 'changed', doc: { ...doc, takebackOffer: 'white', unlisted: true }, prev: { ...doc, takebackOffer: 'white' }, version: 6 });
    expect(brief(sent)).toEqual(['takeback-offer>b']);
    expect(sent[0]).toMatchObject({ subject: 'g1', data: { gameId: 'g1', from: 'W' } });
  });

  it("a game against the computer tells its person only of the end, never the computer's seat", () => {
    const { sent, lifecycle } = setUp();
    const doc = testDoc({ timeControl: CORRESPONDENCE, bot: { color: 'black', level: 1, owner: 'w' }, players: { white: { id: 'w', name: 'W' }, black: { id: 'bot:1', name: 'Computer' } } });
    lifecycle.emit({ type: 'started', doc, version: 1 });
    const over = { ...doc, status: 'finished' as const, outcome: { result: '0-1' as const, reason: 'resignation' as const } };
    lifecycle.emit({ type: 'finished', doc: over, prev: doc, version: 2, outcome: over.outcome });
    expect(brief(sent)).toEqual(['game-ended>w']);
  });

  it("a public game's start tells each player's followers (not the opponent), once per followed player and hour; a private one or a tournament's nobody", async () => {
    const { sent, lifecycle, drained } = setUp({ w: ['fan', 'b'], b: ['fan2'] });
    lifecycle.emit({ type: 'started', doc: testDoc({ private: true }), version: 1 });
    lifecycle.emit({ type: 'started', doc: testDoc({ id: 'g0', tournamentId: 't1' }), version: 1 });
    await drained();
    expect(sent).toEqual([]);
    lifecycle.emit({ type: 'started', doc: testDoc(), version: 1 });
    await drained();
    expect(brief(sent).sort()).toEqual(['followed-game>fan', 'followed-game>fan2']);
    expect(sent.find((n) => n.playerId === 'fan')).toMatchObject({ subject: 'w', data: { gameId: 'g1', from: 'W' } });
    lifecycle.emit({ type: 'started', doc: testDoc({ id: 'g2' }), version: 1 });
    await drained();
    expect(sent).toHaveLength(2);
  });

  it("the lobby's challenges and a followed player's open seek; a follow tells the followed player", async () => {
    const { sent, deps, drained } = setUp({ w: ['fan'] });
    const seeks = seekTriggers(deps);
    const seek = { id: 's1', creator: { id: 'w', name: 'W' } } as Seek;
    seeks.challenged(seek, 'b');
    seeks.opened(seek);
    seeks.opened({ ...seek, id: 's2' }); // the same hour: not again
    seeks.opened({ id: 's3', creator: { id: 'guest', name: 'G', guest: true } } as Seek);
    await drained();
    followTrigger(deps)({ id: 'fan', name: 'Fan' }, 'w');
    expect(brief(sent)).toEqual(['challenge>b', 'followed-seek>fan', 'followed>w']);
    expect(sent[0]).toMatchObject({ subject: 's1', data: { seekId: 's1', from: 'W' } });
    expect(sent[1]).toMatchObject({ subject: 'w', data: { seekId: 's1', from: 'W' } });
    expect(sent[2]).toMatchObject({ subject: 'fan', data: { from: 'Fan' } });
  });
});
