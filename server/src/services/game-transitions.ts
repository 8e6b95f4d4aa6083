import {
  drawOfferAfterPlay,
  encodeState,
  finish,
  hasFirstMoveGrace,
  isPlayErrorCode,
  moveRecord,
  parseUci,
  play,
  timeoutOutcome,
  endTurn as passTurn,
  startClockTurn,
  endClockTurn,
  stopClock,
  clockView,
  flaggedSide,
  hashEncodedState,
  type ClockState,
  type Color,
  type GameEventBody,
  type TurnStartClock,
  type GameState,
  type MoveRecord,
  type Outcome,
  type PlayOutcome,
  type RuleError,
} from '@progressive-chess/shared';
import { fail } from './errors.js';
import { abandoned, idleDeadlineOf, idleMsOf, playedDoc, type GameDoc, type IdleLimits } from './game-doc.js';

/** A decided change of one game: the new doc, move-log entries and the event to publish. */
export interface Transition {
  readonly doc: GameDoc;
  /** The rules state `doc.state` encodes (kept decoded for the next command on this node). */
  readonly state: GameState;
  readonly moves: readonly MoveRecord[];
  readonly body: GameEventBody;
  /** A takeback: the move log is cut to this many entries before `moves` are appended. */
  readonly truncate?: number;
  /** False: not a change of play (a player left or came back, time given): the idle deadline stays as it is. */
  readonly activity?: false;
}

export interface TransitionContext {
  readonly doc: GameDoc;
  readonly state: GameState;
  readonly color: Color;
  readonly now: number;
  readonly graceMs: number;
  /** A game in progress is aborted as abandoned this long after its last change (see `withActivity`). */
  readonly idle: IdleLimits;
  /** Moves in the log before this command. */
  readonly logLength: number;
}

/** Play errors are protocol codes as they are; anything else is a server bug. */
function ruleFail(e: RuleError): never {
  if (isPlayErrorCode(e.code)) fail(e.code, e.message);
  throw new Error(`rules: ${e.code}: ${e.message}`);
}

export const resignation = (loser: Color): Outcome => ({ result: loser === 'white' ? '0-1' : '1-0', reason: 'resignation' });
/** The outcomes of an abort, by cause (shared `AbortCause`). */
export const ABORTED = {
  byPlayer: { result: null, reason: 'aborted', abort: 'player' },
  firstMoveTimeout: { result: null, reason: 'aborted', abort: 'first-move-timeout' },
  abandoned: { result: null, reason: 'aborted', abort: 'abandoned' },
} as const satisfies Record<string, Outcome>;
export const AGREEMENT: Outcome = { result: '1/2-1/2', reason: 'agreement' };

/** Each side's time left as turn `turn` starts with `clock` (the mover's, as of its start). */
export const turnStartOf = (turn: number, clock: ClockState): TurnStartClock => [turn, clock.remaining.white, clock.remaining.black];

/** Clock and grace bookkeeping shared by moves and passes, for the doc after `out`. */
function afterPlay(ctx: TransitionContext, out: PlayOutcome, movesInTurn: number): GameDoc {
  const { doc, color, now } = ctx;
  let clock = doc.clock;
  let graceDeadline = doc.graceDeadline;
  const started = color === 'white' ? { white: true, black: doc.started.black } : { white: doc.started.white, black: true };
  if (!doc.started[color]) {
    clock = startClockTurn(clock, color, ctx.state.budget, now);
    graceDeadline = null;
  }
  if (out.outcome) {
    clock = stopClock(clock, now);
    graceDeadline = null;
  } else if (out.turnEnded) {
    clock = endClockTurn(clock, movesInTurn, now);
    const next = out.state.color;
    if (started[next]) clock = startClockTurn(clock, next, out.state.budget, now);
    else if (hasFirstMoveGrace(doc.timeControl)) graceDeadline = now + ctx.graceMs;
  }
  // what a takeback to the turn starting now restores (a list replaced only when a turn starts)
  const turnStarts = out.turnEnded && !out.outcome && doc.turnStarts ? [...doc.turnStarts, turnStartOf(out.state.turn, clock)] : doc.turnStarts;
  const over = out.outcome !== null;
  const status = over ? 'finished' : 'playing';
  return playedDoc(doc, {
    state: encodeState(out.state),
    turn: out.state.turn,
    clock,
    started,
    graceDeadline,
    status,
    outcome: out.outcome,
    drawOffer: drawOfferAfterPlay(doc.drawOffer, color, out.turnEnded, over),
    turnStarts,
    // as `withActivity` sets it at commit, so that the doc is not copied once more there
    idleDeadline: idleDeadlineOf(status, now, idleMsOf({ bot: doc.bot, started }, ctx.idle)),
  });
}

export function moveTransition(ctx: TransitionContext, uci: string): Transition {
  const move = parseUci(uci);
  if (!move) fail('illegal-move', `not a move: ${uci}`);
  const res = play(ctx.state, move, ctx.color);
  if (!res.ok) ruleFail(res.error);
  const out = res.value;
  const record = moveRecord(ctx.state, move, out, ctx.now);
  const doc = afterPlay(ctx, out, ctx.state.moveIndex + 1);
  // The move alone: each client makes its record with the same rules (the state hash checks it).
  const body: GameEventBody = {
    type: 'move',
    uci: record.uci,
    hash: hashEncodedState(doc.state),
    clocks: clockView(doc.clock, ctx.now, doc.graceDeadline),
    ...(out.outcome ? { outcome: out.outcome } : {}),
  };
  return { doc, state: out.state, moves: [record], body };
}

/** Passing the rest of a cost turn. */
export function passTransition(ctx: TransitionContext): Transition {
  const res = passTurn(ctx.state, ctx.color);
  if (!res.ok) ruleFail(res.error);
  const played = afterPlay(ctx, res.value, ctx.state.moveIndex);
  const doc = { ...played, passes: [...played.passes, ctx.logLength] };
  const clocks = clockView(doc.clock, ctx.now, doc.graceDeadline);
  const body: GameEventBody = {
    type: 'turn-passed',
    color: ctx.color,
    hash: hashEncodedState(doc.state),
    clocks,
    outcome: doc.outcome,
  };
  return { doc, state: res.value.state, moves: [], body };
}

/** Ends the game from outside the rules (resignation, agreement, abort, timeout). */
export function finishTransition(doc: GameDoc, state: GameState, outcome: Outcome, now: number): Transition {
  const clock = stopClock(doc.clock, now);
  const finished = finish(state, outcome);
  const next: GameDoc = {
    ...doc,
    state: encodeState(finished),
    clock,
    graceDeadline: null,
    status: 'finished',
    outcome,
    drawOffer: null,
    ...(doc.takebackOffer == null ? {} : { takebackOffer: null }),
    rematchOffer: null,
  };
  // the first-move deadline that was running (why an abort happened is the outcome's `abort`)
  const body: GameEventBody = { type: 'game-over', outcome, clocks: clockView(clock, now, doc.graceDeadline) };
  return { doc: next, state: finished, moves: [], body };
}

/** The outcome the clock imposes at `now` (flag or first-move abort), or null. */
export function expiredOutcome(doc: GameDoc, state: GameState, now: number): Outcome | null {
  if (doc.status !== 'playing') return null;
  if (doc.graceDeadline !== null && now >= doc.graceDeadline && !doc.started[state.color]) return ABORTED.firstMoveTimeout;
  const flagged = flaggedSide(doc.clock, now);
  if (flagged === null) return abandoned(doc, now) ? ABORTED.abandoned : null;
  return timeoutOutcome(state, flagged);
}
