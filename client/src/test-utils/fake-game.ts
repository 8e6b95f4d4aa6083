import {
  INITIAL_FEN,
  encodeState,
  moveRecord,
  stateHash,
  newGame,
  parseUci,
  play,
  replayToTurn,
  takebackTurn,
  type Color,
  type Ack,
  type AckData,
  type ClientEventName,
  type ClientPayload,
  type ClockView,
  type GameEvent,
  type GameSnapshot,
  type GameState,
  type MoveRecord,
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

/** Builds a server-side game history with the real rules: snapshots and versioned events. */
export class FakeGame {
  state: GameState;
  version = 1;
  readonly moves: MoveRecord[] = [];
  readonly variant: VariantId;

  constructor(variant: VariantId = 'scottish', fen: string = INITIAL_FEN) {
    const res = newGame(variant, { fen });
    if (!res.ok) throw new Error(res.error.message);
    this.state = res.value;
    this.variant = variant;
  }

  snapshot(overrides: Partial<GameSnapshot> = {}): GameSnapshot {
    return {
      id: 'g1',
      version: this.version,
      variant: this.variant,
      timeControl: { kind: 'fischer', initial: 60, increment: 1 },
      players: { white: { id: 'w', name: 'Wanda', online: true }, black: { id: 'b', name: 'Boris', online: true } },
      initialFen: INITIAL_FEN,
      initialTurn: 1,
      moves: [...this.moves],
      state: encodeState(this.state),
      clocks: CLOCKS,
      status: 'playing',
      outcome: null,
      drawOffer: null,
      rematchOffer: null,
      rematchGameId: null,
      spectators: 0,
      createdAt: 0,
      ...overrides,
    };
  }

  /** The ack of the command that made `e`: it carries the event to the connection that sent it. */
  static ackOf(e: GameEvent): Ack<Record<string, unknown>> {
    return { ok: true, version: e.version, event: e.event };
  }

  /** Plays a UCI move and returns the `game:event` the server would broadcast. */
  move(uci: string): GameEvent {
    const move = parseUci(uci);
    if (!move) throw new Error(`bad uci ${uci}`);
    const before = this.state;
    const res = play(before, move);
    if (!res.ok) throw new Error(`${uci}: ${res.error.message}`);
    const record = moveRecord(before, move, res.value, CLOCKS.serverNow);
    this.state = res.value.state;
    this.moves.push(record);
    this.version++;
    return {
      gameId: 'g1',
      version: this.version,
      event: { type: 'move', uci: record.uci, hash: stateHash(this.state), clocks: CLOCKS, ...(res.value.outcome ? { outcome: res.value.outcome } : {}) },
    };
  }

  /** `by`'s offer granted: the `takeback` event the server would broadcast (shared rules of what is taken back). */
  takeback(by: Color): GameEvent {
    const turn = takebackTurn(this.state, by, 1);
    if (turn === null) throw new Error(`${by} has nothing to take back`);
    const r = replayToTurn({ variant: this.variant, initialFen: INITIAL_FEN, initialTurn: 1, moves: this.moves, passes: [] }, turn);
    if (!r.ok) throw new Error(r.error);
    this.state = r.value.state;
    this.moves.length = r.value.moves;
    this.version++;
    return { gameId: 'g1', version: this.version, event: { type: 'takeback', by, turn, moves: r.value.moves, state: encodeState(this.state), clocks: CLOCKS } };
  }
}

/** Lets queued promise callbacks (fake acks) run. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
