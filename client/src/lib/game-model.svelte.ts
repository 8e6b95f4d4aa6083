import {
  VARIANTS,
  decodeState,
  legalMoves,
  makeSan,
  makeUci,
  play,
  type AckError,
  type ClockView,
  type Color,
  type GameEvent,
  type GameSnapshot,
  type GameState,
  type Move,
  type MoveRecord,
  type Outcome,
  type PresenceEvent,
  type Seat,
} from '@progressive-chess/shared';
import { ClockSync } from './clock-sync.js';
import { cyclePendingSquares, earlyChecks, type BlockedMove } from './early-check.js';
import { sameMove } from './moves.js';
import { checkQueue, nextTurnState } from './premoves.js';
import { seriesProgress, type SeriesProgress } from './series.js';
import type { RequestFn } from './socket.js';

/** Player actions the server decides alone (no local prediction). */
export type GameAction =
  | 'game:resign'
  | 'game:drawOffer'
  | 'game:drawAccept'
  | 'game:drawDecline'
  | 'game:abort'
  | 'game:rematchOffer'
  | 'game:rematchAccept';

/** An own move shown before the server confirmed it. */
interface PendingMove {
  readonly move: Move;
  readonly record: MoveRecord;
  readonly state: GameState;
  sent: boolean;
  acked: boolean;
}

/**
 * The view-model of one game: the server snapshot plus versioned events applied in order,
 * optimistic own moves, the series premove queue, and everything the page derives from the
 * rules package. The components know no chess rules; they read this.
 */
export class GameModel {
  readonly id: string;
  snapshot = $state.raw<GameSnapshot | null>(null);
  seat = $state<Seat>('spectator');
  /** Version of the last applied server event. */
  version = $state(0);
  serverState = $state.raw<GameState | null>(null);
  serverMoves = $state.raw<readonly MoveRecord[]>([]);
  clocks = $state.raw<ClockView | null>(null);
  outcome = $state.raw<Outcome | null>(null);
  drawOffer = $state<Color | null>(null);
  rematchOffer = $state<Color | null>(null);
  rematchGameId = $state<string | null>(null);
  spectators = $state(0);
  online = $state({ white: true, black: true });
  pending = $state.raw<readonly PendingMove[]>([]);
  premoves = $state.raw<readonly Move[]>([]);
  /** Number of moves shown when browsing history; null = live. */
  viewPly = $state<number | null>(null);
  /** The last explanation for the user (refused move, stopped premove queue...). */
  notice = $state<string | null>(null);
  loadError = $state<string | null>(null);
  resyncCount = $state(0);

  private knownVersion = 0;
  private resyncing = false;
  private buffered: GameEvent[] = [];
  private sending = false;
  readonly clock = new ClockSync();
  private readonly request: RequestFn;

  constructor(id: string, request: RequestFn) {
    this.id = id;
    this.request = request;
  }

  // ---- derived -------------------------------------------------------------------------

  readonly myColor = $derived<Color | null>(this.seat === 'spectator' ? null : this.seat);
  /** The live state including optimistic own moves. */
  readonly state = $derived<GameState | null>(this.pending.at(-1)?.state ?? this.serverState);
  readonly moves = $derived<readonly MoveRecord[]>([...this.serverMoves, ...this.pending.map((p) => p.record)]);
  readonly over = $derived(this.outcome !== null);
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
  readonly canAbort = $derived(
    !this.over && this.myColor !== null && !this.moves.some((m) => m.color === this.myColor),
  );
  /** Cost variants: "pass the rest" once at least one move of the series is made. */
  readonly canPass = $derived(
    this.isMyTurn && this.state !== null && VARIANTS[this.state.variant].costs !== null && this.state.spent > 0,
  );
  readonly timed = $derived(this.snapshot !== null && this.snapshot.timeControl.kind !== 'none');

  /** Candidate moves for a from/to pair in the current mode (several = promotion choice). */
  candidates(from: number, to: number): Move[] {
    if (this.isMyTurn) {
      const legal = this.legal.filter((m) => m.from === from && m.to === to);
      return legal.length > 0 ? legal : this.earlyChecks.filter((b) => b.move.from === from && b.move.to === to).map((b) => b.move);
    }
    const pre = this.premoveState;
    return pre ? legalMoves(pre.state).filter((m) => m.from === from && m.to === to) : [];
  }

  // ---- loading and syncing -------------------------------------------------------------

  async join(): Promise<void> {
    const res = await this.request('game:join', { gameId: this.id });
    if (!res.ok) {
      this.loadError = res.message;
      return;
    }
    this.applySnapshot(res.snapshot, res.seat);
  }

  async leave(): Promise<void> {
    await this.request('game:leave', { gameId: this.id });
  }

  async resync(): Promise<void> {
    if (this.resyncing) return;
    this.resyncing = true;
    this.resyncCount++;
    const res = await this.request('game:resync', { gameId: this.id });
    this.resyncing = false;
    if (!res.ok) {
      this.notice = res.message;
      return;
    }
    this.applySnapshot(res.snapshot, res.seat);
    const buffered = this.buffered.sort((a, b) => a.version - b.version);
    this.buffered = [];
    for (const e of buffered) this.handleEvent(e);
  }

