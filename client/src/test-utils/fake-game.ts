import {
  INITIAL_FEN,
  applyGameEvent,
  encodeState,
  snapshotOfView,
  stateHash,
  newGame,
  parseUci,
  play,
  replayToTurn,
  takebackTurn,
  type Color,
  viewOf,
  type Ack,
  type AckData,
  type ClientEventName,
  type ClientPayload,
  type ClockView,
  type GameEvent,
  type GameEventBody,
  type GameSnapshot,
  type GameState,
  type GameView,
  type VariantId,
} from '@progressive-chess/shared';
import type { RequestFn } from '../lib/socket.js';

export interface SentRequest {
  readonly event: ClientEventName;
  readonly payload: unknown;
}

/** A transport that records requests and answers with queued or default acks. */
export class FakeTransport {
  readonly sent: SentRequest[] = [];
  /** Per event, acks to answer in order (default: ok with version = current + 1). */
  readonly answers = new Map<ClientEventName, Array<Ack<Record<string, unknown>>>>();
  snapshotForResync: GameSnapshot | null = null;

  readonly request: RequestFn = async <E extends ClientEventName>(event: E, payload: ClientPayload<E>) => {
    this.sent.push({ event, payload });
    await Promise.resolve();
    const queued = this.answers.get(event)?.shift();
    if (queued) return queued as Ack<AckData[E]>;
    if ((event === 'game:resync' || event === 'game:join') && this.snapshotForResync) {
      return { ok: true, snapshot: this.snapshotForResync, seat: 'white' } as unknown as Ack<AckData[E]>;
    }
    const expected = (payload as { version?: number }).version;
    return { ok: true, version: (expected ?? 0) + 1 } as unknown as Ack<AckData[E]>;
  };

  moves(): string[] {
    return this.sent.filter((s) => s.event === 'game:move').map((s) => (s.payload as { move: string }).move);
  }
}

const CLOCKS: ClockView = { white: 60_000, black: 60_000, running: 'white', serverNow: 1_000 };

/**
 * A server-side game history for tests: produces versioned events as the server would commit them
 * (moves made with the real rules) and applies each with the shared reducer (`applyGameEvent`),
 * the same code the client and the server's snapshots use, so its snapshots cannot drift from them.
 */
export class FakeGame {
  private view: GameView;

  constructor(variant: VariantId = 'scottish', fen: string = INITIAL_FEN) {
    const res = newGame(variant, { fen });
    if (!res.ok) throw new Error(res.error.message);
    const start = viewOf({
      id: 'g1',
      version: 1,
      variant,
      timeControl: { kind: 'fischer', initial: 60, increment: 1 },
      players: { white: { id: 'w', name: 'Wanda', online: true }, black: { id: 'b', name: 'Boris', online: true } },
      initialFen: INITIAL_FEN,
      initialTurn: 1,
      moves: [],
      state: encodeState(res.value),
      clocks: CLOCKS,
      status: 'playing',
      outcome: null,
      drawOffer: null,
      takebackOffer: null,
      rematchOffer: null,
      rematchGameId: null,
      spectators: 0,
      createdAt: 0,
    });
    if (!start.ok) throw new Error(start.error.message);
    this.view = start.value;
  }

  get version(): number {
    return this.view.version;
  }

  get state(): GameState {
    return this.view.state;
  }

  snapshot(overrides: Partial<GameSnapshot> = {}): GameSnapshot {
    return { ...snapshotOfView(this.view), ...overrides };
  }

  /** The ack of the command that made `e`: it carries the event to the connection that sent it. */
  static ackOf(e: GameEvent): Ack<Record<string, unknown>> {
    return { ok: true, version: e.version, event: e.event };
  }

  /** Commits `body` as the game's next version (applied with the reducer) and returns its `game:event`. */
  event(body: GameEventBody): GameEvent {
    const e: GameEvent = { gameId: this.view.id, version: this.view.version + 1, event: body };
    const res = applyGameEvent(this.view, e);
    if (!res.ok) throw new Error(`${body.type}: ${res.error.message}`);
    this.view = res.value;
    return e;
  }

  /** Plays a UCI move and returns the `game:event` the server would broadcast. */
  move(uci: string): GameEvent {
    const move = parseUci(uci);
    if (!move) throw new Error(`bad uci ${uci}`);
    const res = play(this.view.state, move);
    if (!res.ok) throw new Error(`${uci}: ${res.error.message}`);
    const outcome = res.value.outcome ? { outcome: res.value.outcome } : {};
    return this.event({ type: 'move', uci, hash: stateHash(res.value.state), clocks: CLOCKS, ...outcome });
  }

  /** `by`'s offer granted: the `takeback` event the server would broadcast (shared rules of what is taken back). */
  takeback(by: Color): GameEvent {
    const v = this.view;
    const turn = takebackTurn(v.state, by, v.initialTurn);
    if (turn === null) throw new Error(`${by} has nothing to take back`);
    const r = replayToTurn({ variant: v.variant, initialFen: v.initialFen, initialTurn: v.initialTurn, moves: v.moves, passes: [] }, turn);
    if (!r.ok) throw new Error(r.error);
    return this.event({ type: 'takeback', by, turn, moves: r.value.moves, state: encodeState(r.value.state), clocks: CLOCKS });
  }
}

/** Lets queued promise callbacks (fake acks) run. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
