import { createHash, randomBytes } from 'node:crypto';
import { MAX_API_TOKENS, type ApiScope, type ApiTokenView } from '@progressive-chess/shared';
import type { TokenOwner, TokensRepo } from '../db/tokens-repo.js';
import { newId } from '../ids.js';
import { fail } from '../services/errors.js';

/** The prefix of every personal API token (recognisable in logs and secret scanners). */
export const TOKEN_PREFIX = 'pcl_';
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');
/** How often a token's "last used" time is written at most (not on every request). */
const TOUCH_EVERY_MS = 60_000;
/** Bot usernames listed by `GET /api/bots` at most. */
export const MAX_LISTED_BOTS = 2_000;

export interface TokenServiceDeps {
  readonly repo: TokensRepo;
  readonly now: () => number;
  /** The player's games in progress (live store): a player with one cannot become a bot. */
  readonly gamesInProgress: (playerId: string) => Promise<number>;
}

/** Personal API tokens (created, listed, revoked, resolved from `Authorization: Bearer`) and bot upgrades. */
export class TokenService {
  private readonly touched = new Map<string, number>();

  constructor(private readonly deps: TokenServiceDeps) {}

  /** A new token: its secret is in this answer only (the server keeps its sha256). */
  async create(playerId: string, p: { description: string; scopes: readonly ApiScope[] }): Promise<{ token: string; view: ApiTokenView }> {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = newId();
    const scopes = [...new Set(p.scopes)];
    const createdAt = this.deps.now();
    const ok = await this.deps.repo.create({ id, playerId, hash: hashOf(token), description: p.description, scopes, createdAt }, MAX_API_TOKENS);
    if (!ok) fail('too-many-tokens', `at most ${MAX_API_TOKENS} API tokens per account: revoke one first`);
    return { token, view: { id, description: p.description, scopes, createdAt, lastUsedAt: null } };
  }

  list(playerId: string): Promise<ApiTokenView[]> {
    return this.deps.repo.list(playerId);
  }

  async revoke(playerId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.revoke(playerId, id))) fail('not-found', 'no such token of yours');
  }

  /** The owner of the token in an `Authorization` header; `bad-api-token` when missing, wrong or revoked. */
  async authenticate(header: string | undefined): Promise<TokenOwner> {
    const m = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '');
    const token = m?.[1];
    if (token === undefined) fail('bad-api-token', 'send a personal API token as "Authorization: Bearer <token>"');
    const owner = token.startsWith(TOKEN_PREFIX) ? await this.deps.repo.byHash(hashOf(token)) : null;
    if (owner === null) fail('bad-api-token', 'unknown or revoked API token');
    const now = this.deps.now();
    if ((this.touched.get(owner.tokenId) ?? -Infinity) + TOUCH_EVERY_MS <= now) {
      this.touched.set(owner.tokenId, now);
      if (this.touched.size > 10_000) this.touched.clear();
      await this.deps.repo.touch(owner.tokenId, now);
    }
    return owner;
  }

  /** The account becomes a bot, for good: only one that has played no game (archived or in progress). */
  async upgradeToBot(playerId: string): Promise<void> {
    if (await this.deps.repo.isBot(playerId)) return;
    const [played, playing] = await Promise.all([this.deps.repo.hasPlayed(playerId), this.deps.gamesInProgress(playerId)]);
    if (played || playing > 0) fail('has-played', 'only an account that has played no game can become a bot');
    await this.deps.repo.makeBot(playerId, this.deps.now());
  }

  isBot(playerId: string): Promise<boolean> {
    return this.deps.repo.isBot(playerId);
  }

  /** The bot accounts' usernames (the web client marks them BOT wherever it shows a name). */
  botNames(): Promise<string[]> {
    return this.deps.repo.botNames(MAX_LISTED_BOTS);
  }

  botsAmong(playerIds: readonly string[]): Promise<Set<string>> {
    return this.deps.repo.botsAmong(playerIds);
  }
}
