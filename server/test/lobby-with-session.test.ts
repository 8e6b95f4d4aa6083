import { describe, expect, it } from 'vitest';
import { Client, startServer } from './helpers.js';

const PUBLIC = { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 }, color: 'white', visibility: 'public' } as const;
const LOTS = { points: 10_000, durationSec: 1 };

describe("the lobby's listing with session (handshake auth.lobby)", () => {
  it('comes with session when asked, and the connection is subscribed as by lobby:subscribe', async () => {
    const server = await startServer();
    const alice = await Client.connect(server);
    const { seek } = await alice.ok('seek:create', PUBLIC);
    const carol = await Client.connect(server, { lobby: true });
    expect(carol.session.lobby).toEqual({ seeks: [seek], games: [], mine: [], myGames: [], challenges: [] });
    // a connection of alice's own: her seek is hers (`mine`), as in her subscribe's ack
    const again = await Client.connect(server, { token: alice.session.token, lobby: true });
    const { ok: _ok, ...listing } = await alice.ok('lobby:subscribe', {});
    expect(again.session.lobby).toEqual(listing);
    expect(carol.session.playerId).not.toBe(alice.id);
    const removed = carol.next('lobby:seekRemoved');
    await alice.ok('seek:cancel', { seekId: seek.id });
    expect(await removed).toEqual({ seekId: seek.id });
  });

  it('not asked (or asked with anything but true): session alone, and no lobby events', async () => {
    const server = await startServer();
    const alice = await Client.connect(server);
    const plain = await Client.connect(server);
    const odd = await Client.connect(server, { lobby: 'yes' } as unknown as { lobby: true });
    expect(plain.session).not.toHaveProperty('lobby');
    expect(odd.session).not.toHaveProperty('lobby');
    await alice.ok('seek:create', PUBLIC);
    await Promise.all([plain.settle(), odd.settle()]);
    expect([...plain.received('lobby:seekAdded'), ...odd.received('lobby:seekAdded')]).toEqual([]);
  });

  it("over the room budget: session without the listing (the client subscribes, and is refused as it would be)", async () => {
    const server = await startServer({ rateLimit: LOTS, abuseLimits: { roomOpsPerIdentity: { points: 1, durationSec: 60 }, strikes: 100 } });
    const first = await Client.connect(server, { lobby: true });
    expect(first.session.lobby).toMatchObject({ seeks: [], games: [] });
    const again = await Client.connect(server, { token: first.session.token, lobby: true });
    expect(again.session).not.toHaveProperty('lobby');
    expect(await again.send('lobby:subscribe', {})).toMatchObject({ ok: false, code: 'rate-limited' });
  });
});
