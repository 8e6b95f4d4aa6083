import { MAX_BLOCKS, MAX_FOLLOWS, type BlockList, type FriendsList, type FriendView } from '@progressive-chess/shared';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';
import type { SocialRepo } from './social-repo.js';

export interface SocialDeps {
  readonly repo: SocialRepo;
  readonly accounts: Pick<AccountDirectory, 'accountNamed'>;
  /** The players connected now, on any node (cached: online-count.ts). */
  readonly online: () => Promise<ReadonlySet<string>>;
  /** A player's public games in progress, by id (not private, not against the computer). */
  readonly publicGamesOf: (playerId: string) => Promise<string[]>;
  readonly now: () => number;
  /** Told each new follow (`followed` notification); not a repeated one. */
  readonly followed?: (follower: { readonly id: string; readonly name: string }, followedId: string) => void;
}

/** What pairing, challenges, seeks and chat ask: whether two players must be kept apart. */
export interface Blocks {
  /** Whether either of the two players blocks the other. */
  blocks(a: string, b: string): Promise<boolean>;
  /** Every player who blocks `a` or whom `a` blocks (seeks are hidden between them). */
  blockedWith(a: string): Promise<string[]>;
  /** The blocks (blocker, blocked) between any two of `ids`, at once (a tournament wave pairs no such two). */
  blockedAmong(ids: readonly string[]): Promise<(readonly [string, string])[]>;
}

/** Whom "a followed player started a game" notifies (notify/lifecycle-triggers.ts). */
export interface Followers {
  followersOf(playerId: string): Promise<string[]>;
}

/**
 * Follows (a friends list with who is online or playing) and blocks between accounts. A block
 * refuses what would reach the blocker (challenges, seeks, pairing, chat) with the answers an
 * unknown or gone player gets, so it is never revealed; it also ends the follows both ways.
 */
export class SocialService implements Blocks, Followers {
  constructor(private readonly deps: SocialDeps) {}

  async follow(me: { readonly id: string; readonly name: string }, username: string): Promise<FriendsList> {
    const target = await this.other(me.id, username);
    // following a player who blocks you (or whom you block) looks like following nobody
    if (await this.deps.repo.blockedEitherWay(me.id, target)) this.unknown(username);
    const r = await this.deps.repo.add('follows', me.id, target, MAX_FOLLOWS, this.deps.now());
    if (r === 'full') fail('too-many-follows', `you can follow at most ${MAX_FOLLOWS} players`);
    if (r === 'added') this.deps.followed?.(me, target);
    return this.friends(me.id);
  }

  async unfollow(me: string, username: string): Promise<FriendsList> {
    const target = await this.named(username);
    await this.deps.repo.remove('follows', me, target);
    return this.friends(me);
  }

  /** The players `me` follows, each online or not and with the public games they play now. */
  async friends(me: string): Promise<FriendsList> {
    const [listed, online] = await Promise.all([this.deps.repo.listed('follows', me), this.deps.online()]);
    const friends = await Promise.all(
      listed.map(async (f): Promise<FriendView> => {
        const on = online.has(f.playerId);
        return { username: f.username, online: on, playing: on ? await this.deps.publicGamesOf(f.playerId) : [] };
      }),
    );
    return { friends };
  }

  async block(me: string, username: string): Promise<BlockList> {
    const target = await this.other(me, username);
    const r = await this.deps.repo.add('blocks', me, target, MAX_BLOCKS, this.deps.now());
    if (r === 'full') fail('too-many-blocks', `you can block at most ${MAX_BLOCKS} players`);
    await Promise.all([this.deps.repo.remove('follows', me, target), this.deps.repo.remove('follows', target, me)]);
    return this.blockList(me);
  }

  async unblock(me: string, username: string): Promise<BlockList> {
    await this.deps.repo.remove('blocks', me, await this.named(username));
    return this.blockList(me);
  }

  async blockList(me: string): Promise<BlockList> {
    return { blocked: (await this.deps.repo.listed('blocks', me)).map((b) => b.username) };
  }

  blocks(a: string, b: string): Promise<boolean> {
    return this.deps.repo.blockedEitherWay(a, b);
  }

  blockedWith(a: string): Promise<string[]> {
    return this.deps.repo.blockedWith(a);
  }

  blockedAmong(ids: readonly string[]): Promise<(readonly [string, string])[]> {
    return this.deps.repo.blockedAmong(ids);
  }

  followersOf(playerId: string): Promise<string[]> {
    return this.deps.repo.followers(playerId);
  }

  private async named(username: string): Promise<string> {
    return (await this.deps.accounts.accountNamed(username))?.playerId ?? this.unknown(username);
  }

  private async other(me: string, username: string): Promise<string> {
    const id = await this.named(username);
    if (id === me) fail('bad-request', 'that is you');
    return id;
  }

  private unknown(username: string): never {
    fail('unknown-player', `no player is registered as ${username}`);
  }
}
