import type { RedisClient } from '../store/redis-client.js';

/**
 * The Socket.IO Redis adapter publishes without awaiting the result, so while Redis is down every
 * broadcast would end as an unhandled rejection (MaxRetriesPerRequestError). This makes the
 * client's publish commands settle to undefined on failure and reports the failure instead: a
 * broadcast lost in an outage is one a client recovers by its version check (resync).
 */
export function guardPublishes(client: RedisClient, onError: (err: unknown) => void): void {
  guardMethods(client, ['publish', 'spublish'], onError);
}

function guardMethods(client: RedisClient, names: readonly string[], onError: (err: unknown) => void): void {
  const methods = client as unknown as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]): Promise<unknown> =>
      Promise.resolve(Reflect.apply(original, client, args) as unknown).catch((e: unknown) => {
        onError(e);
        return undefined;
      });
  }
}
