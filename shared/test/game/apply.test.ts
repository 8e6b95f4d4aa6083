import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, parseUci } from '../../src/chess/index.js';
import { applyGameEvent, drawOfferAfterPlay, snapshotOfView, viewOf, type GameView } from '../../src/game/index.js';
import type { ClockView, GameEventBody } from '../../src/protocol/types.js';
import { encodeState, endTurn, newGame, play, stateHash, type VariantId } from '../../src/rules/index.js';

const CLOCKS: ClockView = { white: 60_000, black: 60_000, running: 'white', serverNow: 5_000 };

function start(variant: VariantId = 'scottish'): GameView {
  const state = newGame(variant);
  if (!state.ok) throw new Error(state.error.message);
  const view = viewOf({
    id: 'g1', version: 1, variant, timeControl: { kind: 'none' },
    players: { white: { id: 'w', name: 'W', online: true }, black: { id: 'b', name: 'B', online: true } },
    initialFen: INITIAL_FEN, initialTurn: 1, moves: [], state: encodeState(state.value), clocks: CLOCKS,
    status: 'playing', outcome: null, drawOffer: null, takebackOffer: null, rematchOffer: null, rematchGameId: null, spectators: 0, createdAt: 0,
  });
  if (!view.ok) throw new Error(view.error.message);
  return view.value;
}

/** The move event the server would commit (hash of the state after it). */
function moveEvent(v: GameView, uci: string, at = CLOCKS.serverNow): Extract<GameEventBody, { type: 'move' }> {
  const res = play(v.state, parseUci(uci)!);
  if (!res.ok) throw new Error(res.error.message);
  return { type: 'move', uci, hash: stateHash(res.value.state), clocks: { ...CLOCKS, serverNow: at }, ...(res.value.outcome ? { outcome: res.value.outcome } : {}) };
}

function apply(v: GameView, event: GameEventBody): GameView {
  const res = applyGameEvent(v, { gameId: v.id, version: v.version + 1, event });
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.value;
}

const playAll = (v: GameView, ucis: readonly string[]): GameView => ucis.reduce((acc, u) => apply(acc, moveEvent(acc, u)), v);

