import {
  ratingView,
  type AccountView,
  type ArchivedGameItem,
  type GamesPage,
  type Leaderboard,
  type PlayerProfile,
  type PlayerResult,
  type VariantId,
  type VariantRating,
} from '@progressive-chess/shared';
import { usernameKey, type AccountRecord, type AccountsRepo } from '../db/accounts-repo.js';
import type { ArchiveRepo, ArchivedRecord } from '../db/archive-repo.js';
import type { RatingsRepo } from '../db/ratings-repo.js';
import { GLICKO_DEFAULT } from '../ratings/glicko2.js';
import { fail } from '../services/errors.js';
import type { AccountDirectory, Identity } from '../services/identity.js';
import type { LoginLimiter } from './login-limiter.js';
import type { PasswordHasher } from './password.js';
import { newSessionToken, SESSION_MAX_AGE_MS, sessionHash, sessionTokenOf } from './session-cookie.js';

export interface AccountServiceDeps {
  readonly accounts: AccountsRepo;
  readonly ratings: RatingsRepo;
  readonly archive: ArchiveRepo;
  readonly identity: Identity;
  readonly limiter: LoginLimiter;
  /** Password hashing in its own bounded gate (`busy` when full). */
  readonly hasher: PasswordHasher;
  readonly now: () => number;
  /**
   * Sessions just ended (by their key, or all of an account's): their connections are to be
   * disconnected, on every node (the transport implements it).
   */
  readonly sessionsEnded?: (ended: EndedSessions) => void;
}

export type EndedSessions = { readonly session: string } | { readonly playerId: string };

/** A signed-in answer: the account and the new session token (for the cookie). */
export interface SignedIn {
  readonly account: AccountView;
  readonly sessionToken: string;
}

const LEADERBOARD_SIZE = 50;
const RECENT_GAMES = 10;
const PGN_PAGE = 100;

/** The account of a session token that has not expired (`SESSION_MAX_AGE_MS` after its login), or null. */
const liveSession = (accounts: AccountsRepo, token: string, now: number): Promise<AccountRecord | null> =>
  accounts.bySession(sessionHash(token), now - SESSION_MAX_AGE_MS);

/** Sessions resolved from cookies, and usernames reserved against display names. */
export function accountDirectory(accounts: AccountsRepo, now: () => number): AccountDirectory {
  return {
    async fromCookie(header) {
      const token = sessionTokenOf(header);
      if (token === null) return null;
      const acc = await liveSession(accounts, token, now());
      return acc === null ? null : { playerId: acc.playerId, username: acc.username, session: sessionHash(token) };
    },
    async accountNamed(name) {
      const acc = await accounts.byUsername(name);
      return acc === null ? null : { playerId: acc.playerId, username: acc.username };
    },
    async ownsLookAlike(name, playerId) {
      return (await accounts.lookingLike(name, playerId)).length > 0;
    },
  };
}

