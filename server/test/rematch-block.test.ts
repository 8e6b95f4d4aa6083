import { describe, expect, it } from 'vitest';
import { account, http, useDatabase } from './durable-helpers.js';
import { startServer } from './helpers.js';
import { challenge } from './seek-payload.js';

const db = useDatabase();

describe('no rematch across a block', () => {
  it('an offer standing from before the block cannot be accepted; no new offer either way; the code never tells of the block', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const mallory = await account(server, 'mallory');
    const { seek: made } = await mallory.client.ok('seek:create', challenge('alice'));
    const { gameId } = await alice.client.ok('seek:accept', { seekId: made.id });
    await mallory.client.ok('game:resign', { gameId });
    await mallory.client.ok('game:rematchOffer', { gameId });
    expect((await http(server, 'POST', '/api/social/block', { username: 'mallory' }, alice.cookie)).status).toBe(200);
    const refused = { ok: false, code: 'rematch-unavailable', message: 'no rematch is possible for this game' };
    expect(await alice.client.send('game:rematchAccept', { gameId })).toEqual(refused);
    expect(await alice.client.send('game:rematchOffer', { gameId })).toEqual(refused);
    expect(await mallory.client.send('game:rematchOffer', { gameId })).toEqual(refused);
    // unblocked: the standing offer is accepted
    await http(server, 'POST', '/api/social/unblock', { username: 'mallory' }, alice.cookie);
    expect((await alice.client.ok('game:rematchAccept', { gameId })).gameId).toEqual(expect.any(String));
  });
});
