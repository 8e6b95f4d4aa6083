import type { RedisClient } from '../store/redis-client.js';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { fail } from '../services/errors.js';

export interface LoginLimits {
  /** Failed logins per account per window. */
  readonly perAccount: number;
  /** Login attempts per address per window. */
  readonly perAddress: number;
  readonly windowSec: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 10, perAddress: 30, windowSec: 15 * 60 };

/**
 * Login attempts counted per address (every attempt) and per account (failures; a success
 * resets it), through rate-limiter-flexible: in Redis when there is one (all nodes count together;
 * in memory while it cannot be reached, shared-limiter.ts), else in this process's memory.
 * Registrations spend from the same per-address budget: each costs a password hash too (32 MiB
 * of scrypt), so neither can be repeated at will.
 */
export class LoginLimiter {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(
    private readonly limits: LoginLimits,
    redis?: RedisClient,
  ) {
    const make = (points: number, keyPrefix: string): RateLimiterAbstract =>
      sharedLimiter({ points, durationSec: limits.windowSec }, keyPrefix, redis ?? null);
    this.byAddress = make(limits.perAddress, 'login-ip');
    this.byAccount = make(limits.perAccount, 'login-account');
  }

  /** Runs `verify` unless a budget is spent (then `rate-limited`); counts its failure. */
  async attempt(accountKey: string, address: string, verify: () => Promise<boolean>): Promise<boolean> {
    await this.byAddress.consume(address).catch(limited('too many login attempts; try later'));
    const spent = await this.byAccount.get(accountKey);
    if (spent !== null && spent.consumedPoints >= this.limits.perAccount) fail('rate-limited', 'too many failed logins; try later');
    const ok = await verify();
    if (ok) await this.byAccount.delete(accountKey);
    else await this.byAccount.consume(accountKey).catch(() => undefined);
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
