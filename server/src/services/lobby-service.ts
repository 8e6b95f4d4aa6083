import { inviteLink, type ChallengeEnd, type ClientPayload, type GameSummary, type MyGame, type OwnSeek, type Seek } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { SeekGuard } from '../fairplay/playban.js';
import type { Blocks } from '../social/social-service.js';
import { acceptorRating, creatorRating, NO_RATINGS, seekTerms, type RatingLookup } from '../accounts/seek-ratings.js';
import { newGameId, newId, newInviteCode } from '../ids.js';
import type { Limits } from '../limits.js';
import type { Store, StoredSeek } from '../store/store.js';
import { challengeTarget, type ChallengeTarget } from './challenges.js';
import { fail } from './errors.js';
import { FreshRead } from './fresh-read.js';
import type { GameService } from './game-service.js';
import type { AccountDirectory, Identity } from './identity.js';
import { gamesInProgressOf } from './my-games.js';
import { LOBBY_ROOM, playerLobbyRoom, type Member, type Publisher } from './publisher.js';

export interface LobbyDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly games: GameService;
  readonly identity: Identity;
  readonly now: () => number;
  readonly logger: Logger;
  /**
   * The configured public address (PUBLIC_URL): invitation links are built on it. Unset, the ack
   * carries no link and the client builds it on the page's own address, which the player reached
   * (the server's own bound address, `localhost`, would not reach a friend's machine).
   */
  readonly publicUrl?: string;
  readonly seekGraceMs: number;
  /** How often this node takes the seeks that expired (from any node) and announces their end. */
  readonly seekExpiryTickMs: number;
  readonly limits: Limits;
  readonly randomInt: (max: number) => number;
  /** Ratings of account holders (rated seeks, ranges, lobby display); default: nobody has one. */
  readonly ratings?: RatingLookup;
  /** Registered players, to challenge by name; absent (no database): challenges are refused. */
  readonly accounts?: AccountDirectory;
  /** Blocks between players (social-service.ts): no challenge, seek or pairing across one. Absent: none. */
  readonly blocks?: Blocks;
  /** The fair-play guard (fairplay/playban.ts): refuses seeking to a barred player. Absent: nobody is. */
  readonly seekGuard?: SeekGuard;
  /** Told each new challenge and public open seek once, on the node that created it (notifications). */
  readonly seekEvents?: SeekEvents;
}

/** A new seek, as the lobby tells it to whoever subscribed where the app is composed. */
export interface SeekEvents {
  /** A challenge to `targetId` was created. */
  challenged(seek: Seek, targetId: string): void;
  /** A public seek open to anyone was created. */
  opened(seek: Seek): void;
}

const seekOf = (s: StoredSeek): Seek => JSON.parse(s.doc) as Seek;

/** Expired seeks announced per tick at most (more wait for the next tick). */
const EXPIRED_PER_TICK = 500;

/** What makes two seeks of one player the same seek (at most one of them is open); a challenge's opponent too. */
function settingsKey(p: ClientPayload<'seek:create'>, opponent: ChallengeTarget | undefined): string {
  const key = JSON.stringify([p.variant, p.timeControl, p.color, p.visibility, p.rated ?? false, p.ratingRange ?? null]);
  return opponent === undefined ? key : `${key}\nto ${opponent.id}`;
}

/** Seeks (public and by invitation), their acceptance, and the live lobby feed. */
export class LobbyService {
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** Creators of public seeks found absent by the previous sweep. */
  private absentBefore = new Set<string>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly expirer: NodeJS.Timeout;

  constructor(private readonly deps: LobbyDeps) {
    // Disconnect timers die with their node (crash, restart): a periodic sweep catches those seeks.
    this.sweeper = setInterval(() => {
      this.sweep().catch((e: unknown) => this.deps.logger.warn({ err: e }, 'seek sweep'));
    }, deps.seekGraceMs);
    this.expirer = setInterval(() => {
      this.announceExpired().catch((e: unknown) => this.deps.logger.warn({ err: e }, 'seek expiry'));
    }, deps.seekExpiryTickMs);
    this.expirer.unref();
  }

