import type express from 'express';
import type { Database } from '../db/database.js';
import type { AccountDirectory, Identity } from '../services/identity.js';
import { gamesInProgressOf } from '../services/my-games.js';
import type { Store } from '../store/store.js';
import { accountBlocks } from './account-blocks.js';
import { ModerationRepo } from './moderation-repo.js';
import { chatGate, ModerationService } from './moderation-service.js';
import { SocialRepo } from './social-repo.js';
import { SOCIAL_WRITES, socialRoutes } from './social-routes.js';
import type { RedisClient } from '../store/redis-client.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { SocialService, type Blocks } from './social-service.js';

export interface SocialOptions {
  readonly directory: AccountDirectory;
  readonly store: Store;
  readonly identity: Identity;
  readonly online: () => Promise<ReadonlySet<string>>;
  readonly now: () => number;
  readonly operators: readonly string[];
  /** `maxGamesPerPlayer`: a friend's games in progress read at most. */
  readonly maxGames: number;
  readonly disconnect: (playerId: string) => void;
  /** Counts the follow and block changes across nodes (else per process). */
  readonly redis: RedisClient | null;
  /** Told each new follow (notifications). */
  readonly followed?: (follower: { readonly id: string; readonly name: string }, followedId: string) => void;
}

/** Follows, blocks, reports and moderation on the database, and what the lobby, the chat and HTTP take of them. */
export interface Social {
  readonly social: SocialService;
  readonly moderation: ModerationService;
  /** Guest-aware blocks for the lobby (account-blocks.ts). */
  readonly blocks: Blocks;
  /** The chat's gate (mutes and blocks). */
  readonly mayChat: (sender: string, opponent: string | null) => Promise<boolean>;
  readonly router: express.Router;
}

export function createSocial(db: Database, o: SocialOptions): Social {
  const social = new SocialService({
    repo: new SocialRepo(db),
    accounts: o.directory,
    online: o.online,
    publicGamesOf: async (id) => (await gamesInProgressOf(o.store, id, o.maxGames)).filter((g) => g.private !== true && g.bot !== true).map((g) => g.id),
    now: o.now,
    ...(o.followed ? { followed: o.followed } : {}),
  });
  const moderationRepo = new ModerationRepo(db);
  const moderation = new ModerationService({ repo: moderationRepo, accounts: o.directory, operators: o.operators, disconnect: o.disconnect, now: o.now });
  const isGuest = (id: string): Promise<boolean> => o.identity.isGuest(id);
  const blocks = accountBlocks(social, isGuest);
  return {
    social,
    moderation,
    blocks,
    mayChat: chatGate(moderationRepo, blocks, isGuest),
    router: socialRoutes({ social, moderation, accounts: o.directory, writes: sharedLimiter(SOCIAL_WRITES, 'social-writes', o.redis) }),
  };
}
