import { describe, expect, it } from 'vitest';
import type { RedisClient } from '../src/store/redis-client.js';
import { guardPublishes } from '../src/transport/publish-guard.js';

/** A stand-in for an ioredis client whose every command fails as a closed connection does. */
function closedClient(): Record<string, (...args: unknown[]) => Promise<unknown>> {
  const fail = (): Promise<unknown> => Promise.reject(new Error('Connection is closed.'));
  return { publish: fail, spublish: fail, subscribe: fail, ssubscribe: fail, psubscribe: fail, unsubscribe: fail, sunsubscribe: fail, punsubscribe: fail, get: fail };
}

describe('the adapter clients never reject unawaited', () => {
  it('publishes settle to undefined and report the failure', async () => {
    const client = closedClient();
    const errors: unknown[] = [];
    guardPublishes(client as unknown as RedisClient, (e) => errors.push(e));
    await expect(client.publish?.('c', 'm')).resolves.toBeUndefined();
    await expect(client.spublish?.('c', 'm')).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
  });
});
