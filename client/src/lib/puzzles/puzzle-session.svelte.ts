import {
  isWinningSeries,
  legalMoves,
  newGame,
  play,
  seriesSan,
  type GameState,
  type Move,
  type Square,
} from '@progressive-chess/shared';
import { earlyChecks } from '../early-check.js';
import { destsOf } from '../moves.js';
import type { Puzzle } from './mates60.js';

export type PuzzleStatus = 'playing' | 'solved' | 'failed';

/**
 * One attempt at a puzzle: the player plays the series move by move from the puzzle's position.
 * Any series the rules accept that ends in mate solves it (checked by replaying it, not by
 * comparing with a stored answer); a series that ends without mate fails until `reset`.
 */
export class PuzzleSession {
  readonly start: GameState;
  /** Null: at the start. */
  #current = $state.raw<GameState | null>(null);
  moves = $state.raw<readonly Move[]>([]);
  /** The last refusal in words (an illegal or too-early-check move). */
  notice = $state<string | null>(null);

  constructor(readonly puzzle: Puzzle) {
    const g = newGame(puzzle.variant, { fen: puzzle.fen, turn: puzzle.turn });
    if (!g.ok) throw new Error(`puzzle ${puzzle.id}: ${g.error.message}`);
    this.start = g.value;
  }

  /** The series played so far, in SAN. */
  get san(): string[] {
    return seriesSan(this.start, this.moves);
  }

  /** Where the series stands now. */
  get state(): GameState {
    return this.#current ?? this.start;
  }

  readonly status = $derived.by<PuzzleStatus>(() => {
    if (this.moves.length === 0) return 'playing';
    if (isWinningSeries(this.start, this.moves)) return 'solved';
    const over = this.state.outcome !== null || this.state.color !== this.start.color || this.state.turn !== this.start.turn;
    return over ? 'failed' : 'playing';
  });
  readonly legal = $derived(this.status === 'playing' ? legalMoves(this.state) : []);
  readonly dests = $derived(destsOf(this.legal));
  readonly blocked = $derived(this.status === 'playing' ? destsOf(earlyChecks(this.state, this.legal).map((b) => b.move)) : new Map<Square, Square[]>());

  /** The legal moves from `from` to `to` (several: a promotion choice). */
  candidates(from: Square, to: Square): Move[] {
    return this.legal.filter((m) => m.from === from && m.to === to);
  }

  /** Plays a move of the series; false (with `notice`) when the rules refuse it. */
  move(move: Move): boolean {
    if (this.status !== 'playing') return false;
    const r = play(this.state, move, this.start.color);
    if (!r.ok) {
      this.notice = r.error.message;
      return false;
    }
    this.notice = null;
    this.#current = r.value.state;
    this.moves = [...this.moves, move];
    return true;
  }

  /** Back to the puzzle's position. */
  reset(): void {
    this.#current = null;
    this.moves = [];
    this.notice = null;
  }

}
