import { standingsPage, TOURNAMENT_UPDATE_MS, type TournamentPaged, type TournamentView } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { AppServer, AppSocket } from '../transport/socket-types.js';
import { throttledWarning } from '../throttled-log.js';
import { checkRoomCap } from '../services/room-cap.js';
import type { TournamentRepo } from './tournament-repo.js';
import type { TournamentService } from './tournament-service.js';

const ROOM_PREFIX = 'tournament:';
export const tournamentRoom = (id: string): string => `${ROOM_PREFIX}${id}`;

/**
 * `tournament:subscribe` / `tournament:unsubscribe`, and the batched `tournament:update`s: every
 * `intervalMs` (TOURNAMENT_UPDATE_MS) each node reads the versions of the tournaments its own
 * connections follow (one query) and sends the view of each that changed to them (its local room
 * only: the first page of its standings, then each subscriber's own row, see `TournamentUpdate`).
 * So a subscriber gets at most one update a second per tournament, whichever node made the change,
 * and a restarted node needs nothing but the database.
 */
export class TournamentUpdates {
  private readonly sent = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly io: AppServer,
    private readonly repo: TournamentRepo,
    private readonly service: TournamentService,
    private readonly logger: Logger,
    intervalMs = TOURNAMENT_UPDATE_MS,
  ) {
    const failed = throttledWarning(logger, 'tournament updates failed');
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.running = this.flush()
        .catch(failed)
        .finally(() => {
          this.busy = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async subscribe(socket: AppSocket, id: string): Promise<TournamentPaged> {
    checkRoomCap(socket.rooms, tournamentRoom(id), ROOM_PREFIX);
    const paged = await this.service.paged(id, socket.data.playerId);
    await socket.join(tournamentRoom(id));
    return paged;
  }

  async unsubscribe(socket: AppSocket, id: string): Promise<void> {
    await socket.leave(tournamentRoom(id));
  }

  /** Sends the changed tournaments' views to this node's subscribers now (the timer's work; tests). */
  async flush(): Promise<void> {
    const rooms = this.io.of('/').adapter.rooms;
    const ids: string[] = [];
    for (const [room, members] of rooms) if (room.startsWith(ROOM_PREFIX) && members.size > 0) ids.push(room.slice(ROOM_PREFIX.length));
    for (const id of this.sent.keys()) if (!ids.includes(id)) this.sent.delete(id);
    if (!ids.length) return;
    const versions = await this.repo.versions(ids);
    for (const [id, version] of versions) {
      if ((this.sent.get(id) ?? 0) >= version) continue;
      const view = await this.service.view(id);
      this.sent.set(id, view.version);
      this.send(id, view);
    }
  }

  /**
   * The first page of the standings to every subscriber here, in one broadcast (encoded once), then
   * their own row (not on that page) to those who have one, one by one (`tournament:mine`).
   */
  private send(id: string, full: TournamentView): void {
    const room = tournamentRoom(id);
    const view: TournamentView = { ...full, standings: standingsPage(full.standings, 1) };
    const version = full.version;
    this.io.local.to(room).emit('tournament:update', { id, version, view, standingsTotal: full.standings.length });
    const rows = new Map(full.standings.slice(view.standings.length).map((s) => [s.playerId, s]));
    const sockets = this.io.of('/').sockets;
    for (const socketId of this.io.of('/').adapter.rooms.get(room) ?? []) {
      const socket = sockets.get(socketId);
      const mine = socket ? rows.get(socket.data.playerId) : undefined;
      if (socket && mine) socket.emit('tournament:mine', { id, version, mine });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
