import type { GameSnapshot, Seat } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import { CurrentGames } from './current-games.js';
import { seatOf, snapshotOf, type GameDoc, type LiveInfo, type ParsedGame } from './game-doc.js';
import type { GameLobby } from './game-lobby.js';
import type { GameService } from './game-service.js';
import { GAME_ROOM_PREFIX, gameOfRoom, gameRoom, type Member, type Publisher } from './publisher.js';
import { checkRoomCap } from './room-cap.js';
import { RoomPresence, type Seats } from './room-presence.js';

const seatsOf = (doc: GameDoc): Seats => ({ white: doc.players.white.id, black: doc.players.black.id });

/**
 * Game rooms: joining (players by seat, everyone else as spectator), snapshots, presence, spectator
 * counts. Joins and resyncs are cheap: the game is served from this node's copy when the store's
 * version (a small read, shared by the requests of one moment) says it is current (`CurrentGames`),
 * a join of a room the socket is already in changes nothing else, and presence and counts are
 * batched per room (`RoomPresence`), never counted or broadcast per join.
 */
export class RoomService {
  private readonly current: CurrentGames;
  private readonly presence: RoomPresence;
  private readonly claimAfterMs: number;
  private readonly logger: Logger;

  constructor(
    private readonly publisher: Publisher,
    games: GameService,
    private readonly now: () => number,
    batch: { readonly intervalMs: number; readonly logger: Logger; readonly claimAfterMs: number },
    /** The game's version in the live store (null when not there). */
    version: (gameId: string) => Promise<number | null>,
    /** The lobby's games in progress: a room's count reaches its listing. */
    private readonly lobby: Pick<GameLobby, 'counted'>,
  ) {
    this.claimAfterMs = batch.claimAfterMs;
    this.logger = batch.logger;
    this.current = new CurrentGames((id) => games.load(id), version);
    this.presence = new RoomPresence({
      publisher,
      logger: batch.logger,
      intervalMs: batch.intervalMs,
      spectatorsCounted: (gameId, count) => this.listingChanged(gameId, count),
      recordSeats: async (gameId, online) => {
        const recorded = await games.recordPresence(gameId, online);
        // committed: counted once more, in case a player came back on another node meanwhile
        if (recorded) this.presence.touch(gameId);
        return recorded;
      },
      versionOf: (gameId) => this.current.version(gameId),
    });
  }

  /**
   * Joins the room first, then reads the game: every event after the snapshot's version reaches the
   * socket. A socket already in the room gets a fresh snapshot, and the room is counted again at the
   * next tick (the presence in a snapshot is this node's last count, which another node's joins and
   * leaves since have not changed); one in as many game rooms as allowed is refused `too-many-rooms`
   * (room-cap.ts).
   */
  async join(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    const room = gameRoom(gameId);
    if (socket.rooms.has(room)) {
      this.presence.touch(gameId);
      return this.answer(socket, await this.current.get(gameId));
    }
    checkRoomCap(socket.rooms, room, GAME_ROOM_PREFIX);
    await socket.join(room);
    let game: ParsedGame;
    try {
      game = await this.current.get(gameId);
    } catch (e) {
      await socket.leave(room);
      throw e;
    }
    this.presence.mark(gameId, seatsOf(game.doc));
    return this.answer(socket, game);
  }

  /** A fresh snapshot; a socket that is not in the room (e.g. after a reconnect) joins it again. */
  resync(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    return this.join(socket, gameId);
  }

  /** Snapshot for HTTP readers (no seat), counted across nodes now. */
  async snapshot(gameId: string): Promise<GameSnapshot> {
    const game = await this.current.get(gameId);
    return snapshotOf(game, await this.live(game.doc), this.now(), this.claimAfterMs);
  }

  async leave(socket: Member, gameId: string): Promise<void> {
    await socket.leave(gameRoom(gameId));
    await this.markById(gameId);
  }

  /** After a disconnect: the game rooms the socket was in (captured while disconnecting). */
  async socketGone(rooms: Iterable<string>): Promise<void> {
    const ids = [...rooms].map(gameOfRoom).filter((id) => id !== null);
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

  /** The game's presence changed outside its room (an API game stream opened or closed): counted at the next tick. */
  recount(gameId: string): void {
    this.markById(gameId).catch((e: unknown) => this.logger.warn({ err: e, gameId }, 'presence recount'));
  }

  /** Counts marked rooms now and publishes the changes (otherwise done on the batch timer). */
  flushPresence(): Promise<void> {
    return this.presence.flush();
  }

  close(): Promise<void> {
    return this.presence.close();
  }

  private answer(socket: Member, game: ParsedGame): { snapshot: GameSnapshot; seat: Seat } {
    const seat = seatOf(game.doc, socket.data.playerId) ?? 'spectator';
    return { snapshot: snapshotOf(game, this.liveFor(game.doc.id, seat), this.now(), this.claimAfterMs), seat };
  }

  /** The room as last counted, with the caller's own seat online (it has just joined). */
  private liveFor(gameId: string, seat: Seat): LiveInfo {
    const last = this.presence.last(gameId);
    return seat === 'spectator' ? last : { ...last, online: { ...last.online, [seat]: true } };
  }

  /** Marks a room whose seats this node knows from a join; otherwise they come from one load. */
  private async markById(gameId: string): Promise<void> {
    if (this.presence.touch(gameId)) return;
    this.presence.mark(gameId, seatsOf((await this.current.known(gameId)).doc));
  }

  private async listingChanged(gameId: string, count: number): Promise<void> {
    await this.lobby.counted((await this.current.get(gameId)).doc, count);
  }
}
