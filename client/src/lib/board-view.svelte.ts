import { inCheck, legalMoves, parseUci, type GameState, type Move, type Piece, type Square } from '@progressive-chess/shared';
import type { GameModel } from './game-model.svelte.js';
import { boardPieces, checkSquare, destsOf } from './moves.js';
import { replay } from './replay.js';

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
  readonly checkSquare = $derived.by(() => this.shownState ? checkSquare(this.shownState, inCheck(this.shownState)) : null);
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
}