/** Accounts (claim, log in, sessions), profiles, game lists and leaderboards. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Claims the anonymous identity of `token` as the account `username` (counted per `address`, see LoginLimiter). */
  async register(p: { username: string; password: string; token: string }, address: string): Promise<SignedIn> {
    await this.deps.limiter.registration(address);
    const playerId = await this.deps.identity.verifyToken(p.token);
    const passwordHash = await this.deps.hasher.hash(p.password);
    const res = await this.deps.accounts.create({ playerId, username: p.username, passwordHash, createdAt: this.deps.now() });
    if (res === 'username-taken') fail('username-taken', 'that username is taken');
    if (res === 'already-registered') fail('already-registered', 'this identity already has an account');
    await this.deps.identity.bindAccount(playerId, p.username);
    return this.startSession(await this.accountOf(playerId));
  }

  async login(p: { username: string; password: string }, address: string): Promise<SignedIn> {
    const acc = await this.deps.accounts.byUsername(p.username);
    const ok = await this.deps.limiter.attempt(usernameKey(p.username), address, async () =>
      // Unknown names cost a hash too: timing does not tell which usernames exist.
      acc === null ? this.deps.hasher.verifyNone(p.password) : this.deps.hasher.verify(p.password, acc.passwordHash),
    );
    if (!ok || acc === null) fail('bad-credentials', 'wrong username or password');
    return this.startSession(acc);
  }

  /** Ends this session, or every session of its account. */
  async logout(cookieHeader: string | undefined, everywhere: boolean): Promise<void> {
    const token = sessionTokenOf(cookieHeader);
    if (token === null) return;
    const acc = everywhere ? await liveSession(this.deps.accounts, token, this.deps.now()) : null;
    if (acc !== null) await this.deps.accounts.deleteSessions(acc.playerId);
    else await this.deps.accounts.deleteSession(sessionHash(token));
    this.deps.sessionsEnded?.(acc !== null ? { playerId: acc.playerId } : { session: sessionHash(token) });
  }

  /** The account of the session cookie; null for a guest (no cookie, or an ended or unknown session). */
  async me(cookieHeader: string | undefined): Promise<AccountView | null> {
    const token = sessionTokenOf(cookieHeader);
    const acc = token === null ? null : await liveSession(this.deps.accounts, token, this.deps.now());
    return acc === null ? null : this.view(acc);
  }

  async profile(name: string): Promise<PlayerProfile> {
    const acc = await this.named(name);
    const [ratings, history, recent] = await Promise.all([
      this.deps.ratings.of(acc.playerId),
      this.deps.ratings.history(acc.playerId),
      this.deps.archive.page(acc.playerId, { limit: RECENT_GAMES }),
    ]);
    return { username: acc.username, createdAt: acc.createdAt, ratings, history, recentGames: recent.games };
  }

  async games(
    name: string,
    q: { variant?: VariantId | undefined; result?: PlayerResult | undefined; before?: string | undefined; limit?: number | undefined },
  ): Promise<GamesPage> {
    const acc = await this.named(name);
    return this.deps.archive.page(acc.playerId, {
      limit: q.limit ?? 20,
      ...(q.variant ? { variant: q.variant } : {}),
      ...(q.result ? { result: q.result } : {}),
      ...(q.before ? { before: q.before } : {}),
    });
  }

  /** Every archived game of a player, newest first, a page of records at a time (PGN export). */
  async *allGames(name: string): AsyncGenerator<ArchivedRecord[]> {
    const acc = await this.named(name);
    let before: string | undefined;
    do {
      const page = await this.deps.archive.page(acc.playerId, { limit: PGN_PAGE, ...(before ? { before } : {}) });
      yield await this.deps.archive.records(page.games.map((g: ArchivedGameItem) => g.id));
      before = page.next ?? undefined;
    } while (before !== undefined);
  }

  async leaderboard(variant: VariantId): Promise<Leaderboard> {
    return { variant, players: await this.deps.ratings.leaderboard(variant, LEADERBOARD_SIZE) };
  }

  /**
   * The ratings in a variant of those of `playerIds` who have an account (the others are left out):
   * two queries for any number (a tournament wave's players).
   */
  async ratingsOf(playerIds: readonly string[], variant: VariantId): Promise<Map<string, VariantRating>> {
    const accounts = await this.deps.accounts.withAccounts(playerIds);
    const found = await this.deps.ratings.inVariant([...accounts], variant);
    return new Map([...accounts].map((id) => [id, found.get(id) ?? { variant, ...ratingView(GLICKO_DEFAULT), games: 0 }]));
  }

  /** A player's rating in a variant, or null when they have no account (lobby, seeks). */
  async ratingOf(playerId: string, variant: VariantId): Promise<VariantRating | null> {
    return (await this.ratingsOf([playerId], variant)).get(playerId) ?? null;
  }

  private async named(name: string): Promise<AccountRecord> {
    return (await this.deps.accounts.byUsername(name)) ?? fail('unknown-player', `no player ${name}`);
  }

  private async accountOf(playerId: string): Promise<AccountRecord> {
    return (await this.deps.accounts.byPlayerId(playerId)) ?? fail('internal', 'account vanished');
  }

  private async startSession(acc: AccountRecord): Promise<SignedIn> {
    const sessionToken = newSessionToken();
    await this.deps.accounts.createSession(sessionHash(sessionToken), acc.playerId, this.deps.now());
    return { account: await this.view(acc), sessionToken };
  }

  private async view(acc: AccountRecord): Promise<AccountView> {
    return { playerId: acc.playerId, username: acc.username, createdAt: acc.createdAt, ratings: await this.deps.ratings.of(acc.playerId) };
  }
}
