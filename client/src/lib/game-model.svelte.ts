import {
  canAbort,
  canPass,
  isTimed,
  takebackBar,
  legalMoves,
  moveRecord,
  play,
  sameMove,
  type AckError,
  type GameAction,
  type GameState,
  type Move,
  type MoveRecord,
} from '@progressive-chess/shared';
import { GameSync } from './game-sync.svelte.js';
import { cyclePendingSquares, earlyChecks, type BlockedMove } from './early-check.js';
import { checkQueue, nextTurnState } from './premoves.js';
import { seriesProgress, type SeriesProgress } from './series.js';

/** An own move shown before the server confirmed it. */
interface PendingMove {
  readonly move: Move;
  readonly record: MoveRecord;
  readonly state: GameState;
  sent: boolean;
  acked: boolean;
}

/**
 * The view-model of one game: the server's view (`GameSync`) plus optimistic own moves, the
 * series premove queue, and everything the page derives from the rules package. The
 * components know no chess rules; they read this.
 */
export class GameModel extends GameSync {
  pending = $state.raw<readonly PendingMove[]>([]);
  premoves = $state.raw<readonly Move[]>([]);
  /** Number of moves shown when browsing history; null = live. */
  viewPly = $state<number | null>(null);
  private sending = false;

  // ---- derived -------------------------------------------------------------------------

  /** The live state including optimistic own moves. */
  readonly state = $derived<GameState | null>(this.pending.at(-1)?.state ?? this.serverState);
  readonly moves = $derived<readonly MoveRecord[]>([...this.serverMoves, ...this.pending.map((p) => p.record)]);
  readonly isMyTurn = $derived(!this.over && this.myColor !== null && this.state?.color === this.myColor);
  readonly legal = $derived<Move[]>(this.state && !this.over ? legalMoves(this.state) : []);
  readonly series = $derived<SeriesProgress | null>(this.state && !this.over ? seriesProgress(this.state) : null);
  readonly cyclePending = $derived(this.state && !this.over ? cyclePendingSquares(this.state) : []);
  readonly earlyChecks = $derived<BlockedMove[]>(
    this.state && this.isMyTurn ? earlyChecks(this.state, this.legal) : [],
  );
  /** Hypothetical start of my coming turn, after the queued premoves (opponent's series running). */
  readonly premoveState = $derived.by(() => {
    const me = this.myColor;
    if (!this.state || this.over || !me || this.state.color === me) return null;
    const start = nextTurnState(this.state, me);
    return start ? checkQueue(start, this.premoves, me) : null;
  });
  /** The server's rule (shared): before both sides have completed a turn. */
  readonly canAbort = $derived(
    this.myColor !== null && this.serverState !== null && this.snapshot !== null && canAbort(this.serverState, this.snapshot.initialTurn),
  );
  /** The shared rule: a casual game in progress, after a series of mine (docs/rules.md, Takebacks). */
  readonly canTakeback = $derived(
    this.myColor !== null &&
      this.serverState !== null &&
      this.snapshot !== null &&
      takebackBar({ rated: this.snapshot.rated === true, over: this.over, initialTurn: this.snapshot.initialTurn }, this.serverState, this.myColor) === null,
  );
  /** Cost variants: "pass the rest" once at least one move of the series is made. */
  readonly canPass = $derived(this.isMyTurn && this.state !== null && this.myColor !== null && canPass(this.state, this.myColor));
  readonly timed = $derived(this.snapshot !== null && isTimed(this.snapshot.timeControl));

  /** Candidate moves for a from/to pair in the current mode (several = promotion choice). */
  candidates(from: number, to: number): Move[] {
    if (this.isMyTurn) {
      const legal = this.legal.filter((m) => m.from === from && m.to === to);
      return legal.length > 0 ? legal : this.earlyChecks.filter((b) => b.move.from === from && b.move.to === to).map((b) => b.move);
    }
    const pre = this.premoveState;
    return pre ? legalMoves(pre.state).filter((m) => m.from === from && m.to === to) : [];
  }

  // ---- moves ---------------------------------------------------------------------------

  /** A move from the board or the keyboard: played now on my turn, queued as a premove otherwise. */
  move(move: Move): boolean {
    this.notice = null;
    if (!this.myColor || this.over || !this.state) return false;
    this.viewPly = null;
    return this.isMyTurn ? this.playNow(move) : this.queuePremove(move);
  }

  private playNow(move: Move): boolean {
    const state = this.state;
    const me = this.myColor;
    if (!state || !me) return false;
    const res = play(state, move, me);
    if (!res.ok) {
      this.notice = res.error.message;
      return false;
    }
    const record = moveRecord(state, move, res.value, Date.now());
    this.pending = [...this.pending, { move, record, state: res.value.state, sent: false, acked: false }];
    if (!this.holdSeries) void this.flush();
    return true;
  }

