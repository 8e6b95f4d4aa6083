import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { startServer } from './helpers.js';

/**
 * Two nodes on one store: each keeps its own copy of the games it last saw, and a command may
 * start from that copy without a load. A stale copy must never decide anything on its own.
 */
describe("a node's stale copy of a game", () => {
  const W = { id: 'pw', name: 'White' };
  const B = { id: 'pb', name: 'Black' };

  async function twoNodes() {
    const store = createMemoryStore();
    const [a, b] = await Promise.all([startServer({ store }), startServer({ store })]);
    const gameId = await a.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B });
    return { store, a: a.app.services.commands, b: b.app.services.commands, gameId };
  }

  it('a client version that only the copy has is refused as stale, a fresh one is played', async () => {
    const { store, a, b, gameId } = await twoNodes();
    expect(await b.run('game:move', W.id, { gameId, version: 1, move: 'e2e4' })).toMatchObject({ version: 2 });
    // node a still holds version 1, the client's version here: the compare-and-set refuses the try
    await expect(a.run('game:move', W.id, { gameId, version: 1, move: 'd2d4' })).rejects.toMatchObject({ code: 'stale-version' });
    expect(await a.run('game:move', B.id, { gameId, version: 2, move: 'e7e5' })).toMatchObject({ version: 3 });
    expect(await b.run('game:move', B.id, { gameId, version: 3, move: 'd7d5' })).toMatchObject({ version: 4 });
    await expect(a.run('game:move', B.id, { gameId, version: 3, move: 'g8f6' })).rejects.toMatchObject({ code: 'stale-version' });
    expect((await store.loadGame(gameId))?.moves.map((m) => JSON.parse(m).uci)).toEqual(['e2e4', 'e7e5', 'd7d5']);
  });

  it('unversioned commands and refusals are decided again on a fresh load', async () => {
    const { store, a, b, gameId } = await twoNodes();
    await b.run('game:move', W.id, { gameId, version: 1, move: 'e2e4' });
    await b.run('game:drawOffer', W.id, { gameId });
    // node a's copy (version 1) has no offer: accepting must still see the one in the store
    expect(await a.run('game:drawAccept', B.id, { gameId })).toMatchObject({ version: 4 });
    const doc = JSON.parse((await store.loadGameHead(gameId))?.doc ?? '{}');
    expect(doc).toMatchObject({ status: 'finished', outcome: { result: '1/2-1/2', reason: 'agreement' } });
    // and its copy, now current, refuses further commands
    await expect(b.run('game:resign', W.id, { gameId })).rejects.toMatchObject({ code: 'game-over' });
  });
});
