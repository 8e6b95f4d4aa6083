import { type Color, seededRandom } from '@progressive-chess/shared';
import type { GameScript } from './game-scripts.js';

/**
 * One benchmark game seen from the load generator: two players and a spectator follow one
 * pre-played game script (game-scripts.ts), so no rules run while the load is measured. The
 * player to move sends its next move as soon as the previous move's event arrives (after the
 * think time, if any); the spectator's receipt of each move closes its latency sample.
 */

/** How a table talks to a server (the game server or the floor). */
export interface Transport {
  /** Sends `uci` as `color`, expecting the game at `version`; resolves false on a refused ack. */
  move(color: Color, version: number, uci: string): Promise<boolean>;
  /**
   * Starts a fresh game after the previous one ended or its script ran out (`over`: whether the
   * server ended it); resolves with the new game's current version.
   */
  renew(over: boolean): Promise<number>;
}

export interface Stats {
  running: boolean;
  measuring: boolean;
  moves: number;
  refused: number;
  games: number;
  latencies: number[];
  /** When set (BENCH_TRACE), the send time (performance.now) of each latency sample, in the same order. */
  sentAt?: number[];
  /** Refused moves by ack code ('timeout' when no ack came), when the driver reports them. */
  refusals?: Record<string, number>;
  /** When set, each latency sample's kind (`moveKind`), in the same order. */
  kinds?: string[];
}

/**
 * A move's kind, for the latency by kind: who made it (White's player is on another node than the
 * spectator's with several nodes, Black's on the same one: app-driver.ts, floor-driver.ts) and
 * whether it starts its series (the game's previous version was the other player's move, committed
 * by the other player's node) or continues it.
 */
export const moveKind = (color: Color, startsSeries: boolean): string => `${color} ${startsSeries ? 'first of series' : 'later in series'}`;

/** Small deterministic PRNG (mulberry32). */
export const rng = seededRandom;

/**
 * The pause before a player's next move: `thinkMs`, or with `jitter` (0..1) drawn uniformly from
 * [(1 - jitter) * thinkMs, (1 + jitter) * thinkMs], so the mean and the offered load stay the same.
 * With one fixed pause the server's own stalls fall into step with the load: the moves held up by a
 * pause are answered together, their players all move again one think time later, and the wave
 * comes back on every move, so the tail then measures how a server drains the bursts it made.
 * Players' think times vary; a jittered load spreads such a wave out within a few moves.
 */
export function thinkDelay(thinkMs: number, jitter: number, random: () => number): number {
  const j = Math.min(Math.max(jitter, 0), 1);
  return j === 0 ? thinkMs : thinkMs * (1 - j + 2 * j * random());
}

export class Table {
  private version = 0;
  private script: GameScript;
  private played = 0;
  private over = false;
  private renewing = false;
  /** Version the in-flight move expects, or -1. */
  private inFlight = -1;
  /** Send times of moves the spectator has not seen yet, by the version they produce. */
  private readonly sentAt = new Map<number, number>();
  /** The kind of each move in `sentAt` (`moveKind`). */
  private readonly kindOf = new Map<number, string>();
  private readonly early = new Map<number, string | null>();
  private renewals = 0;
  /** This table's own draws of the think time (seeded by its index: runs repeat). */
  private readonly random: () => number;

  constructor(
    private readonly transport: Transport,
    private readonly stats: Stats,
    private readonly scripts: readonly GameScript[],
    private readonly index: number,
    /** Pause between an event and the next move (ms), so the offered load can be set below saturation. */
    private readonly thinkMs = 0,
    /** Spread of the think time (see `thinkDelay`); 0: always `thinkMs`. */
    private readonly thinkJitter = 0,
  ) {
    this.script = this.pick();
    this.random = rng(index * 7919 + 1);
  }

  private pick(): GameScript {
    const s = this.scripts[(this.index + this.renewals * 7) % this.scripts.length];
    if (!s) throw new Error('bench: no game scripts');
    return s;
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
    if (this.renewing) return;
    const at = fromSpectator ? this.sentAt.get(version) : undefined;
    if (at !== undefined) {
      if (this.stats.measuring) {
        this.stats.latencies.push(performance.now() - at);
        this.stats.sentAt?.push(at);
        this.stats.kinds?.push(this.kindOf.get(version) ?? '');
      }
      this.sentAt.delete(version);
      this.kindOf.delete(version);
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
    if (this.thinkMs > 0) setTimeout(() => this.step(), thinkDelay(this.thinkMs, this.thinkJitter, this.random));
    else this.step();
  }

  private apply(uci: string | null, ended: boolean, hash?: string): void {
    this.version += 1;
    if (this.inFlight >= 0 && this.version > this.inFlight) this.inFlight = -1;
    if (uci !== null) {
      // the script's moves in order: the game's other versioned events (e.g. a player's absence
      // recorded and cleared while the players join) take versions too
      const expected = this.script[this.played];
      if (expected?.uci !== uci) throw new Error(`bench: server sent a move this table did not play: ${uci}`);
      if (hash !== undefined && hash !== expected.hash) throw new Error(`bench: state hash differs after ${uci}`);
      this.played += 1;
      if (this.stats.measuring) this.stats.moves += 1;
    }
    if (ended) this.over = true;
  }

  private step(): void {
    if (!this.stats.running || this.inFlight >= 0 || this.renewing) return;
    const next = this.over ? undefined : this.script[this.played];
    if (next === undefined) return void this.renew();
    const sent = this.version;
    this.inFlight = sent;
    this.sentAt.set(sent + 1, performance.now());
    if (this.stats.kinds) this.kindOf.set(sent + 1, moveKind(next.color, this.script[this.played - 1]?.color !== next.color));
    void this.transport.move(next.color, sent, next.uci).then((ok) => {
      // accepted; or refused as stale because another event of the game (e.g. an absence recorded
      // while the players joined) took the version first: the table has seen it and sent the move
      // again at the new version, as a client does
      if (ok || this.inFlight !== sent) return;
      this.stats.refused += 1;
      this.inFlight = -1;
      setTimeout(() => this.step(), 20);
    });
  }

  private async renew(): Promise<void> {
    this.renewing = true;
    let version: number;
    try {
      version = await this.transport.renew(this.over);
    } catch (e) {
      // Closing the tables once the run has stopped cuts a renewal in flight short (its requests are
      // refused as their sockets disconnect): nothing to report then. While running, it is a failure.
      if (!this.stats.running) return;
      throw e;
    }
    this.stats.games += 1;
    this.renewals += 1;
    this.script = this.pick();
    this.played = 0;
    this.over = false;
    this.early.clear();
    this.sentAt.clear();
    this.kindOf.clear();
    this.version = version;
    this.inFlight = -1;
    this.renewing = false;
    this.step();
  }
}