  /**
   * Move confirmation (a correspondence game and the player's preference): the series' moves wait
   * here, unsent, until the player confirms the whole series (`sendSeries`) or takes it back.
   */
  holdSeries = $state(false);
  /** A held series played to its end: the page asks to send it or take it back. */
  readonly seriesToConfirm = $derived(
    this.holdSeries && this.myColor !== null && this.pending.some((p) => !p.sent) && this.state?.color !== this.myColor,
  );

  sendSeries(): void {
    void this.flush();
  }

  takeBackSeries(): void {
    this.pending = this.pending.filter((p) => p.sent);
  }

  /** Sends pending moves one by one, each with the version the previous ack returned. */
  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const next = this.pending.find((p) => !p.sent);
        if (!next) break;
        next.sent = true;
        const res = await this.command('game:move', { gameId: this.id, version: this.knownVersion, move: next.record.uci });
        if (!res.ok) {
          this.rollback(res);
          break;
        }
        next.acked = true;
        this.knownVersion = Math.max(this.knownVersion, res.version);
      }
    } finally {
      this.sending = false;
    }
  }

  private rollback(error: AckError): void {
    const dropped = this.pending.filter((p) => !p.acked).map((p) => p.move);
    this.pending = this.pending.filter((p) => p.acked);
    if (error.code === 'stale-version' || error.code === 'conflict') {
      // The server moved on (e.g. a draw offer came in) and refused the move unapplied: after
      // the resync, the dropped moves are played again while they stay legal.
      this.premoves = [...dropped, ...this.premoves];
      void this.resync();
      return;
    }
    this.premoves = [];
    this.refused(error);
    if (error.code === 'internal') void this.resync();
  }

  private queuePremove(move: Move): boolean {
    const pre = this.premoveState;
    const me = this.myColor;
    if (!pre || !me || pre.state.color !== me) return false;
    if (!legalMoves(pre.state).some((m) => sameMove(m, move))) {
      const res = play(pre.state, move, me);
      this.notice = res.ok ? null : res.error.message;
      return false;
    }
    this.premoves = [...this.premoves.slice(0, pre.valid), move];
    return true;
  }

  cancelPremoves(): void {
    this.premoves = [];
  }

  protected override onTakeback(): void {
    this.pending = [];
    this.premoves = [];
    this.viewPly = null;
  }

  protected override onSnapshot(): void {
    const unconfirmed = this.pending;
    this.pending = [];
    if (this.over) this.premoves = [];
    else if (unconfirmed.length > 0) this.rebase(unconfirmed);
  }

  /**
   * Own moves not confirmed yet when the server's state replaced ours (the snapshot of a reconnection,
   * taken while they were on their way): those the server already has are dropped, the others go on
   * from its position while they stay legal (one sent keeps waiting for its ack, the rest are sent),
   * and the player is told of any that could not.
   */
  private rebase(unconfirmed: readonly PendingMove[]): void {
    const me = this.myColor;
    let state = this.serverState;
    const kept: PendingMove[] = [];
    for (const p of unconfirmed) {
      const slot = this.serverMoves.find((m) => m.color === p.record.color && m.turn === p.record.turn && m.index === p.record.index);
      if (slot?.uci === p.record.uci) continue;
      const res = !slot && state && me ? play(state, p.move, me) : null;
      if (!state || !res?.ok) {
        const lost = unconfirmed.length - unconfirmed.indexOf(p);
        this.notice = `${lost === 1 ? `Your move ${p.record.san} was` : `Your last ${lost} moves were`} not played: the game moved on while the connection was down.`;
        break;
      }
      kept.push({ ...p, record: moveRecord(state, p.move, res.value, p.record.at), state: res.value.state });
      state = res.value.state;
    }
    this.pending = kept;
    if (kept.some((p) => !p.sent)) void this.flush();
  }

  protected override onOwnMove(move: MoveRecord): void {
    const first = this.pending[0];
    if (first) this.pending = first.record.uci === move.uci ? this.pending.slice(1) : [];
  }

  /** When my turn starts, queued premoves are played one by one while they stay legal. */
  protected override afterChange(): void {
    if (this.premoves.length === 0 || !this.isMyTurn || this.pending.length > 0) return;
    const queue = this.premoves;
    this.premoves = [];
    for (const [i, m] of queue.entries()) {
      if (!this.isMyTurn) break;
      if (!this.legal.some((l) => sameMove(l, m))) {
        this.notice = `Premove ${i + 1} is not legal any more: the rest of the queue was dropped.`;
        break;
      }
      this.playNow(m);
    }
  }

  async endTurn(): Promise<void> {
    const res = await this.command('game:endTurn', { gameId: this.id, version: this.knownVersion });
    if (!res.ok) this.refused(res);
  }

  /** Resign, draw offers, abort, rematch, claims, time: the commands of the table the server decides alone (no local prediction). */
  async action(event: GameAction): Promise<void> {
    const res = await this.command(event, { gameId: this.id });
    if (res.ok) this.notice = null;
    else this.refused(res);
  }

  // ---- history browsing ----------------------------------------------------------------

  view(ply: number | null): void {
    this.viewPly = ply === null || ply >= this.moves.length ? null : Math.max(0, ply);
  }
}
