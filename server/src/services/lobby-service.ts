import type { ClientPayload, GameSummary, Seek } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import { newId, newInviteCode } from '../ids.js';
import type { Store, StoredSeek } from '../store/store.js';
import { fail } from './errors.js';
import type { GameService } from './game-service.js';
import type { Identity } from './identity.js';
import { LOBBY_ROOM, type Member, type Publisher } from './publisher.js';

export interface LobbyDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly games: GameService;
  readonly identity: Identity;
  readonly now: () => number;
  readonly logger: Logger;
  readonly publicUrl: () => string;
  readonly seekGraceMs: number;
  readonly randomInt: (max: number) => number;
}

const seekOf = (s: StoredSeek): Seek => JSON.parse(s.doc) as Seek;
const ACTIVE_GAMES_LISTED = 100;

/** Seeks (public and by invitation), their acceptance, and the live lobby feed. */
export class LobbyService {
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** Creators of public seeks found absent by the previous sweep. */
  private absentBefore = new Set<string>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: LobbyDeps) {
    // Disconnect timers die with their node (crash, restart): a periodic sweep catches those seeks.
    this.sweeper = setInterval(() => {
      this.sweep().catch((e: unknown) => this.deps.logger.warn({ err: e }, 'seek sweep'));
    }, deps.seekGraceMs);
  }

  async subscribe(socket: Member): Promise<{ seeks: Seek[]; games: GameSummary[] }> {
    await socket.join(LOBBY_ROOM);
    const [seeks, games] = await Promise.all([
      this.deps.store.listPublicSeeks(),
      this.deps.store.listActiveGames(ACTIVE_GAMES_LISTED),
    ]);
    return { seeks: seeks.map(seekOf), games: games.map((g) => JSON.parse(g.summary) as GameSummary) };
  }

  async unsubscribe(socket: Member): Promise<void> {
    await socket.leave(LOBBY_ROOM);
  }

  async create(playerId: string, p: ClientPayload<'seek:create'>): Promise<{ seek: Seek; inviteUrl?: string }> {
    const name = await this.deps.identity.nameOf(playerId);
    const code = p.visibility === 'private' ? newInviteCode() : null;
    const seek: Seek = {
      id: newId(),
      variant: p.variant,
      timeControl: p.timeControl,
      color: p.color,
      visibility: p.visibility,
      creator: { id: playerId, name },
      createdAt: this.deps.now(),
      ...(code === null ? {} : { inviteCode: code }),
    };
    await this.deps.store.putSeek({ id: seek.id, code, public: code === null, doc: JSON.stringify(seek) });
    if (code === null) {
      this.deps.publisher.publishLobby('lobby:seekAdded', seek);
      return { seek };
    }
    return { seek, inviteUrl: `${this.deps.publicUrl()}/invite/${code}` };
  }

  async cancel(playerId: string, seekId: string): Promise<void> {
    const found = await this.deps.store.getSeek(seekId);
    if (found === null || seekOf(found).creator.id !== playerId) fail('unknown-seek', 'no such seek of yours');
    const taken = await this.deps.store.takeSeek(seekId);
    if (taken === null) fail('unknown-seek', 'the seek is gone');
    this.removed(taken);
  }

  async accept(playerId: string, p: ClientPayload<'seek:accept'>): Promise<{ gameId: string }> {
    const { store } = this.deps;
    const found = 'seekId' in p ? await store.getSeek(p.seekId) : await store.getSeekByCode(p.code);
    if (found === null) fail('unknown-seek', 'the seek is gone');
    const seek = seekOf(found);
    if (seek.creator.id === playerId) fail('own-seek', 'you cannot accept your own seek');
    const taken = await store.takeSeek(found.id);
    if (taken === null) fail('unknown-seek', 'someone else accepted it first');
    this.removed(taken);
    const creatorColor = seek.color === 'random' ? (this.deps.randomInt(2) === 0 ? 'white' : 'black') : seek.color;
    const [creatorName, name] = await Promise.all([
      this.deps.identity.nameOf(seek.creator.id),
      this.deps.identity.nameOf(playerId),
    ]);
    const creator = { id: seek.creator.id, name: creatorName };
    const acceptor = { id: playerId, name };
    const white = creatorColor === 'white' ? creator : acceptor;
    const black = creatorColor === 'white' ? acceptor : creator;
    const gameId = await this.deps.games.create({ variant: seek.variant, timeControl: seek.timeControl, white, black });
    return { gameId };
  }

  async invite(code: string): Promise<{ seek: Seek }> {
    const found = await this.deps.store.getSeekByCode(code);
    if (found === null) fail('unknown-seek', 'this invitation is no longer open');
    return { seek: seekOf(found) };
  }

  playerConnected(playerId: string): void {
    const t = this.graceTimers.get(playerId);
    if (t !== undefined) clearTimeout(t);
    this.graceTimers.delete(playerId);
  }

  /** A player's last socket here closed: their public seeks go if they stay away longer than the grace. */
  playerDisconnected(playerId: string): void {
    this.playerConnected(playerId);
    const t = setTimeout(() => {
      this.graceTimers.delete(playerId);
      this.dropSeeksOfAbsent(playerId).catch((e: unknown) => this.deps.logger.error({ err: e }, 'seek grace'));
    }, this.deps.seekGraceMs);
    this.graceTimers.set(playerId, t);
  }

  /** Removes public seeks whose creator was absent at this sweep and the previous one (one grace apart). */
  async sweep(): Promise<void> {
    const seeks = await this.deps.store.listPublicSeeks();
    const creators = [...new Set(seeks.map((s) => seekOf(s).creator.id))];
    const present = await Promise.all(creators.map((id) => this.online(id)));
    const absent = new Set(creators.filter((_, i) => !present[i]));
    await this.drop(seeks, (id) => absent.has(id) && this.absentBefore.has(id));
    this.absentBefore = absent;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }

  private async dropSeeksOfAbsent(playerId: string): Promise<void> {
    if (await this.online(playerId)) return;
    await this.drop(await this.deps.store.listPublicSeeks(), (id) => id === playerId);
  }

  private async online(playerId: string): Promise<boolean> {
    return this.deps.publisher.playerOnline(playerId);
  }

  /** Takes (atomically, once across nodes) the seeks whose creator matches, and tells the lobby. */
  private async drop(seeks: readonly StoredSeek[], creator: (id: string) => boolean): Promise<void> {
    for (const s of seeks) {
      if (!creator(seekOf(s).creator.id)) continue;
      const taken = await this.deps.store.takeSeek(s.id);
      if (taken !== null) this.removed(taken);
    }
  }

  private removed(s: StoredSeek): void {
    if (s.public) this.deps.publisher.publishLobby('lobby:seekRemoved', { seekId: s.id });
  }
}
