import { VARIANTS, legalMoves, parseUci, positionOf, type GameState, type Move, type Piece, type Square } from '@progressive-chess/shared';
import type { GameModel } from './game-model.svelte.js';
import { boardPieces, checkSquare, destsOf } from './moves.js';
import { replay } from './replay.js';
import { seriesProgress, type SeriesProgress } from './series.js';

/** What the board shows for a game: position (live or browsed), dots, highlights, premoves. */
export class BoardView {
  private readonly game: GameModel;

  constructor(game: GameModel) {
    this.game = game;
  }

  /** The state the board shows (history browsing or live). */
  readonly shownState = $derived.by<GameState | null>(() => {
    if (this.game.viewPly === null || !this.game.snapshot) return this.game.state;
    return replay(this.game.snapshot, this.game.moves, this.game.viewPly);
  });
  readonly shownMoves = $derived.by(() => this.game.viewPly === null ? this.game.moves : this.game.moves.slice(0, this.game.viewPly));
  readonly checkSquare = $derived.by(() => this.shownState ? checkSquare(this.shownState) : null);
  /** Destinations the board offers: my legal moves, or premove targets during the opponent's series. */
  readonly dests = $derived.by(() => {
    if (this.game.viewPly !== null || this.game.over || !this.game.myColor) return new Map<number, number[]>();
    if (this.game.isMyTurn) return destsOf(this.game.legal);
    const pre = this.game.premoveState;
    return pre && pre.state.color === this.game.myColor ? destsOf(legalMoves(pre.state)) : new Map<number, number[]>();
  });
  /** Italian: destinations refused because they give check before the last move. */
  readonly blocked = $derived.by(() => destsOf(this.game.earlyChecks.map((b) => b.move)));

  /** Moves of the series on show (the one running, or the one just finished), for numbering. */
  readonly seriesMoves = $derived.by<Move[]>(() => {
    const last = this.shownMoves.at(-1);
    if (!last) return [];
    return this.shownMoves.filter((m) => m.turn === last.turn).flatMap((m) => parseUci(m.uci) ?? []);
  });
  /** Ghost pieces where the queued premoves would put them. */
  readonly ghosts = $derived.by(() => {
    const ghosts = new Map<Square, Piece>();
    const pre = this.game.premoveState;
    if (!pre || pre.valid === 0 || !this.game.state) return ghosts;
    const now = boardPieces(this.game.state);
    boardPieces(pre.state).forEach((p, sq) => {
      const cur = now[sq];
      if (p && (p.role !== cur?.role || p.color !== cur.color)) ghosts.set(sq, p);
    });
    return ghosts;
  });
  readonly pieces = $derived.by(() => this.shownState ? boardPieces(this.shownState) : new Array<Piece | undefined>(64).fill(undefined));
  readonly cycle = $derived.by(() => this.game.viewPly === null ? this.game.cyclePending : []);
  readonly arrows = $derived.by(() => this.game.premoves.slice(0, this.game.premoveState?.valid ?? 0));

  /** The series panel follows the position shown (history browsing included). */
  readonly shownSeries = $derived.by<SeriesProgress | null>(() => {
    const s = this.shownState;
    return s && !s.outcome && (this.game.viewPly !== null || !this.game.over) ? seriesProgress(s) : null;
  });

  /**
   * The opponent's last series, kept marked while my own series runs (premoves may have played
   * my first moves at once: the opponent's moves must not vanish unseen).
   */
  readonly previousSeries = $derived.by<Square[]>(() => {
    const moves = this.shownMoves;
    const last = moves.at(-1);
    if (!last || last.color !== this.game.myColor) return [];
    const prev = moves.filter((m) => m.turn === last.turn - 1);
    return prev.flatMap((m) => {
      const mv = parseUci(m.uci);
      return mv ? [mv.from, mv.to] : [];
    });
  });

  /** The last move shown, to animate (the opponent's moves and history steps; own moves are placed already). */
  readonly lastMove = $derived.by(() => {
    const moves = this.shownMoves;
    const last = moves.at(-1);
    if (!last || (this.game.viewPly === null && last.color === this.game.myColor)) return null;
    const mv = parseUci(last.uci);
    return mv ? { from: mv.from, to: mv.to, key: `${moves.length}:${last.uci}` } : null;
  });

  /** Why a click on `sq` offers no move, in words for the board (null: nothing to explain). */
  whyNot(sq: Square): string | null {
    const g = this.game;
    if (!g.myColor || g.over) return null;
    if (g.viewPly !== null) return 'You are looking at an earlier position: go back to live to move.';
    const piece = this.pieces[sq];
    if (!piece || piece.color !== g.myColor || !g.state) return null;
    if (!g.isMyTurn && !g.premoveState) return null;
    if (!g.isMyTurn && g.premoveState && g.premoveState.state.color !== g.myColor) {
      return 'Your coming series is already full of premoves: cancel them to choose others.';
    }
    const state = g.isMyTurn ? g.state : g.premoveState?.state;
    if (state && VARIANTS[state.variant].cycles && g.isMyTurn && !g.cyclePending.includes(sq)) {
      return 'This piece already moved in this cycle: move the ringed pieces first.';
    }
    const costs = state ? VARIANTS[state.variant].costs : null;
    if (state && costs) {
      // Cost variants: a piece with moves on the board that the points left cannot pay for.
      const board = positionOf(state).legalMoves(VARIANTS[state.variant].moveRules).filter((m) => m.from === sq);
      const left = state.budget - state.spent;
      const cheapest = Math.min(...board.map((m) => costs[m.promotion ?? piece.role]));
      if (board.length > 0 && cheapest > left) {
        const what = board.every((m) => m.promotion)
          ? `Promoting costs the new piece's price, at least ${cheapest} points`
          : `A ${piece.role} move costs ${cheapest} points`;
        return `${what}, and only ${left === 1 ? '1 point is' : `${left} points are`} left in this turn.`;
      }
    }
    return 'This piece has no legal move now.';
  }
}
