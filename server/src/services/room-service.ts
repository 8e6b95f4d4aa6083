import type { GameSnapshot, Seat } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { StoredGame } from '../store/store.js';
import { parseDoc, seatOf, snapshotOf, type GameDoc, type LiveInfo } from './game-doc.js';
import type { GameService } from './game-service.js';
import { gameRoom, type Member, type Publisher } from './publisher.js';
import { RoomPresence, type Seats } from './room-presence.js';
import { SingleFlight } from './single-flight.js';

const GAME_ROOM_PREFIX = gameRoom('');

const seatsOf = (doc: GameDoc): Seats => ({ white: doc.players.white.id, black: doc.players.black.id });

/**
 * Game rooms: joining (players by seat, everyone else as spectator), snapshots, presence, spectator
 * counts. Joins and resyncs are cheap: concurrent reads of one game share one store load, and
 * presence and counts are batched per room (`RoomPresence`), never counted or broadcast per join.
 */
export class RoomService {
  private readonly loads: SingleFlight<StoredGame>;
  private readonly presence: RoomPresence;

  constructor(
    private readonly publisher: Publisher,
    private readonly games: GameService,
    private readonly now: () => number,
    batch: { readonly intervalMs: number; readonly logger: Logger },
  ) {
    this.loads = new SingleFlight((id) => games.load(id));
    this.presence = new RoomPresence({
      publisher,
      logger: batch.logger,
      intervalMs: batch.intervalMs,
      countChanged: (gameId, count) => this.listingChanged(gameId, count),
      versionOf: async (gameId) => (await this.loads.get(gameId)).version,
    });
  }

  async join(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    const stored = await this.loads.get(gameId);
    const doc = parseDoc(stored.doc);
    const seat = seatOf(doc, socket.data.playerId) ?? 'spectator';
    await socket.join(gameRoom(gameId));
    this.presence.mark(gameId, seatsOf(doc));
    return { snapshot: snapshotOf(stored, this.liveFor(gameId, seat), this.now()), seat };
  }

  /** A fresh snapshot; a socket that is not in the room (e.g. after a reconnect) joins it again. */
  async resync(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    if (!socket.rooms.has(gameRoom(gameId))) return this.join(socket, gameId);
    const stored = await this.loads.get(gameId);
    const seat = seatOf(parseDoc(stored.doc), socket.data.playerId) ?? 'spectator';
    return { snapshot: snapshotOf(stored, this.liveFor(gameId, seat), this.now()), seat };
  }

  /** Snapshot for HTTP readers (no seat), counted across nodes now. */
  async snapshot(gameId: string): Promise<GameSnapshot> {
    const stored = await this.loads.get(gameId);
    return snapshotOf(stored, await this.live(parseDoc(stored.doc)), this.now());
  }

  async leave(socket: Member, gameId: string): Promise<void> {
    await socket.leave(gameRoom(gameId));
    await this.markById(gameId);
  }

  /** After a disconnect: the game rooms the socket was in (captured while disconnecting). */
  async socketGone(rooms: Iterable<string>): Promise<void> {
    const ids = [...rooms].filter((r) => r.startsWith(GAME_ROOM_PREFIX)).map((r) => r.slice(GAME_ROOM_PREFIX.length));
    await Promise.all(ids.map((id) => this.markById(id)));
  }

  /** Who is in the room, across nodes: players online, distinct spectators. */
  async live(doc: GameDoc): Promise<LiveInfo> {
    const ids = new Set(await this.publisher.gameMembers(doc.id));
    const { white, black } = doc.players;
    const online = { white: ids.has(white.id), black: ids.has(black.id) };
    ids.delete(white.id);
    ids.delete(black.id);
    return { spectators: ids.size, online };
  }

  /** Counts marked rooms now and publishes the changes (otherwise done on the batch timer). */
  flushPresence(): Promise<void> {
    return this.presence.flush();
  }

  close(): Promise<void> {
    return this.presence.close();
  }

  /** The room as last counted, with the caller's own seat online (it has just joined). */
  private liveFor(gameId: string, seat: Seat): LiveInfo {
    const last = this.presence.last(gameId);
    return seat === 'spectator' ? last : { ...last, online: { ...last.online, [seat]: true } };
  }

  /** Marks a room whose seats this node knows from a join; otherwise they come from one load. */
  private async markById(gameId: string): Promise<void> {
    if (this.presence.touch(gameId)) return;
    this.presence.mark(gameId, seatsOf(parseDoc((await this.loads.get(gameId)).doc)));
  }

  private async listingChanged(gameId: string, count: number): Promise<void> {
    const doc = parseDoc((await this.loads.get(gameId)).doc);
    const summary = this.games.summaries.counted(doc, count);
    if (doc.status === 'playing') this.publisher.publishLobby('lobby:gameUpdated', summary);
  }
}