describe('applyGameEvent, the one reducer of game events', () => {
  it('move: replays it with the rules, records it at the event time, takes the clocks and the version', () => {
    const v0 = start();
    const v1 = apply(v0, moveEvent(v0, 'e2e4', 7_000));
    expect(v1.version).toBe(2);
    expect(v1.moves).toMatchObject([{ uci: 'e2e4', san: 'e4', color: 'white', turn: 1, index: 1, turnEnded: true, at: 7_000 }]);
    expect(v1.state.color).toBe('black');
    expect(v1.clocks.serverNow).toBe(7_000);
    expect(v0.moves).toEqual([]); // the view before is left as it was
  });

  it('move: refused on a gap, on a move the rules refuse and on a state hash that differs', () => {
    const v0 = start();
    const e = moveEvent(v0, 'e2e4');
    expect(applyGameEvent(v0, { gameId: 'g1', version: 3, event: e })).toMatchObject({ ok: false, error: { code: 'out-of-order' } });
    expect(applyGameEvent(v0, { gameId: 'g1', version: 2, event: { ...e, uci: 'e2e5' } })).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(applyGameEvent(v0, { gameId: 'g1', version: 2, event: { ...e, hash: 'x' } })).toMatchObject({ ok: false, error: { code: 'hash-mismatch' } });
  });

  it('move: a move that mates finishes the game (the rules decide it), with no offer left', () => {
    let v = playAll(start(), ['e2e4', 'f7f6', 'g7g5']);
    v = apply(v, { type: 'draw-offer', by: 'black' });
    v = playAll(v, ['a2a3', 'b2b3']);
    expect(v).toMatchObject({ status: 'playing', drawOffer: 'black' });
    v = apply(v, moveEvent(v, 'd1h5'));
    expect(v).toMatchObject({ status: 'finished', outcome: { result: '1-0' }, drawOffer: null });
    expect(v.moves.at(-1)?.san).toMatch(/#$/);
  });

  it('a draw offer lapses when the offered side ends its turn, not within its series nor on the offering side\'s turn end', () => {
    let v = playAll(start(), ['e2e4']);
    v = apply(v, { type: 'draw-offer', by: 'white' });
    v = apply(v, moveEvent(v, 'e7e5'));
    expect(v.drawOffer).toBe('white'); // black's series has two moves
    v = apply(v, moveEvent(v, 'd7d6'));
    expect(v.drawOffer).toBeNull();
    v = apply(v, { type: 'draw-offer', by: 'black' });
    v = playAll(v, ['d2d4', 'c2c4', 'b1c3']);
    expect(v.drawOffer).toBeNull();
    expect(drawOfferAfterPlay('black', 'black', true, false)).toBe('black');
    expect(drawOfferAfterPlay('black', 'white', false, false)).toBe('black');
    expect(drawOfferAfterPlay('black', 'black', false, true)).toBeNull();
  });

  it('turn-passed: replays the pass with the rules (cost variants) and checks the hash', () => {
    const v = playAll(start('cost'), ['e2e4', 'd7d6', 'a2a3']);
    const mover = v.state.color;
    expect(v.state.moveIndex).toBe(1); // white's second turn affords two points
    const passed = endTurn(v.state, mover);
    if (!passed.ok) throw new Error(passed.error.message);
    const e: GameEventBody = { type: 'turn-passed', color: mover, hash: stateHash(passed.value.state), clocks: CLOCKS, outcome: null };
    const after = apply(v, e);
    expect(after.state.color).not.toBe(mover);
    expect(after.moves).toHaveLength(v.moves.length);
    expect(applyGameEvent(v, { gameId: 'g1', version: v.version + 1, event: { ...e, hash: 'x' } })).toMatchObject({ ok: false, error: { code: 'hash-mismatch' } });
  });

  it('game-over: finishes the state, stops the first-move deadline and drops the offers and a declined draw', () => {
    let v = playAll(start(), ['e2e4']);
    v = apply(v, { type: 'draw-offer', by: 'white' });
    v = apply(v, { type: 'draw-declined', by: 'black' });
    expect(v.declined).toEqual({ kind: 'draw', by: 'black' });
    v = apply(v, { type: 'draw-offer', by: 'black' });
    const outcome = { result: '1-0', reason: 'resignation' } as const;
    v = apply(v, { type: 'game-over', outcome, clocks: { ...CLOCKS, running: null, firstMoveBy: 9_000 } });
    expect(v).toMatchObject({ status: 'finished', outcome, drawOffer: null, rematchOffer: null, declined: null });
    expect(v.state.outcome).toEqual(outcome);
    expect(v.clocks.firstMoveBy).toBeUndefined();
  });

  it('offers: draw and rematch offers, declines (news for the offering side) and the rematch', () => {
    let v = apply(start(), { type: 'game-over', outcome: { result: null, reason: 'aborted', abort: 'player' }, clocks: CLOCKS });
    v = apply(v, { type: 'rematch-offer', by: 'white' });
    expect(v.rematchOffer).toBe('white');
    v = apply(v, { type: 'rematch-declined', by: 'black' });
    expect(v).toMatchObject({ rematchOffer: null, declined: { kind: 'rematch', by: 'black' } });
    v = apply(v, { type: 'rematch-offer', by: 'black' });
    expect(v.declined).toBeNull();
    v = apply(v, { type: 'rematch', gameId: 'g2' });
    expect(v).toMatchObject({ rematchOffer: null, rematchGameId: 'g2' });
  });

  it('a declined draw is news until the turn ends', () => {
    let v = apply(start(), { type: 'draw-offer', by: 'black' });
    v = apply(v, { type: 'draw-declined', by: 'white' });
    expect(v).toMatchObject({ drawOffer: null, declined: { kind: 'draw', by: 'white' } });
    v = apply(v, moveEvent(v, 'e2e4'));
    expect(v.declined).toBeNull();
  });

  it('absence, time given and archived', () => {
    let v = apply(start(), { type: 'absence', absence: { white: null, black: { since: 1, claimFrom: 2 } } });
    expect(v.absence).toEqual({ white: null, black: { since: 1, claimFrom: 2 } });
    v = apply(v, { type: 'absence', absence: { white: null, black: null } });
    expect('absence' in v).toBe(false); // as the snapshot says it: absent when both are there
    v = apply(v, { type: 'time-given', by: 'white', clocks: { ...CLOCKS, black: 75_000 } });
    expect(v.clocks.black).toBe(75_000);
    v = apply(v, { type: 'archived', ratings: null });
    expect(v.ratings).toBeNull();
    expect(v.version).toBe(5);
  });

  it('the snapshot of a view round-trips through viewOf', () => {
    const v = playAll(start(), ['e2e4', 'e7e5', 'd7d6']);
    const again = viewOf(snapshotOfView(v));
    if (!again.ok) throw new Error(again.error.message);
    expect(snapshotOfView(again.value)).toEqual(snapshotOfView(v));
    expect(again.value.declined).toBeNull();
  });
});