  /**
   * Joins the lobby room, then reads the listing: every change after the listing reaches the socket.
   * `mine`: the player's own open seeks (later changes come as `lobby:mySeeks` to all its connections);
   * `myGames`: its games in progress (`gamesOf`; later changes come as `lobby:myGameUpdated` and
   * `lobby:myGameRemoved` to its subscribed connections).
   */
  async subscribe(socket: Member): Promise<{ seeks: Seek[]; games: GameSummary[]; mine: OwnSeek[]; myGames: MyGame[]; challenges: Seek[] }> {
    const me = socket.data.playerId;
    await socket.join(LOBBY_ROOM);
    await socket.join(playerLobbyRoom(me));
    const [listing, mine, myGames, challenges, apart] = await Promise.all([
      this.listing.get(''),
      this.seeksOf(me),
      this.gamesOf(me),
      this.deps.store.listChallengesFor(me, this.deps.now()),
      this.blockedWith(me),
    ]);
    const shown = (seek: Seek): boolean => !apart.has(seek.creator.id);
    return { ...listing, seeks: listing.seeks.filter(shown), mine, myGames, challenges: challenges.map(seekOf).filter(shown) };
  }

  /** The player's games in progress, public, private and against the computer, most urgent first (my-games.ts). */
  gamesOf(playerId: string): Promise<MyGame[]> {
    return gamesInProgressOf(this.deps.store, playerId, this.deps.limits.maxGamesPerPlayer);
  }

  /** The player's open seeks, public and private, oldest first, each with its invitation link. */
  async seeksOf(playerId: string): Promise<OwnSeek[]> {
    const seeks = await this.deps.store.listSeeksOf(playerId, this.deps.now());
    return seeks.map((s) => this.own(s));
  }

  private own(s: StoredSeek): OwnSeek {
    const seek = seekOf(s);
    if (s.code === null || this.deps.publicUrl === undefined) return { seek };
    return { seek, inviteUrl: inviteLink(s.code, this.deps.publicUrl) };
  }

  /** Tells every connection of the player its open seeks after one of them changed (never throws). */
  private mineChanged(playerId: string): void {
    this.seeksOf(playerId).then(
      (seeks) => this.deps.publisher.toPlayer(playerId, 'lobby:mySeeks', { seeks }),
      (e: unknown) => this.deps.logger.warn({ err: e, playerId }, 'own seeks'),
    );
  }

  /** The listing now; the subscribes of one event-loop turn share one read, issued after they came. */
  private readonly listing = new FreshRead(async () => {
    const listed = this.deps.limits.lobbyListed;
    const [seeks, games] = await Promise.all([
      this.deps.store.listPublicSeeks(this.deps.now(), listed),
      this.deps.store.listActiveGames(listed),
    ]);
    // the spectator count is the store's (counted on whichever node), not the summary's of the last turn
    return { seeks: seeks.map(seekOf), games: games.map((g): GameSummary => ({ ...(JSON.parse(g.summary) as GameSummary), spectators: g.spectators })) };
  });

  /** The players `playerId` blocks or is blocked by (none without blocks). */
  private async blockedWith(playerId: string): Promise<ReadonlySet<string>> {
    return new Set(this.deps.blocks ? await this.deps.blocks.blockedWith(playerId) : []);
  }

  async unsubscribe(socket: Member): Promise<void> {
    await socket.leave(LOBBY_ROOM);
    await socket.leave(playerLobbyRoom(socket.data.playerId));
  }

  /**
   * A new seek, or the player's open seek with the same settings (with its invitation link).
   * At most `maxSeeksPerPlayer` open seeks per player; every seek expires (invitations later).
   * With `opponent`, a challenge (private, no invitation code): told to that player's connections.
   */
  async create(playerId: string, p: ClientPayload<'seek:create'>): Promise<{ seek: Seek; inviteUrl?: string }> {
    const { limits } = this.deps;
    await this.deps.seekGuard?.check(playerId);
    const opponent = p.opponent === undefined ? undefined : await challengeTarget(this.deps.accounts, playerId, p.opponent);
    // a block reads as an unknown player (challengeTarget's answer): it is not revealed
    if (opponent && (await this.deps.blocks?.blocks(playerId, opponent.id))) fail('unknown-player', `no player is registered as ${p.opponent}`);
    const name = await this.deps.identity.nameOf(playerId);
    const { terms, rating } = await seekTerms(this.deps.ratings ?? NO_RATINGS, playerId, p);
    const code = p.visibility === 'private' && opponent === undefined ? newInviteCode() : null;
    const now = this.deps.now();
    const seek: Seek = {
      id: newId(),
      variant: p.variant,
      timeControl: p.timeControl,
      color: p.color,
      visibility: p.visibility,
      creator: { id: playerId, name, ...(rating ? { rating: rating.rating, provisional: rating.provisional } : { guest: true }) },
      createdAt: now,
      ...terms,
      ...(code === null ? {} : { inviteCode: code }),
      ...(opponent === undefined ? {} : { opponent }),
    };
    const ttl = p.visibility === 'public' ? limits.seekTtlMs : limits.inviteTtlMs;
    const stored: StoredSeek = {
      id: seek.id,
      owner: playerId,
      settings: settingsKey(p, opponent),
      code,
      public: p.visibility === 'public',
      doc: JSON.stringify(seek),
      expiresAt: now + ttl,
      ...(opponent === undefined ? {} : { target: opponent.id }),
    };
    const r = await this.deps.store.addSeek(stored, now, limits.maxSeeksPerPlayer, limits.maxChallengesPerPlayer);
    if (!r.ok && r.reason === 'target-full') {
      fail('too-many-challenges', `${opponent?.name ?? 'that player'} already has ${limits.maxChallengesPerPlayer} open challenges`);
    }
    if (!r.ok) fail('too-many-seeks', `at most ${limits.maxSeeksPerPlayer} open seeks per player`);
    const open = this.own(r.seek);
    if (r.created && r.seek.public) this.deps.publisher.publishLobby('lobby:seekAdded', open.seek, [...(await this.blockedWith(playerId))]);
    if (r.created) this.mineChanged(playerId);
    if (r.created && r.seek.target !== undefined) {
      this.deps.publisher.toPlayer(r.seek.target, 'challenge:received', open.seek);
      this.deps.seekEvents?.challenged(open.seek, r.seek.target);
    } else if (r.created && r.seek.public) this.deps.seekEvents?.opened(open.seek);
    return open;
  }

