import type { Logger } from 'pino';
import { COLORS } from '@progressive-chess/shared';
import type { LiveInfo } from './game-doc.js';
import type { Publisher } from './publisher.js';

/** The two players of a game (ids never change once the game exists). */
export interface Seats {
  readonly white: string;
  readonly black: string;
}

const NOBODY: LiveInfo = { spectators: 0, online: { white: false, black: false } };

/**
 * Presence and spectator counts, batched per room on a short timer (as lila-ws does): joins,
 * leaves and disconnects only mark the room; every `intervalMs` each marked room is counted once
 * across nodes (one `gameMembers` per room) and published: the presence of the seats that changed,
 * the spectator count, and through `spectatorsCounted` the lobby. A flood of joins and leaves therefore
 * costs one count and at most three broadcasts per room and interval, whatever its rate.
 *
 * A node that crashes sends no disconnects: its players would stay "connected" and its spectators
 * counted. So each tick also reads the node count (one small request), and when it fell every room
 * known here is counted again.
 *
 * What this node last counted may be stale: other nodes count the same room, and publish what
 * they count. So a count's spectators are published whether or not this node counted otherwise
 * before, and every count is offered to the game (`recordSeats`), whose record of its players'
 * absence is the one that decides: a change it records publishes both seats' presence.
 */
export class RoomPresence {
  private readonly marked = new Map<string, Seats>();
  /** Seats of the rooms marked or known here. */
  private readonly seats = new Map<string, Seats>();
  /** Last counted state of rooms this node has marked; dropped when a room empties. */
  private readonly known = new Map<string, LiveInfo>();
  private readonly timer: NodeJS.Timeout;
  /** The node count last read (null: not yet). */
  private nodes: number | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      readonly publisher: Publisher;
      readonly logger: Logger;
      readonly intervalMs: number;
      /** The players' connections as just counted (on every node): the game records any change; true when it did. */
      readonly recordSeats: (gameId: string, online: LiveInfo['online']) => Promise<boolean>;
      /** A room's spectator count, as just counted (e.g. to update the lobby listing). */
      readonly spectatorsCounted: (gameId: string, count: number) => Promise<void>;
      /** The game's version, carried by presence and spectator events (read once per count). */
      readonly versionOf: (gameId: string) => Promise<number>;
    },
  ) {
    this.timer = setInterval(() => {
      this.flushing = this.checkNodes()
        // an unreadable count (the store away) only delays the recount of a crashed node's rooms
        .catch((e: unknown) => deps.logger.debug({ err: e }, 'node count'))
        .then(() => this.flush())
        .catch((e: unknown) => deps.logger.warn({ err: e }, 'presence batch'));
    }, deps.intervalMs);
    this.timer.unref();
  }

  /** Reads the node count; when it fell (a node left, perhaps without a word), every room known here is marked. */
  async checkNodes(): Promise<void> {
    const n = await this.deps.publisher.nodeCount();
    if (this.nodes !== null && n < this.nodes) for (const [gameId, seats] of this.seats) this.marked.set(gameId, seats);
    this.nodes = n;
  }

  /** Someone joined or left the room: it is counted at the next tick. */
  mark(gameId: string, seats: Seats): void {
    this.marked.set(gameId, seats);
    this.seats.set(gameId, seats);
  }

  /** Marks a room whose seats are known here; false when they are not (the caller marks it with them). */
  touch(gameId: string): boolean {
    const seats = this.seats.get(gameId);
    if (seats) this.marked.set(gameId, seats);
    return seats !== undefined;
  }

  /** The room as last counted (possibly one interval old); nobody when never counted here. */
  last(gameId: string): LiveInfo {
    return this.known.get(gameId) ?? NOBODY;
  }

  /** Counts every marked room and publishes the changes (the timer calls this; tests may too). */
  async flush(): Promise<void> {
    const rooms = [...this.marked];
    this.marked.clear();
    await Promise.all(rooms.map(([gameId, seats]) => this.count(gameId, seats)));
  }

  /** A change the game could not record (the store away) still reaches the room now, and is counted and recorded again at the next tick. */
  private recordLater(gameId: string, seats: Seats, e: unknown): void {
    this.deps.logger.warn({ err: e, gameId }, 'presence not recorded');
    this.known.delete(gameId);
    this.mark(gameId, seats);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
  }

  private async count(gameId: string, seats: Seats): Promise<void> {
    const ids = new Set(await this.deps.publisher.gameMembers(gameId));
    const online = { white: ids.has(seats.white), black: ids.has(seats.black) };
    ids.delete(seats.white);
    ids.delete(seats.black);
    const now: LiveInfo = { spectators: ids.size, online };
    const before = this.known.get(gameId);
    if (ids.size === 0 && !online.white && !online.black && !this.marked.has(gameId)) {
      this.known.delete(gameId);
      this.seats.delete(gameId);
    } else this.known.set(gameId, now);
    const recorded = await this.deps.recordSeats(gameId, online).catch((e: unknown) => {
      this.recordLater(gameId, seats, e);
      return false;
    });
    const seatsChanged = recorded ? COLORS : COLORS.filter((c) => before?.online[c] !== online[c]);
    const version = await this.deps.versionOf(gameId);
    for (const color of seatsChanged) this.deps.publisher.publishPresence({ gameId, color, online: online[color], version });
    this.deps.publisher.publishSpectators({ gameId, count: now.spectators, version });
    await this.deps.spectatorsCounted(gameId, now.spectators);
  }
}
