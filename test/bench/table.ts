import { type Color, type GameState, legalMoves, makeUci, newGame, parseUci, play, seededRandom, stateHash } from '@progressive-chess/shared';

/**
 * One benchmark game seen from the load generator: two players and a spectator share one local
 * copy of the game (the rules are applied once per move, to keep the generator's CPU low). The
 * player to move sends its next move as soon as the previous move's event arrives; the spectator's
 * receipt of each move closes its latency sample.
 */

/** How a table talks to a server (the game server or the floor). */
export interface Transport {
  /** Sends `uci` as `color`, expecting the game at `version`; resolves false on a refused ack. */
  move(color: Color, version: number, uci: string): Promise<boolean>;
  /** Starts a fresh game after the previous one ended; resolves with its current version. */
  renew(): Promise<number>;
}

export interface Stats {
  running: boolean;
  measuring: boolean;
  moves: number;
  refused: number;
  games: number;
  latencies: number[];
}

/** Small deterministic PRNG (mulberry32), one per table. */
export const rng = seededRandom;

function fresh(): GameState {
  const g = newGame('scottish');
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

export class Table {
  private state = fresh();
  private version = 0;
  private ended = false;
  /** Version the in-flight move expects, or -1. */
  private inFlight = -1;
  /** Send times of moves the spectator has not seen yet, by the version they produce. */
  private readonly sentAt = new Map<number, number>();
  private readonly early = new Map<number, string | null>();
  private readonly random: () => number;

  constructor(
    private readonly transport: Transport,
    private readonly stats: Stats,
    seed: number,
  ) {
    this.random = rng(seed);
  }

  start(version: number): void {
    this.version = version;
    this.step();
  }

  /**
   * A versioned event of this game from any of its clients: a move (uci), or another event (null).
   * `hash`, when given, is the server's state hash after the move: checked as a web client would.
   */
  onEvent(version: number, uci: string | null, ended: boolean, fromSpectator: boolean, hash?: string): void {
    const at = fromSpectator ? this.sentAt.get(version) : undefined;
    if (at !== undefined) {
      if (this.stats.measuring) this.stats.latencies.push(performance.now() - at);
      this.sentAt.delete(version);
    }
    if (version <= this.version) return;
    if (version > this.version + 1) {
      this.early.set(version, uci);
      return;
    }
    this.apply(uci, ended, hash);
    for (let next = this.early.get(this.version + 1); next !== undefined; next = this.early.get(this.version + 1)) {
      this.early.delete(this.version + 1);
      this.apply(next, false);
    }
    this.step();
  }

  private apply(uci: string | null, ended: boolean, hash?: string): void {
    this.version += 1;
    if (this.inFlight >= 0 && this.version > this.inFlight) this.inFlight = -1;
    if (uci !== null) {
      const move = parseUci(uci);
      const r = move ? play(this.state, move) : null;
      if (!r?.ok) throw new Error(`bench: server sent a move the rules refuse: ${uci}`);
      this.state = r.value.state;
      if (hash !== undefined && stateHash(this.state) !== hash) throw new Error(`bench: state hash differs after ${uci}`);
      if (this.stats.measuring) this.stats.moves += 1;
    }
    if (ended || this.state.outcome !== null) this.ended = true;
  }

  private step(): void {
    if (!this.stats.running || this.inFlight >= 0) return;
    if (this.ended) {
      this.inFlight = this.version;
      void this.renew();
      return;
    }
    const uci = this.choose();
    if (uci === null) {
      this.ended = true;
      return this.step();
    }
    this.inFlight = this.version;
    this.sentAt.set(this.version + 1, performance.now());
    void this.transport.move(this.state.color, this.version, uci).then((ok) => {
      if (ok || this.inFlight < 0) return;
      this.stats.refused += 1;
      this.inFlight = -1;
      setTimeout(() => this.step(), 20);
    });
  }

  private async renew(): Promise<void> {
    const version = await this.transport.renew();
    this.stats.games += 1;
    this.state = fresh();
    this.ended = false;
    this.early.clear();
    this.sentAt.clear();
    this.version = version;
    this.inFlight = -1;
    this.step();
  }

  /** A random legal move that neither checks nor ends the game when one exists (long games). */
  private choose(): string | null {
    const moves = legalMoves(this.state);
    if (moves.length === 0) return null;
    for (let tries = 0; tries < 6; tries++) {
      const m = moves[Math.floor(this.random() * moves.length)];
      if (!m) continue;
      const r = play(this.state, m);
      if (r.ok && !r.value.check && r.value.outcome === null) return makeUci(m);
    }
    const m = moves[Math.floor(this.random() * moves.length)];
    return m ? makeUci(m) : null;
  }
}
