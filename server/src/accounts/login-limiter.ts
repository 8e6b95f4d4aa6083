import type { RedisClient } from '../store/redis-client.js';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { fail } from '../services/errors.js';

export interface LoginLimits {
  /** Failed logins per account from one address per window. */
  readonly perAccountAddress: number;
  /** Failed logins per account from all addresses together per window (a guessing attack spread over many addresses). */
  readonly perAccount: number;
  /** Login attempts per address per window. */
  readonly perAddress: number;
  readonly windowSec: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccountAddress: 10, perAccount: 50, perAddress: 30, windowSec: 15 * 60 };

/**
 * Login attempts counted per address (every attempt), per account and address, and per account
 * (failures: a success resets both), through rate-limiter-flexible: in Redis when there is one (all
 * nodes count together; in memory while it cannot be reached, shared-limiter.ts), else in this
 * process's memory.
 *
 * A failure's points are taken before the password is checked (one atomic increment each, in Redis
 * across nodes too) and given back by a success: a burst of attempts sent at once is checked at most
 * a budget's worth of times, never all of it. Ten wrong passwords from one address lock that address
 * out of the account, not the owner elsewhere; the account as a whole takes `perAccount` failures
 * from all addresses.
 *
 * Registrations spend from the same per-address budget: each costs a password hash too (32 MiB
 * of scrypt), so neither can be repeated at will.
 */
export class LoginLimiter {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccountAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(limits: LoginLimits, redis?: RedisClient) {
    const make = (points: number, keyPrefix: string): RateLimiterAbstract =>
      sharedLimiter({ points, durationSec: limits.windowSec }, keyPrefix, redis ?? null);
    this.byAddress = make(limits.perAddress, 'login-ip');
    this.byAccountAddress = make(limits.perAccountAddress, 'login-account-ip');
    this.byAccount = make(limits.perAccount, 'login-account');
  }

  /** Runs `verify` unless a budget is spent (then `rate-limited`): a failure keeps its points, a success resets the account's, an error gives them back. */
  async attempt(accountKey: string, address: string, verify: () => Promise<boolean>): Promise<boolean> {
    await this.byAddress.consume(address).catch(limited('too many login attempts; try later'));
    const pair = `${accountKey}\n${address}`;
    await this.byAccountAddress.consume(pair).catch(limited('too many failed logins; try later'));
    await this.byAccount.consume(accountKey).catch(async (e: unknown) => {
      await this.byAccountAddress.reward(pair, 1);
      return limited('too many failed logins for this account; try later')(e);
    });
    const giveBack = (): Promise<unknown> => Promise.all([this.byAccount.reward(accountKey, 1), this.byAccountAddress.reward(pair, 1)]);
    // not checked (the hashing pool busy, the database away): no failure to count
    const ok = await verify().catch(async (e: unknown) => {
      await giveBack();
      throw e;
    });
    if (ok) await Promise.all([this.byAccount.delete(accountKey), this.byAccountAddress.delete(pair)]);
    return ok;
  }

  /** A registration from `address`, before its password is hashed: `rate-limited` once the address's budget is spent. */
  async registration(address: string): Promise<void> {
    await this.byAddress.consume(address).catch(limited('too many sign-ups from this address; try later'));
  }
}

const limited =
  (message: string) =>
  (e: unknown): never => {
    if (e instanceof RateLimiterRes) fail('rate-limited', message);
    throw e;
  };
