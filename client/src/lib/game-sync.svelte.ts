import {
  type Absence,
  applyTakeback,
  decodeState,
  endTurn,
  moveRecord,
  parseUci,
  play,
  stateHash,
  type Ack,
  type AckData,
  type ClientEventName,
  type ClientPayload,
  type ClockView,
  type CommandAck,
  type Color,
  type GameEvent,
  type GameRatingChanges,
  type GameSnapshot,
  type GameState,
  type GoneEvent,
  type HeartbeatEvent,
  type MoveRecord,
  type Outcome,
  type PresenceEvent,
  type Seat,
  type SpectatorsEvent,
} from '@progressive-chess/shared';
import { ClockSync } from './clock-sync.js';
import type { RequestFn } from './socket.js';
import { refusalText } from './refusals.js';

/** The game commands: their ack carries the event they committed (`CommandAck`). */
export type CommandName = { [E in ClientEventName]: AckData[E] extends CommandAck ? E : never }[ClientEventName];

/** How long an announced version may run ahead of the applied events before a resync. */
export const STALE_GRACE_MS = 300;

/** What the game page says of a game the server no longer has. */
export const GONE_TEXT = 'This game no longer exists on the server: it expired or was lost.';

/**
 * The server's view of one game, kept in step: the snapshot, then versioned `game:event`s
 * applied in order (a move is replayed with the rules and checked against the event's state
 * hash); a gap, an unreadable event or a hash mismatch triggers a resync, and events arriving
 * meanwhile are buffered. This connection's own commands are answered with their event in the
 * ack (the room's broadcast skips it), applied in the same order; while one is in flight, a gap
 * waits for it. Subclasses hook into own-move confirmation and every change.
 */
export class GameSync {
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
  /** The side whose takeback offer stands (casual games). */
  takebackOffer = $state<Color | null>(null);
  rematchOffer = $state<Color | null>(null);
  rematchGameId = $state<string | null>(null);
  /** The last offer turned down (shown to the side that made it). */
  declined = $state.raw<{ readonly kind: 'draw' | 'rematch' | 'takeback'; readonly by: Color } | null>(null);
  /** The last takeback applied (its turn), until the next move: the page says where the game went back to. */
  takenBack = $state.raw<{ readonly by: Color; readonly turn: number } | null>(null);
  /** Rating changes of a rated game, once it is archived. */
  ratings = $state.raw<GameRatingChanges | null>(null);
  spectators = $state(0);
  online = $state({ white: true, black: true });
  /** Players who left the game, and from when the other may claim (server times; null: both there). */
  absence = $state.raw<Absence | null>(null);
  /** The last explanation for the user (refused move, stopped premove queue...). */
  notice = $state<string | null>(null);
  /** The notice when it is an `unavailable` refusal (the store away): cleared by the next sign that the store answers. */
  private outageNotice: string | null = null;
  loadError = $state<string | null>(null);
  /** The server said the game no longer exists (`game:gone`, or a refusal `unknown-game`): `loadError` says so. */
  gone = $state(false);
  resyncCount = $state(0);
  readonly clock = new ClockSync();

  /** Highest version the server confirmed (events or acks): the `version` of the next command. */
  protected knownVersion = 0;
  protected readonly request: RequestFn;
  private resyncing = false;
  private buffered: GameEvent[] = [];
  /** Own commands not answered yet: an ack may carry the event a gap is missing. */
  private commandsInFlight = 0;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(id: string, request: RequestFn) {
    this.id = id;
    this.request = request;
  }

  readonly myColor = $derived<Color | null>(this.seat === 'spectator' ? null : this.seat);
  readonly over = $derived(this.outcome !== null);

