import { describe, expect, it } from 'vitest';
import { Client, gameWithPlayers } from './helpers.js';

/**
 * A game command's ack carries the event it committed, and the room's broadcast skips the
 * connection that sent it: that connection gets the event once, in the ack. Everyone else in the
 * room gets the `game:event`, the same player's other connections included.
 */
describe('the ack of a game command carries its event', () => {
  async function setup() {
    const { server, white, black, others, gameId } = await gameWithPlayers({ others: 1, join: 'all' });
    // the white player's other tab
    const tab = await Client.connect(server, { token: white.session.token });
    await tab.ok('game:join', { gameId });
    return { white, black, spectator: others[0]!, tab, gameId };
  }

  it('a move: in the ack for its connection, as an event for the room and the player`s other tab', async () => {
    const { white, black, spectator, tab, gameId } = await setup();
    const others = [black, spectator, tab].map((c) => c.next('game:event', (e) => e.version === 2));
    const ack = await white.ok('game:move', { gameId, version: 1, move: 'e2e4' });
    expect(ack.version).toBe(2);
    expect(ack.event).toMatchObject({ type: 'move', uci: 'e2e4' });
    for (const e of await Promise.all(others)) expect(e).toEqual({ gameId, version: 2, event: ack.event });
    // Black's next event reaches every connection; the mover's own copy never came as an event.
    const next = white.next('game:event', (e) => e.version === 3);
    await black.ok('game:move', { gameId, version: 2, move: 'e7e5' });
    expect((await next).event).toMatchObject({ uci: 'e7e5' });
    expect(white.received('game:event').map((e) => e.version)).toEqual([3]);
    expect(tab.received('game:event').map((e) => e.version)).toEqual([2, 3]);
  });

  it('other commands too (a draw offer, a resignation); a command that changes nothing carries no event', async () => {
    const { white, black, gameId } = await setup();
    const offer = await black.ok('game:drawOffer', { gameId });
    expect(offer).toMatchObject({ version: 2, event: { type: 'draw-offer', by: 'black' } });
    const again = await black.ok('game:drawOffer', { gameId });
    expect(again).toEqual({ ok: true, version: 2 });
    const resigned = await white.ok('game:resign', { gameId });
    expect(resigned).toMatchObject({ version: 3, event: { type: 'game-over', outcome: { result: '0-1', reason: 'resignation' } } });
    expect(black.received('game:event').map((e) => e.version)).toEqual([3]);
    expect(white.received('game:event').map((e) => e.version)).toEqual([2]);
  });

  it('a command sent without an ack callback gets its event from the broadcast', async () => {
    const { white, gameId } = await setup();
    const own = white.next('game:event', (e) => e.version === 2);
    white.socket.emit('game:move', { gameId, version: 1, move: 'e2e4' });
    expect((await own).event).toMatchObject({ uci: 'e2e4' });
    await white.settle();
    expect(white.received('game:event')).toHaveLength(1);
  });
});