  async cancel(playerId: string, seekId: string): Promise<void> {
    const now = this.deps.now();
    const found = await this.deps.store.getSeek(seekId, now);
    if (found === null || found.owner !== playerId) fail('unknown-seek', 'no such seek of yours');
    const taken = await this.deps.store.takeSeek(seekId, now);
    if (taken === null) fail('unknown-seek', 'the seek is gone');
    this.removed(taken, 'cancelled');
  }

  /** The challenged player turns a challenge down: it goes, and its challenger is told. */
  async decline(playerId: string, seekId: string): Promise<void> {
    const now = this.deps.now();
    const found = await this.deps.store.getSeek(seekId, now);
    if (found?.target === undefined) fail('unknown-seek', 'no such challenge');
    if (found.target !== playerId) fail('not-for-you', 'this challenge is addressed to another player');
    const taken = await this.deps.store.takeSeek(seekId, now);
    if (taken === null) fail('unknown-seek', 'the challenge is gone');
    this.removed(taken, 'declined');
    const by = seekOf(taken).opponent?.name ?? '';
    this.deps.publisher.toPlayer(taken.owner, 'challenge:declined', { seekId, by });
  }

  /**
   * Starts the game of a seek: a public one or a challenge by id (a challenge by its addressee
   * only), an invitation by its code only. Both players must be under `maxGamesPerPlayer` games in
   * progress (counted before the seek is taken).
   */
  async accept(playerId: string, p: ClientPayload<'seek:accept'>): Promise<{ gameId: string }> {
    const { store } = this.deps;
    const now = this.deps.now();
    const byId = 'seekId' in p ? await store.getSeek(p.seekId, now) : null;
    const byIdOpen = byId?.public === true || byId?.target !== undefined ? byId : null;
    const found = 'seekId' in p ? byIdOpen : await store.getSeekByCode(p.code, now);
    if (found === null && 'code' in p) await this.noInvitation(p.code, now);
    if (found === null) fail('unknown-seek', 'the seek is gone');
    const seek = seekOf(found);
    if (found.owner === playerId) fail('own-seek', 'you cannot accept your own seek');
    if (found.target !== undefined && found.target !== playerId) fail('not-for-you', 'this challenge is addressed to another player');
    await this.deps.seekGuard?.check(playerId);
    // across a block the seek is gone, as far as the acceptor can tell
    if (await this.deps.blocks?.blocks(found.owner, playerId)) fail('unknown-seek', 'the seek is gone');
    const lookup = this.deps.ratings ?? NO_RATINGS;
    const acceptorRated = await acceptorRating(lookup, seek, playerId);
    const gameId = newGameId();
    const players = [found.owner, playerId];
    await this.deps.games.reserve(gameId, players);
    const taken = await store.takeSeek(found.id, now);
    if (taken === null) {
      await store.releaseGame(gameId, players);
      fail('unknown-seek', 'someone else accepted it first');
    }
    this.removed(taken, 'accepted');
    const creatorColor = seek.color === 'random' ? (this.deps.randomInt(2) === 0 ? 'white' : 'black') : seek.color;
    const [creatorName, name] = await Promise.all([
      this.deps.identity.nameOf(seek.creator.id),
      this.deps.identity.nameOf(playerId),
    ]);
    const creatorRated = await creatorRating(lookup, seek);
    // a player without a rating has no account: a guest, marked so that a look-alike name does not pass for an account's
    const creator = { id: seek.creator.id, name: creatorName, ...(creatorRated ? { rating: creatorRated.rating } : { guest: true }) };
    const acceptor = { id: playerId, name, ...(acceptorRated ? { rating: acceptorRated.rating } : { guest: true }) };
    const white = creatorColor === 'white' ? creator : acceptor;
    const black = creatorColor === 'white' ? acceptor : creator;
    const rated = seek.rated === true && creatorRated !== null && acceptorRated !== null;
    const opts = { variant: seek.variant, timeControl: seek.timeControl, white, black, private: !taken.public, rated };
    await this.deps.games.create(opts, gameId);
    return { gameId };
  }

