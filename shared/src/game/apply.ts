import { parseUci } from '../chess/squares.js';
import type { Outcome } from '../rules/variant-ids.js';
import { endTurn, finish, play } from '../rules/game.js';
import { stateHash } from '../rules/state-hash.js';
import { moveRecord } from '../protocol/move-record.js';
import type { Absence, ClockView, GameEvent } from '../protocol/types.js';
import { err, ok, type Result } from '../result.js';
import { drawOfferAfterPlay } from './offers.js';
import { applyTakeback } from './takeback.js';
import { decodeState } from '../rules/encode.js';
import type { GameView } from './view.js';

/** Why an event does not apply to a view: the view must be replaced by a fresh snapshot (resync). */
export interface GameEventError {
  readonly code: 'out-of-order' | 'illegal-move' | 'hash-mismatch' | 'bad-state';
  readonly message: string;
}

const refuse = (code: GameEventError['code'], message: string): Result<GameView, GameEventError> => err({ code, message });

/** A finished game's clocks: stopped, with no first-move deadline running (a `game-over` event carries the one that was). */
function finishedClocks(c: ClockView): ClockView {
  if (c.firstMoveBy === undefined) return c;
  const { firstMoveBy: _ran, ...rest } = c;
  return rest;
}

/** The view once `outcome` ends the game. */
function finished(v: GameView, outcome: Outcome, clocks: ClockView): GameView {
  return {
    ...v,
    state: finish(v.state, outcome),
    clocks: finishedClocks(clocks),
    status: 'finished',
    outcome,
    drawOffer: null,
    takebackOffer: null,
    rematchOffer: null,
    declined: v.declined?.kind === 'draw' ? null : v.declined,
  };
}

/** As the snapshot says it: absent when both players are there. */
function withAbsence(v: GameView, absence: Absence): GameView {
  const { absence: _old, ...rest } = v;
  return absence.white === null && absence.black === null ? rest : { ...rest, absence };
}

/**
 * THE code that applies a versioned game event to the client-visible game: the server's snapshot
 * after a commit is `applyGameEvent` of the snapshot before it (server/test/game-model.test.ts
 * checks it over played games), the web client's `GameSync` and the test fakes apply events only
 * through it. Pure: a move or a pass is replayed with the rules and checked against the event's
 * state hash. An error means the view cannot follow (a gap, a move the rules refuse, another
 * state): replace it with a fresh snapshot.
 */
export function applyGameEvent(view: GameView, e: GameEvent): Result<GameView, GameEventError> {
  if (e.version !== view.version + 1) return refuse('out-of-order', `event ${e.version} after version ${view.version}`);
  const v: GameView = { ...view, version: e.version };
  const ev = e.event;
  switch (ev.type) {
    case 'move': {
      const move = parseUci(ev.uci);
      const res = move ? play(v.state, move) : null;
      if (!move || !res?.ok) return refuse('illegal-move', `${ev.uci}: ${res?.ok === false ? res.error.message : 'not a move'}`);
      if (stateHash(res.value.state) !== ev.hash) return refuse('hash-mismatch', `${ev.uci}: another state than the server's`);
      const record = moveRecord(v.state, move, res.value, ev.clocks.serverNow);
      // the rules decide the end (the hash covers it); the event carries it for readers without the rules
      const outcome = res.value.outcome;
      const over = outcome !== null;
      const played: GameView = {
        ...v,
        state: res.value.state,
        moves: [...v.moves, record],
        clocks: ev.clocks,
        drawOffer: drawOfferAfterPlay(v.drawOffer, record.color, record.turnEnded, over),
        // every move or pass ends a standing takeback offer (docs/rules.md 9.1)
        takebackOffer: null,
        declined: (record.turnEnded && v.declined?.kind === 'draw') || v.declined?.kind === 'takeback' ? null : v.declined,
      };
      return ok(outcome ? finished(played, outcome, ev.clocks) : played);
    }
    case 'turn-passed': {
      const res = endTurn(v.state, ev.color);
      if (!res.ok) return refuse('illegal-move', `pass: ${res.error.message}`);
      if (stateHash(res.value.state) !== ev.hash) return refuse('hash-mismatch', 'pass: another state than the server\'s');
      const passed: GameView = {
        ...v,
        state: res.value.state,
        clocks: ev.clocks,
        drawOffer: drawOfferAfterPlay(v.drawOffer, ev.color, true, res.value.outcome !== null),
        takebackOffer: null,
        declined: v.declined?.kind === 'draw' || v.declined?.kind === 'takeback' ? null : v.declined,
      };
      // a pass may end the game (the next side starts its turn mated or stalemated)
      return ok(res.value.outcome ? finished(passed, res.value.outcome, ev.clocks) : passed);
    }
    case 'game-over':
      return ok(finished(v, ev.outcome, ev.clocks));
    case 'draw-offer':
      return ok({ ...v, drawOffer: ev.by, declined: null });
    case 'draw-declined':
      return ok({ ...v, drawOffer: null, declined: { kind: 'draw', by: ev.by } });
    case 'takeback-offer':
      return ok({ ...v, takebackOffer: ev.by, declined: null });
    case 'takeback-declined':
      return ok({ ...v, takebackOffer: null, declined: { kind: 'takeback', by: ev.by } });
    case 'takeback': {
      const state = decodeState(ev.state);
      if (!state.ok) return refuse('bad-state', `takeback: ${state.error.message}`);
      return ok({ ...applyTakeback(v, ev), state: state.value, declined: null });
    }
    case 'rematch-offer':
      return ok({ ...v, rematchOffer: ev.by, declined: null });
    case 'rematch-declined':
      return ok({ ...v, rematchOffer: null, declined: { kind: 'rematch', by: ev.by } });
    case 'rematch':
      return ok({ ...v, rematchOffer: null, rematchGameId: ev.gameId });
    case 'archived':
      return ok({ ...v, ratings: ev.ratings });
    case 'absence':
      return ok(withAbsence(v, ev.absence));
    case 'time-given':
      return ok({ ...v, clocks: ev.clocks });
    case 'berserk': {
      const was = v.berserk ?? { allowed: true, white: false, black: false };
      return ok({ ...v, clocks: ev.clocks, berserk: { ...was, [ev.by]: true } });
    }
  }
}
