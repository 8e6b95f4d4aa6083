import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { reportOutages } from '../src/transport/redis-clients.js';
import type { RedisClient } from '../src/store/redis-client.js';
import { captureLog, flushLog } from './log-capture.js';

describe('a Redis outage in the log', () => {
  it('one warning for a burst of connection errors, and one line when the connection is back', async () => {
    const { logger, lines } = captureLog();
    const client = new EventEmitter();
    reportOutages(client as unknown as RedisClient, 'subscriber', logger);
    for (let i = 0; i < 30; i++) client.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    client.emit('ready');
    client.emit('ready'); // a ready without an outage before it says nothing
    await flushLog();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'redis subscriber: connection failing'],
      [30, 'redis subscriber: connection back'],
    ]);
  });
});