  async invite(code: string): Promise<{ seek: Seek }> {
    const now = this.deps.now();
    const found = await this.deps.store.getSeekByCode(code, now);
    if (found === null) return this.noInvitation(code, now);
    return { seek: seekOf(found) };
  }

  /**
   * No open invitation has this code: `unknown-seek` when one had it (accepted, cancelled or expired
   * in the last `CLOSED_INVITES_KEPT_MS`), `unknown-invitation` when none did (a mistyped or cut link).
   */
  private async noInvitation(code: string, now: number): Promise<never> {
    if (await this.deps.store.inviteClosed(code, now)) fail('unknown-seek', 'this invitation is no longer open');
    fail('unknown-invitation', 'no invitation has this code');
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
    const seeks = await this.publicSeeks();
    const creators = [...new Set(seeks.map((s) => s.owner))];
    const present = await Promise.all(creators.map((id) => this.online(id)));
    const absent = new Set(creators.filter((_, i) => !present[i]));
    await this.drop(seeks, (id) => absent.has(id) && this.absentBefore.has(id));
    this.absentBefore = absent;
  }

  /**
   * Announces the end of the seeks that expired: the lobby loses the public ones
   * (`lobby:seekRemoved`), and each owner gets its open seeks (`lobby:mySeeks`, once per owner).
   * Expiry is noticed by whichever seek call comes first, on any node; the store hands each
   * expired seek to one caller only (`takeExpiredSeeks`), so one node announces it, to every node.
   */
  async announceExpired(): Promise<void> {
    const expired = await this.deps.store.takeExpiredSeeks(this.deps.now(), EXPIRED_PER_TICK);
    for (const s of expired) if (s.public) this.deps.publisher.publishLobby('lobby:seekRemoved', { seekId: s.id });
    for (const s of expired) this.challengeGone(s, 'expired');
    for (const owner of new Set(expired.map((s) => s.owner))) this.mineChanged(owner);
  }

  close(): void {
    clearInterval(this.expirer);
    clearInterval(this.sweeper);
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }

  private async dropSeeksOfAbsent(playerId: string): Promise<void> {
    if (await this.online(playerId)) return;
    await this.drop(await this.publicSeeks(), (id) => id === playerId);
  }

  private publicSeeks(): Promise<StoredSeek[]> {
    return this.deps.store.listPublicSeeks(this.deps.now(), this.deps.limits.lobbyListed);
  }

  private async online(playerId: string): Promise<boolean> {
    return this.deps.publisher.playerOnline(playerId);
  }

  /** Takes (atomically, once across nodes) the seeks whose creator matches, and tells the lobby. */
  private async drop(seeks: readonly StoredSeek[], creator: (id: string) => boolean): Promise<void> {
    for (const s of seeks) {
      if (!creator(s.owner)) continue;
      const taken = await this.deps.store.takeSeek(s.id, this.deps.now());
      if (taken !== null) this.removed(taken, 'cancelled');
    }
  }

  /** A seek was taken (cancelled, declined, accepted or dropped): the lobby, its creator and a challenge's addressee are told. */
  private removed(s: StoredSeek, reason: ChallengeEnd): void {
    if (s.public) this.deps.publisher.publishLobby('lobby:seekRemoved', { seekId: s.id });
    this.mineChanged(s.owner);
    this.challengeGone(s, reason);
  }

  /** A challenge left: its addressee's connections are told why (nothing for other seeks). */
  private challengeGone(s: StoredSeek, reason: ChallengeEnd): void {
    if (s.target !== undefined) this.deps.publisher.toPlayer(s.target, 'challenge:removed', { seekId: s.id, reason });
  }
}
