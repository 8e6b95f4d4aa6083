import { describe, expect, it } from 'vitest';
import { createGame, gameWithPlayers, playMoves } from './helpers.js';

async function game(opts: Parameters<typeof createGame>[3] = {}) {
  const { server, white, black, others, gameId } = await gameWithPlayers({ game: { variant: 'scottish', ...opts }, others: 1, join: 'all' });
  return { server, white, black, watcher: others[0]!, gameId };
}

describe('draw offers, abort, rematch', () => {
  it('draw: offer, decline, offer again, accept', async () => {
    const { white, black, watcher, gameId } = await game();
    const offered = watcher.next('game:event', (e) => e.event.type === 'draw-offer');
    const v1 = (await white.ok('game:drawOffer', { gameId })).version;
    expect((await offered).event).toEqual({ type: 'draw-offer', by: 'white' });
    expect((await white.ok('game:drawOffer', { gameId })).version).toBe(v1); // repeating changes nothing
    expect(await white.send('game:drawAccept', { gameId })).toMatchObject({ ok: false, code: 'no-draw-offer' });
    expect((await black.ok('game:resync', { gameId })).snapshot.drawOffer).toBe('white');
    const declined = watcher.next('game:event', (e) => e.event.type === 'draw-declined');
    await black.ok('game:drawDecline', { gameId });
    expect((await declined).event).toEqual({ type: 'draw-declined', by: 'black' });
    expect(await black.send('game:drawDecline', { gameId })).toMatchObject({ ok: false, code: 'no-draw-offer' });

    await black.ok('game:drawOffer', { gameId });
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    await white.ok('game:drawAccept', { gameId });
    expect((await over).event).toMatchObject({ outcome: { result: '1/2-1/2', reason: 'agreement' } });
  });

  it('crossing draw offers agree; a standing offer lapses when the offered side ends a turn', async () => {
    const { white, black, gameId } = await game();
    await white.ok('game:drawOffer', { gameId });
    const v = await playMoves(white, gameId, 2, ['e2e4']);
    expect((await black.ok('game:resync', { gameId })).snapshot.drawOffer).toBe('white');
    await playMoves(black, gameId, v, ['e7e5', 'g8f6']);
    expect((await black.ok('game:resync', { gameId })).snapshot.drawOffer).toBeNull();
    await black.ok('game:drawOffer', { gameId });
    await white.ok('game:drawOffer', { gameId });
    expect((await black.ok('game:resync', { gameId })).snapshot.outcome).toEqual({ result: '1/2-1/2', reason: 'agreement' });
  });

  it('abort only before both sides have completed a turn', async () => {
    const first = await game();
    await playMoves(first.white, first.gameId, 1, ['e2e4']);
    await first.black.ok('game:abort', { gameId: first.gameId });
    expect((await first.watcher.ok('game:resync', { gameId: first.gameId })).snapshot.outcome).toEqual({
      result: null,
      reason: 'aborted',
      abort: 'player',
    });

    const late = await game();
    let v = await playMoves(late.white, late.gameId, 1, ['e2e4']);
    v = await playMoves(late.black, late.gameId, v, ['e7e5', 'd7d5']);
    expect(await late.white.send('game:abort', { gameId: late.gameId })).toMatchObject({ ok: false, code: 'too-late-to-abort' });
    expect((await late.white.ok('game:resync', { gameId: late.gameId })).snapshot.version).toBe(v);
  });

  it('rematch: offer, accept, a new game with colours swapped and the same settings', async () => {
    const tc = { kind: 'fischer', initial: 60, increment: 1 } as const;
    const { white, black, watcher, gameId } = await game({ variant: 'cost', timeControl: tc });
    expect(await white.send('game:rematchOffer', { gameId })).toMatchObject({ ok: false, code: 'game-in-progress' });
    await white.ok('game:resign', { gameId });
    expect(await white.send('game:rematchAccept', { gameId })).toMatchObject({ ok: false, code: 'no-rematch-offer' });
    const offered = watcher.next('game:event', (e) => e.event.type === 'rematch-offer');
    await white.ok('game:rematchOffer', { gameId });
    expect((await offered).event).toEqual({ type: 'rematch-offer', by: 'white' });

    const rematch = watcher.next('game:event', (e) => e.event.type === 'rematch');
    const startW = white.next('game:start');
    const startB = black.next('game:start');
    const ack = await black.ok('game:rematchAccept', { gameId });
    expect((await rematch).event).toEqual({ type: 'rematch', gameId: ack.gameId });
    expect(await startW).toEqual({ gameId: ack.gameId, color: 'black' });
    expect(await startB).toEqual({ gameId: ack.gameId, color: 'white' });
    const next = (await black.ok('game:join', { gameId: ack.gameId })).snapshot;
    expect(next.players.white.id).toBe(black.id);
    expect(next.players.black.id).toBe(white.id);
    expect(next).toMatchObject({ variant: 'cost', timeControl: tc, status: 'playing', version: 1 });
    const old = (await white.ok('game:resync', { gameId })).snapshot;
    expect(old).toMatchObject({ rematchGameId: ack.gameId, rematchOffer: null });
    expect(await white.send('game:rematchAccept', { gameId })).toMatchObject({ ok: false, code: 'no-rematch-offer' });
  });

  it('rematch: the offered side may decline; the offer is gone and can be made again', async () => {
    const { white, black, watcher, gameId } = await game();
    await black.ok('game:resign', { gameId });
    expect(await black.send('game:rematchDecline', { gameId })).toMatchObject({ ok: false, code: 'no-rematch-offer' });
    await white.ok('game:rematchOffer', { gameId });
    const declined = watcher.next('game:event', (e) => e.event.type === 'rematch-declined');
    await black.ok('game:rematchDecline', { gameId });
    expect((await declined).event).toEqual({ type: 'rematch-declined', by: 'black' });
    const snap = (await white.ok('game:resync', { gameId })).snapshot;
    expect([snap.rematchOffer, snap.rematchGameId]).toEqual([null, null]);
    expect(await black.send('game:rematchAccept', { gameId })).toMatchObject({ ok: false, code: 'no-rematch-offer' });
    await white.ok('game:rematchOffer', { gameId });
    expect((await black.ok('game:rematchAccept', { gameId })).gameId).toMatch(/\w/);
  });
});