  async join(): Promise<void> {
    const res = await this.request('game:join', { gameId: this.id });
    if (!res.ok) {
      this.loadError = refusalText(res.code, res.message);
      return;
    }
    this.applySnapshot(res.snapshot, res.seat);
    // Events broadcast between the join and its answer (a computer's first move) wait in the buffer.
    this.replayBuffered();
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
      this.refused(res);
      return;
    }
    this.applySnapshot(res.snapshot, res.seat);
    this.replayBuffered();
  }

  /** The events buffered while no snapshot was there to apply them to, in version order (those in the snapshot are skipped). */
  private replayBuffered(): void {
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
    this.takebackOffer = s.takebackOffer ?? null;
    this.rematchOffer = s.rematchOffer;
    this.rematchGameId = s.rematchGameId;
    this.ratings = s.ratings ?? null;
    this.spectators = s.spectators;
    this.online = { white: s.players.white.online, black: s.players.black.online };
    this.absence = s.absence ?? null;
    this.loadError = null;
    this.storeAnswers();
    this.onSnapshot();
    this.afterChange();
  }

  /**
   * Sends a game command of this game. Its ack carries the event the command committed, which
   * this connection does not get as a `game:event`: it is applied here, in version order.
   */
  protected async command<E extends CommandName>(event: E, payload: ClientPayload<E>): Promise<Ack<AckData[E]>> {
    this.commandsInFlight++;
    let res: Ack<AckData[E]>;
    try {
      res = await this.request(event, payload);
    } finally {
      this.commandsInFlight--;
    }
    const ack = res as Ack<CommandAck>;
    if (ack.ok && ack.event) this.handleEvent({ gameId: this.id, version: ack.version, event: ack.event });
    // A gap left once no ack can fill it any more: resync.
    if (this.commandsInFlight === 0 && this.buffered.some((b) => b.version > this.version)) void this.resync();
    return res;
  }

  /** Shows why the server refused; a refusal for the store being away lasts until the store answers again. */
  protected refused(r: { readonly code: string; readonly message: string }): void {
    if (r.code === 'unknown-game') return this.handleGone({ gameId: this.id });
    this.notice = refusalText(r.code, r.message);
    this.outageNotice = r.code === 'unavailable' ? this.notice : null;
  }

  /** An event, a snapshot or a version read from the store came: a notice that the store (or the connection) was away is over. */
  private storeAnswers(): void {
    if (this.outageNotice !== null && this.notice === this.outageNotice) this.notice = null;
    this.outageNotice = null;
  }

  /** A `game:event` for this game: applied in version order; a gap triggers a resync. */
  handleEvent(e: GameEvent): void {
    if (e.gameId !== this.id) return;
    this.storeAnswers();
    if (this.resyncing || !this.snapshot) {
      this.buffered.push(e);
      return;
    }
    if (e.version <= this.version) return;
    if (e.version > this.version + 1) {
      this.buffered.push(e);
      // The missing event may be in the ack of an own command, read after this event: wait for it.
      if (this.commandsInFlight === 0) void this.resync();
      return;
    }
    if (!this.applyEvent(e)) {
      void this.resync();
      return;
    }
    this.version = e.version;
    this.knownVersion = Math.max(this.knownVersion, e.version);
    this.afterChange();
    // Events that waited for this one (a gap an ack filled).
    if (this.buffered.length === 0) return;
    const next = this.buffered.find((b) => b.version === this.version + 1);
    this.buffered = this.buffered.filter((b) => b.version > this.version + 1);
    if (next) this.handleEvent(next);
  }

  private applyEvent(e: GameEvent): boolean {
    const ev = e.event;
    switch (ev.type) {
      case 'move': {
        // The event carries the move and the hash of the state after it: apply it with the rules,
        // which also make its record (as the server made it).
        const before = this.serverState;
        const move = parseUci(ev.uci);
        const next = move && before ? play(before, move) : null;
        if (!move || !before || !next?.ok || stateHash(next.value.state) !== ev.hash) return false;
        const rec = moveRecord(before, move, next.value, ev.clocks.serverNow);
        this.serverState = next.value.state;
        this.serverMoves = [...this.serverMoves, rec];
        // A standing draw offer lapses when the offered side ends a turn; a declined one is old news then.
        if (rec.turnEnded && this.drawOffer !== null && rec.color !== this.drawOffer) this.drawOffer = null;
        if (rec.turnEnded) this.forgetDeclined('draw');
        this.playedOn();
        if (rec.color === this.myColor) this.onOwnMove(rec);
        this.setClocks(ev.clocks);
        if (ev.outcome) this.finish(ev.outcome);
        return true;
      }
      case 'turn-passed': {
        const next = this.serverState ? endTurn(this.serverState, ev.color) : null;
        if (!next?.ok || stateHash(next.value.state) !== ev.hash) return false;
        this.serverState = next.value.state;
        if (this.drawOffer !== null && ev.color !== this.drawOffer) this.drawOffer = null;
        this.forgetDeclined('draw');
        this.playedOn();
        this.onSnapshot();
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
        this.declined = null;
        return true;
      case 'draw-declined':
        this.drawOffer = null;
        this.declined = { kind: 'draw', by: ev.by };
        return true;
      case 'takeback-offer':
        this.takebackOffer = ev.by;
        this.declined = null;
        return true;
      case 'takeback-declined':
        this.takebackOffer = null;
        this.declined = { kind: 'takeback', by: ev.by };
        return true;
      case 'takeback': {
        const decoded = decodeState(ev.state);
        if (!decoded.ok || !this.clocks) return false;
        // the effect every side applies alike (shared applyTakeback)
        const view = applyTakeback({ moves: this.serverMoves, state: '', clocks: this.clocks, drawOffer: this.drawOffer, takebackOffer: this.takebackOffer }, ev);
        this.serverState = decoded.value;
        this.serverMoves = view.moves;
        this.drawOffer = view.drawOffer;
        this.takebackOffer = view.takebackOffer;
        this.declined = null;
        this.takenBack = { by: ev.by, turn: ev.turn };
        this.setClocks(view.clocks);
        this.onTakeback();
        return true;
      }
      case 'rematch-declined':
        this.rematchOffer = null;
        this.declined = { kind: 'rematch', by: ev.by };
        return true;
      case 'rematch-offer':
        this.rematchOffer = ev.by;
        this.declined = null;
        return true;
      case 'rematch':
        this.rematchGameId = ev.gameId;
        return true;
      case 'archived':
        this.ratings = ev.ratings;
        return true;
      case 'absence':
        this.absence = ev.absence;
        return true;
      case 'time-given':
        this.setClocks(ev.clocks);
        return true;
    }
  }

  /** A move or a pass: a standing takeback offer lapses (docs/rules.md, Takebacks), a takeback is old news. */
  private playedOn(): void {
    this.takebackOffer = null;
    this.takenBack = null;
    this.forgetDeclined('takeback');
  }

  /** A declined offer is news until the turn ends (a draw's) or a new offer is made. */
  private forgetDeclined(kind: 'draw' | 'rematch' | 'takeback'): void {
    if (this.declined?.kind === kind) this.declined = null;
  }

  private finish(outcome: Outcome): void {
    this.outcome = outcome;
    this.drawOffer = null;
    this.takebackOffer = null;
    this.forgetDeclined('draw');
    this.onSnapshot();
  }

  private setClocks(view: ClockView): void {
    this.clocks = view;
    this.clock.observe(view.serverNow);
  }

  handlePresence(p: PresenceEvent): void {
    if (p.gameId !== this.id) return;
    this.online = { ...this.online, [p.color]: p.online };
    this.noteVersion(p.version);
  }

  handleSpectators(p: SpectatorsEvent): void {
    if (p.gameId !== this.id) return;
    this.spectators = p.count;
    this.noteVersion(p.version);
  }

  /** `game:heartbeat`: the game's stored version. */
  handleHeartbeat(h: HeartbeatEvent): void {
    if (h.gameId === this.id) this.noteVersion(h.version);
  }

  /**
   * `game:gone`: the game no longer exists on the server (lost or expired). The page shows what it
   * shows for an unknown game; nothing more will come for it.
   */
  handleGone(g: GoneEvent): void {
    if (g.gameId !== this.id) return;
    this.gone = true;
    this.loadError = GONE_TEXT;
    this.dispose();
  }

  /**
   * The server's version of the game, from an unversioned event (heartbeat, presence, spectators).
   * When it is ahead of ours, the missing events may still be on their way (another node's events
   * can trail this node's heartbeat): still behind after `STALE_GRACE_MS`, we resync.
   */
  private noteVersion(version: number): void {
    this.storeAnswers();
    if (!this.snapshot || version <= this.version || this.staleTimer !== null) return;
    this.staleTimer = setTimeout(() => {
      this.staleTimer = null;
      if (version > this.version) void this.resync();
    }, STALE_GRACE_MS);
  }

  /** Stops the timers of this view (the page left the game). */
  dispose(): void {
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    this.staleTimer = null;
  }

  /** Milliseconds left on a clock at local time `now`. */
  remaining(color: Color, now: number): number {
    return this.clocks ? this.clock.remaining(this.clocks, color, now) : 0;
  }

  /** The server state replaced whatever was predicted locally (snapshot, pass, game end). */
  protected onSnapshot(): void {}

  /** The server took moves back: whatever was predicted or queued on them is void. */
  protected onTakeback(): void {}

  /** The server confirmed one of my moves. */
  protected onOwnMove(_move: MoveRecord): void {}

  /** Called after every applied snapshot or event. */
  protected afterChange(): void {}
}
