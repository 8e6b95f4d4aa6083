// The server's decisions on takebacks (docs/rules.md, Takebacks): offer, decline, and the
// takeback itself, made of the shared rules of what is taken back (shared/src/game/takeback.ts).
import {
  applyTakeback,
  clockView,
  encodeState,
  hasFirstMoveGrace,
  opposite,
  replayToTurn,
  restoredClock,
  startedBefore,
  takebackBar,
  takebackTurn,
  type Color,
  type GameState,
  type MoveRecord,
  type TakebackBar,
  type TakebackEvent,
} from '@progressive-chess/shared';
import { fail } from './errors.js';
import type { GameDoc } from './game-doc.js';
import type { Transition } from './game-transitions.js';

const BAR_TEXT: Record<TakebackBar, string> = {
  'game-over': 'the game is over',
  rated: 'takebacks are for casual games only',
  tournament: 'tournament games allow no takebacks',
  'no-series': 'you have not played a series yet',
};

/** Refuses (`takeback-not-allowed`) when `by` may not have a takeback in this game now. */
function checkAllowed(doc: GameDoc, state: GameState, by: Color): void {
  const game = { rated: doc.rated === true, over: doc.status !== 'playing', initialTurn: doc.initialTurn, ...(doc.tournamentId === undefined ? {} : { tournamentId: doc.tournamentId }) };
  const bar = takebackBar(game, state, by);
  if (bar !== null) fail('takeback-not-allowed', BAR_TEXT[bar]);
}

const noChange = (doc: GameDoc, state: GameState, body: Transition['body']): Transition => ({ doc, state, moves: [], body });

/** `by` offers a takeback: null when its offer stands already; refused while the opponent's stands (one offer at a time). */
export function takebackOfferTransition(doc: GameDoc, state: GameState, by: Color): Transition | null {
  checkAllowed(doc, state, by);
  if (doc.takebackOffer === by) return null;
  if (doc.takebackOffer === opposite(by)) fail('takeback-not-allowed', 'answer your opponent\'s takeback offer first');
  return noChange({ ...doc, takebackOffer: by }, state, { type: 'takeback-offer', by });
}

/** `by` turns down the opponent's standing offer. */
export function takebackDeclineTransition(doc: GameDoc, state: GameState, by: Color): Transition {
  if (doc.takebackOffer !== opposite(by)) fail('no-takeback-offer', 'your opponent has not offered a takeback');
  return noChange({ ...doc, takebackOffer: null }, state, { type: 'takeback-declined', by });
}

export interface TakebackContext {
  readonly doc: GameDoc;
  readonly state: GameState;
  /** The accepting side. */
  readonly color: Color;
  readonly now: number;
  readonly graceMs: number;
  /** The whole move log of the game as `doc` has it. */
  readonly log: readonly MoveRecord[];
}

/**
 * `ctx.color` grants the opponent's offer: the game goes back to the start of the proposer's last
 * series (`takebackTurn`), replayed from the log, with each side's time left then (`turnStarts`).
 */
export function takebackAcceptTransition(ctx: TakebackContext): Transition {
  const { doc, state, now } = ctx;
  const by = opposite(ctx.color);
  if (doc.takebackOffer !== by) fail('no-takeback-offer', 'your opponent has not offered a takeback');
  checkAllowed(doc, state, by);
  const turn = takebackTurn(state, by, doc.initialTurn) ?? fail('takeback-not-allowed', BAR_TEXT['no-series']);
  const start = doc.turnStarts?.find((t) => t[0] === turn) ?? fail('takeback-not-allowed', 'this game kept no clocks for that turn');
  const replayed = replayToTurn({ ...doc, moves: ctx.log }, turn);
  if (!replayed.ok) throw new Error(`takeback of game ${doc.id}: ${replayed.error}`);
  const started = { white: startedBefore('white', turn, doc.initialTurn), black: startedBefore('black', turn, doc.initialTurn) };
  const clock = restoredClock(doc.clock, start, started[by], now);
  const graceDeadline = !started[by] && hasFirstMoveGrace(doc.timeControl) ? now + ctx.graceMs : null;
  const encoded = encodeState(replayed.value.state);
  const body: TakebackEvent = { type: 'takeback', by, turn, moves: replayed.value.moves, state: encoded, clocks: clockView(clock, now, graceDeadline) };
  // the doc's share of the event's effect, as every client applies it
  const view = applyTakeback({ moves: [], clocks: body.clocks, drawOffer: doc.drawOffer, takebackOffer: doc.takebackOffer ?? null }, body);
  const next: GameDoc = {
    ...doc,
    state: encoded,
    turn,
    clock,
    passes: replayed.value.passes,
    started,
    graceDeadline,
    drawOffer: view.drawOffer,
    takebackOffer: view.takebackOffer,
    turnStarts: (doc.turnStarts ?? []).filter((t) => t[0] <= turn),
    takebacks: (doc.takebacks ?? 0) + 1,
  };
  return { doc: next, state: replayed.value.state, moves: [], body, truncate: replayed.value.moves };
}
