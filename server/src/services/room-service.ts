import type { GameSnapshot, Seat } from '@progressive-chess/shared';
import { parseDoc, seatOf, snapshotOf, type GameDoc, type LiveInfo } from './game-doc.js';
import type { GameService } from './game-service.js';
import { gameRoom, type Member, type Publisher } from './publisher.js';

const GAME_ROOM_PREFIX = gameRoom('');

/** Game rooms: joining (players by seat, everyone else as spectator), snapshots, presence, spectator counts. */
export class RoomService {
  constructor(
    private readonly publisher: Publisher,
    private readonly games: GameService,
    private readonly now: () => number,
  ) {}

  async join(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    const stored = await this.games.load(gameId);
    const doc = parseDoc(stored.doc);
    const seat = seatOf(doc, socket.data.playerId) ?? 'spectator';
    await socket.join(gameRoom(gameId));
    if (seat !== 'spectator') this.publisher.publishPresence({ gameId, color: seat, online: true });
    const live = await this.live(doc);
    this.announceSpectators(doc, live.spectators);
    return { snapshot: snapshotOf(stored, live, this.now()), seat };
  }

  /** A fresh snapshot; a socket that is not in the room (e.g. after a reconnect) joins it again. */
  async resync(socket: Member, gameId: string): Promise<{ snapshot: GameSnapshot; seat: Seat }> {
    if (!socket.rooms.has(gameRoom(gameId))) return this.join(socket, gameId);
    const stored = await this.games.load(gameId);
    const doc = parseDoc(stored.doc);
    const live = await this.live(doc);
    return { snapshot: snapshotOf(stored, live, this.now()), seat: seatOf(doc, socket.data.playerId) ?? 'spectator' };
  }

  /** Snapshot for HTTP readers (no seat). */
  async snapshot(gameId: string): Promise<GameSnapshot> {
    const stored = await this.games.load(gameId);
    return snapshotOf(stored, await this.live(parseDoc(stored.doc)), this.now());
  }

  async leave(socket: Member, gameId: string): Promise<void> {
    await socket.leave(gameRoom(gameId));
    await this.changed(gameId, socket.data.playerId);
  }

  /** After a disconnect: the game rooms the socket was in (captured while disconnecting). */
  async socketGone(rooms: Iterable<string>, playerId: string): Promise<void> {
    const ids = [...rooms].filter((r) => r.startsWith(GAME_ROOM_PREFIX)).map((r) => r.slice(GAME_ROOM_PREFIX.length));
    await Promise.all(ids.map((id) => this.changed(id, playerId)));
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

  private async changed(gameId: string, playerId: string): Promise<void> {
    const stored = await this.games.load(gameId);
    const doc = parseDoc(stored.doc);
    const live = await this.live(doc);
    const seat = seatOf(doc, playerId);
    if (seat !== null && !live.online[seat]) {
      this.publisher.publishPresence({ gameId, color: seat, online: false });
    }
    this.announceSpectators(doc, live.spectators);
  }

  private announceSpectators(doc: GameDoc, count: number): void {
    this.publisher.publishSpectators({ gameId: doc.id, count });
    const summary = this.games.summaries.counted(doc, count);
    if (doc.status === 'playing') this.publisher.publishLobby('lobby:gameUpdated', summary);
  }
}
