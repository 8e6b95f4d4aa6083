import { clockView, decodeState, opposite, type ClockView, type Color, type MoveRecord, type Outcome } from '@progressive-chess/shared';
import { claimsOpen, seatAbsence } from '../services/game-absence.js';
import { parseGame, type GameDoc, type PlayerRef } from '../services/game-doc.js';
import type { StoredGame } from '../store/store.js';

/** The move list of the API: UCI moves in order, with `0000` where a turn was passed (cost variants). */
export function apiMoves(moves: readonly MoveRecord[], passes: readonly number[]): string[] {
  const out: string[] = [];
  const after = new Map<number, number>();
  for (const p of passes) after.set(p, (after.get(p) ?? 0) + 1);
  for (let i = 0; i <= moves.length; i++) {
    for (let k = after.get(i) ?? 0; k > 0; k--) out.push('0000');
    const m = moves[i];
    if (m) out.push(m.uci);
  }
  return out;
}

export interface ApiGameState {
  readonly type: 'gameState';
  readonly version: number;
  readonly moves: string[];
  /** The progressive turn to play, its side, and the moves (or points) of its series already used. */
  readonly turn: number;
  readonly color: 'white' | 'black';
  readonly moveIndex: number;
  readonly budget: number;
  readonly spent: number;
  readonly clocks: ClockView;
  readonly status: 'playing' | 'finished';
  readonly outcome: Outcome | null;
  readonly drawOffer: 'white' | 'black' | null;
  /** The side whose takeback offer stands; an accepted one comes as a state with fewer moves. */
  readonly takebackOffer: 'white' | 'black' | null;
}

export interface ApiGameFull {
  readonly type: 'gameFull';
  readonly id: string;
  readonly variant: GameDoc['variant'];
  readonly rated: boolean;
  readonly timeControl: GameDoc['timeControl'];
  readonly white: PlayerRef & { readonly bot: boolean };
  readonly black: PlayerRef & { readonly bot: boolean };
  readonly initialFen: string;
  readonly initialTurn: number;
  readonly state: ApiGameState;
}

/** The `gameState` line of a stored game at `now`. */
export function gameStateOf(stored: StoredGame, now: number): ApiGameState {
  const { doc, moves } = parseGame(stored);
  const decoded = decodeState(doc.state);
  if (!decoded.ok) throw new Error(`game ${doc.id}: stored state does not decode`);
  const s = decoded.value;
  return {
    type: 'gameState',
    version: stored.version,
    moves: apiMoves(moves, doc.passes),
    turn: s.turn,
    color: s.color,
    moveIndex: s.moveIndex,
    budget: s.budget,
    spent: s.spent,
    clocks: clockView(doc.clock, now, doc.status === 'playing' ? doc.graceDeadline : null),
    status: doc.status,
    outcome: doc.outcome,
    drawOffer: doc.drawOffer,
    takebackOffer: doc.takebackOffer ?? null,
  };
}

/**
 * What a `gameState` line tells, but its version and the clocks' running time: a commit that changes
 * none of it (an absence recorded, a presence restored) sends no state line, so an engine is not told
 * the same position twice. From the doc and the number of moves stored (none of them parsed).
 */
export function stateChangeKey(doc: GameDoc, moveCount: number): string {
  return JSON.stringify([moveCount, doc.passes, doc.state, doc.clock, doc.graceDeadline, doc.status, doc.drawOffer, doc.takebackOffer ?? null]);
}

/** The first line of a game stream: who plays what, from where, and the state now. */
export function gameFullOf(stored: StoredGame, now: number, bots: ReadonlySet<string>): ApiGameFull {
  const { doc } = parseGame(stored);
  const seat = (p: PlayerRef) => ({ ...p, bot: bots.has(p.id) });
  return {
    type: 'gameFull',
    id: doc.id,
    variant: doc.variant,
    rated: doc.rated === true,
    timeControl: doc.timeControl,
    white: seat(doc.players.white),
    black: seat(doc.players.black),
    initialFen: doc.initialFen,
    initialTurn: doc.initialTurn,
    state: gameStateOf(stored, now),
  };
}

/**
 * The `opponentGone` line (lichess's shape): whether `me`'s opponent has left the game, and, when it
 * may be claimed against, the seconds until `me` may claim victory (0: now), at `now`. None before
 * the game has really started (`claimsOpen`: it may be aborted instead); the stream tells the line
 * again when it starts while the opponent is gone.
 */
export interface ApiOpponentGone {
  readonly type: 'opponentGone';
  readonly gone: boolean;
  readonly claimWinInSeconds?: number;
}

export function opponentGoneOf(doc: GameDoc, me: Color, claimAfterMs: number, now: number): ApiOpponentGone {
  const away = seatAbsence(doc, opposite(me), claimAfterMs);
  if (away === null) return { type: 'opponentGone', gone: false };
  if (away.claimFrom === null || !claimsOpen(doc)) return { type: 'opponentGone', gone: true };
  return { type: 'opponentGone', gone: true, claimWinInSeconds: Math.max(0, Math.ceil((away.claimFrom - now) / 1000)) };
}