  applySnapshot(s: GameSnapshot, seat: Seat): void {
    const decoded = decodeState(s.state);
    if (!decoded.ok) {
      this.loadError = `Unreadable game state: ${decoded.error.message}`;
      return;
    }
    this.snapshot = s;
    this.seat = seat;
    this.version = s.version;
    this.knownVersion = Math.max(this.knownVersion, s.version);
    this.serverState = decoded.value;
    this.serverMoves = s.moves;
    this.setClocks(s.clocks);
    this.outcome = s.outcome;
    this.drawOffer = s.drawOffer;
    this.rematchOffer = s.rematchOffer;
    this.rematchGameId = s.rematchGameId;
    this.spectators = s.spectators;
    this.online = { white: s.players.white.online, black: s.players.black.online };
    this.pending = [];
    this.loadError = null;
    this.afterChange();
  }

  /** A `game:event` for this game: applied in version order; a gap triggers a resync. */
  handleEvent(e: GameEvent): void {
    if (e.gameId !== this.id) return;
    if (this.resyncing || !this.snapshot) {
      this.buffered.push(e);
      return;
    }
    if (e.version <= this.version) return;
    if (e.version > this.version + 1) {
      this.buffered.push(e);
      void this.resync();
      return;
    }
    if (!this.applyEvent(e)) {
      void this.resync();
      return;
    }
    this.version = e.version;
    this.knownVersion = Math.max(this.knownVersion, e.version);
    this.afterChange();
  }

  private applyEvent(e: GameEvent): boolean {
    const ev = e.event;
    switch (ev.type) {
      case 'move': {
        const decoded = decodeState(ev.state);
        if (!decoded.ok) return false;
        this.serverState = decoded.value;
        this.serverMoves = [...this.serverMoves, ev.move];
        // A standing draw offer lapses when the offered side ends a turn.
        if (ev.move.turnEnded && this.drawOffer !== null && ev.move.color !== this.drawOffer) this.drawOffer = null;
        const first = this.pending[0];
        if (first && ev.move.color === this.myColor) {
          this.pending = first.record.uci === ev.move.uci ? this.pending.slice(1) : [];
        }
        this.setClocks(ev.clocks);
        if (ev.outcome) this.finish(ev.outcome);
        return true;
      }
      case 'turn-passed': {
        const decoded = decodeState(ev.state);
        if (!decoded.ok) return false;
        this.serverState = decoded.value;
        this.pending = [];
        if (this.drawOffer !== null && ev.color !== this.drawOffer) this.drawOffer = null;
        this.setClocks(ev.clocks);
        // A pass may end the game (e.g. the next side starts its turn mated).
        if (ev.outcome) this.finish(ev.outcome);
        return true;
      }
      case 'game-over':
        this.setClocks(ev.clocks);
        this.finish(ev.outcome);
        return true;
      case 'draw-offer':
        this.drawOffer = ev.by;
        return true;
      case 'draw-declined':
        this.drawOffer = null;
        return true;
      case 'rematch-offer':
        this.rematchOffer = ev.by;
        return true;
      case 'rematch':
        this.rematchGameId = ev.gameId;
        return true;
    }
  }

  private finish(outcome: Outcome): void {
    this.outcome = outcome;
    this.drawOffer = null;
    this.premoves = [];
    this.pending = [];
  }

  private setClocks(view: ClockView): void {
    this.clocks = view;
    this.clock.observe(view.serverNow);
  }

  handlePresence(p: PresenceEvent): void {
    if (p.gameId === this.id) this.online = { ...this.online, [p.color]: p.online };
  }

  handleSpectators(gameId: string, count: number): void {
    if (gameId === this.id) this.spectators = count;
  }

  /** Milliseconds left on a clock at local time `now`. */
  remaining(color: Color, now: number): number {
    return this.clocks ? this.clock.remaining(this.clocks, color, now) : 0;
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
    const record: MoveRecord = {
      uci: makeUci(move),
      san: makeSan(state, move),
      color: me,
      turn: state.turn,
      index: state.moveIndex + 1,
      cycleEnd: res.value.cycleEnded,
      turnEnded: res.value.turnEnded,
      at: Date.now(),
    };
    this.pending = [...this.pending, { move, record, state: res.value.state, sent: false, acked: false }];
    void this.flush();
    return true;
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
        const res = await this.request('game:move', { gameId: this.id, version: this.knownVersion, move: next.record.uci });
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
    this.pending = this.pending.filter((p) => p.acked);
    this.premoves = [];
    this.notice = error.message;
    if (error.code === 'stale-version' || error.code === 'conflict' || error.code === 'internal') void this.resync();
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

  /** When my turn starts, queued premoves are played one by one while they stay legal. */
  private afterChange(): void {
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
    const res = await this.request('game:endTurn', { gameId: this.id, version: this.knownVersion });
    if (!res.ok) this.notice = res.message;
  }

  /** Resign, draw offers, abort, rematch: server-side actions with no local prediction. */
  async action(event: GameAction): Promise<void> {
    const res = await this.request(event, { gameId: this.id });
    this.notice = res.ok ? null : res.message;
  }

  // ---- history browsing ----------------------------------------------------------------

  view(ply: number | null): void {
    this.viewPly = ply === null || ply >= this.moves.length ? null : Math.max(0, ply);
  }
}
