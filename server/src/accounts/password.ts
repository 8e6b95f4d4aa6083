import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { fail } from '../services/errors.js';

/** scrypt (memory-hard): N=2^15, r=8 (32 MiB per hash), p=1; stored as `scrypt$N$r$p$salt$hash`. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LEN = 32;

/**
 * How many password hashes run at once, and how many may wait. scrypt runs on libuv's thread pool
 * (4 threads unless UV_THREADPOOL_SIZE says otherwise), which static files (fs) and gzip/brotli
 * (zlib) share: hashing takes at most `concurrency` of those threads, so a flood of logins never
 * holds them all, and past `maxQueue` waiting a login or sign-up is answered `503 busy` at once.
 */
export interface HashingLimits {
  readonly concurrency: number;
  readonly maxQueue: number;
}

export const DEFAULT_HASHING_LIMITS: HashingLimits = { concurrency: 2, maxQueue: 16 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time check against a stored hash (its own parameters, so they can be raised later). */
  verify(password: string, stored: string): Promise<boolean>;
  /** A check that costs what `verify` costs and is always false: for unknown usernames, so timing does not tell which exist. */
  verifyNone(password: string): Promise<false>;
}

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { ...o, maxmem: 128 * o.N * o.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const encode = (salt: Buffer, key: Buffer): string =>
  ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');

/** Password hashing behind its own bounded gate (`HashingLimits`); `busy` when the gate is full. */
export function passwordHasher(limits: HashingLimits = DEFAULT_HASHING_LIMITS): PasswordHasher {
  const gate = pLimit(limits.concurrency);
  const gated = async <T>(work: () => Promise<T>): Promise<T> => {
    if (gate.activeCount + gate.pendingCount >= limits.concurrency + limits.maxQueue) {
      fail('busy', 'the server is busy signing players in; try again shortly');
    }
    return gate(work);
  };
  const hash = (password: string): Promise<string> => {
    const salt = randomBytes(16);
    return gated(() => derive(password, salt, PARAMS)).then((key) => encode(salt, key));
  };
  const verify = async (password: string, stored: string): Promise<boolean> => {
    const [kind, n, r, p, salt, expected] = stored.split('$');
    if (kind !== 'scrypt' || !salt || !expected) return false;
    const want = Buffer.from(expected, 'base64url');
    const key = await gated(() => derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }));
    return key.length === want.length && timingSafeEqual(key, want);
  };
  // a hash to check unknown usernames against, made once (not counted: the first check waits for it)
  let dummy: Promise<string> | null = null;
  const dummyHash = (): Promise<string> => {
    const salt = randomBytes(16);
    return (dummy ??= derive('not a password', salt, PARAMS).then((key) => encode(salt, key)));
  };
  return {
    hash,
    verify,
    async verifyNone(password) {
      await verify(password, await dummyHash());
      return false;
    },
  };
}
