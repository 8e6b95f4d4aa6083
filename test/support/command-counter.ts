import type { Command } from 'ioredis';
import type { RedisClient } from '../../server/src/store/redis-client.js';

/**
 * Counts the commands an ioredis client sends (each one a round trip to Redis, even when
 * auto-pipelining packs several into one write), by command name. Used by the server benchmark
 * (store and adapter commands per move) and by the round-trip tests.
 */
export interface CommandCounter {
  /** Commands sent since the last `reset`, by name (EVALSHA for a script). */
  readonly counts: ReadonlyMap<string, number>;
  total(): number;
  reset(): void;
}

export function countCommands(client: RedisClient): CommandCounter {
  const counts = new Map<string, number>();
  const send = client.sendCommand.bind(client) as (c: Command, ...rest: unknown[]) => unknown;
  const counting = (c: Command, ...rest: unknown[]): unknown => {
    counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    return send(c, ...rest);
  };
  (client as { sendCommand: unknown }).sendCommand = counting;
  return {
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => counts.clear(),
  };
}
