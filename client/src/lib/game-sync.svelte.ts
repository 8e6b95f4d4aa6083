import {
  applyGameEvent,
  viewOf,
  type Absence,
  type Ack,
  type AckData,
  type ClientPayload,
  type ClockView,
  type CommandAck,
  type Color,
  type Declined,
  type GameCommandName,
  type GameEvent,
  type GameRatingChanges,
  type GameSnapshot,
  type GameState,
  type GameView,
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

/** How long an announced version may run ahead of the applied events before a resync. */
export const STALE_GRACE_MS = 300;

/** What the game page says of a game the server no longer has. */
export const GONE_TEXT = 'This game no longer exists on the server: it expired or was lost.';

/**
 * The server's view of one game, kept in step: the snapshot, then versioned `game:event`s applied
 * in order by the shared reducer (`applyGameEvent`: a move is replayed with the rules and checked
 * against the event's state hash). This class keeps the transport's side: a gap, an unreadable
 * event or a hash mismatch triggers a resync, and events arriving meanwhile are buffered. This
 * connection's own commands are answered with their event in the ack (the room's broadcast skips
 * it), applied in the same order; while one is in flight, a gap waits for it. Subclasses hook into
 * own-move confirmation and every change.
 */
export class GameSync {
  readonly id: string;
  /** The game as the server has it (`applyGameEvent` of the snapshot and the events since). */
  serverView = $state.raw<GameView | null>(null);
  seat = $state<Seat>('spectator');
  /** The view's fields the page reads (`snapshot`: the fixed ones, players, variant, time control...). */
  readonly snapshot = $derived<GameView | null>(this.serverView);
  /** Version of the last applied server event. */
  readonly version = $derived(this.serverView?.version ?? 0);
  readonly serverState = $derived<GameState | null>(this.serverView?.state ?? null);
  readonly serverMoves = $derived<readonly MoveRecord[]>(this.serverView?.moves ?? []);
  readonly clocks = $derived<ClockView | null>(this.serverView?.clocks ?? null);
  readonly outcome = $derived<Outcome | null>(this.serverView?.outcome ?? null);
  readonly drawOffer = $derived<Color | null>(this.serverView?.drawOffer ?? null);
  /** The side whose takeback offer stands (casual games). */
  readonly takebackOffer = $derived<Color | null>(this.serverView?.takebackOffer ?? null);
  /** The last takeback applied, until the next move or pass: the page says where the game went back to. */
  takenBack = $state.raw<{ readonly by: Color; readonly turn: number } | null>(null);
  readonly rematchOffer = $derived<Color | null>(this.serverView?.rematchOffer ?? null);
  readonly rematchGameId = $derived<string | null>(this.serverView?.rematchGameId ?? null);
  /** The last offer turned down (shown to the side that made it). */
  readonly declined = $derived<Declined | null>(this.serverView?.declined ?? null);
  /** Rating changes of a rated game, once it is archived. */
  readonly ratings = $derived<GameRatingChanges | null>(this.serverView?.ratings ?? null);
  /** Players who left the game, and from when the other may claim (server times; null: both there). */
  readonly absence = $derived<Absence | null>(this.serverView?.absence ?? null);
  /** Live counts (unversioned `game:spectators` and `game:presence` after the snapshot's). */
  spectators = $state(0);
  online = $state({ white: true, black: true });
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
    const view = viewOf(s);
    if (!view.ok) {
      this.loadError = `Unreadable game state: ${view.error.message}`;
      return;
    }
    this.serverView = view.value;
    this.seat = seat;
    this.knownVersion = Math.max(this.knownVersion, s.version);
    this.clock.observe(s.clocks.serverNow);
    this.spectators = s.spectators;
    this.online = { white: s.players.white.online, black: s.players.black.online };
    this.loadError = null;
    this.storeAnswers();
    this.onSnapshot();
    this.afterChange();
  }

  /**
   * Sends a game command of this game. Its ack carries the event the command committed, which
   * this connection does not get as a `game:event`: it is applied here, in version order.
   */
  protected async command<E extends GameCommandName>(event: E, payload: ClientPayload<E>): Promise<Ack<AckData[E]>> {
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
    this.knownVersion = Math.max(this.knownVersion, e.version);
    this.afterChange();
    // Events that waited for this one (a gap an ack filled).
    if (this.buffered.length === 0) return;
    const next = this.buffered.find((b) => b.version === this.version + 1);
    this.buffered = this.buffered.filter((b) => b.version > this.version + 1);
    if (next) this.handleEvent(next);
  }

  /** Applies `e` with the shared reducer; false when it does not apply (resync). */
  private applyEvent(e: GameEvent): boolean {
    const before = this.serverView;
    const res = before ? applyGameEvent(before, e) : null;
    if (!before || !res?.ok) return false;
    const after = res.value;
    this.serverView = after;
    if (after.clocks !== before.clocks) this.clock.observe(after.clocks.serverNow);
    const own = e.event.type === 'move' ? after.moves.at(-1) : undefined;
    if (own && own.color === this.myColor) this.onOwnMove(own);
    if (e.event.type === 'takeback') {
      this.takenBack = { by: e.event.by, turn: e.event.turn };
      this.onTakeback();
    } else if (e.event.type === 'move' || e.event.type === 'turn-passed') this.takenBack = null;
    // The server's state replaces whatever was predicted locally: after a pass, or the game's end.
    if (e.event.type === 'turn-passed' || (after.outcome !== null && before.outcome === null)) this.onSnapshot();
    return true;
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
