import { Pipeline, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/store/redis-client.js';
import { fixPipelineLength } from '../../src/store/ioredis-pipeline.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../../test/support/redis-server.js';

describe('ioredis pipelines (ioredis-pipeline.ts)', () => {
  it('have no getter of their own once the store module is loaded: length is the prototype`s', () => {
    const client = new Redis({ lazyConnect: true });
    const p = client.pipeline().get('a').set('b', '1');
    expect(Object.hasOwn(p, 'length')).toBe(false);
    expect(p.length).toBe(2);
    expect(p).toBeInstanceOf(Pipeline);
    client.disconnect();
  });

  it('the fix skips only an own length getter, and leaves a class without one as it was', () => {
    const define = Object.defineProperty;
    class Defines {
      readonly items = [1, 2, 3];
      constructor() {
        Object.defineProperty(this, 'length', { get: () => this.items.length });
        Object.defineProperty(this, 'kept', { value: 7, enumerable: true });
      }
    }
    class Plain {
      readonly _queue = [1];
      length = 5;
    }
    const mod = { default: Defines as unknown as new (...args: unknown[]) => { _queue?: unknown[] } };
    const plain = { default: Plain as unknown as new (...args: unknown[]) => { _queue?: unknown[] } };
    fixPipelineLength(mod);
    fixPipelineLength(mod); // once only
    fixPipelineLength(plain);
    const d = new mod.default(null) as unknown as { length: number; kept: number };
    expect(Object.hasOwn(d, 'length')).toBe(false);
    expect(d.kept).toBe(7); // other definitions go through
    expect(d).toBeInstanceOf(Defines);
    class Sub extends mod.default {
      readonly sub = true;
    }
    const s = new Sub(null) as unknown as { length: number; sub: boolean };
    expect(s).toBeInstanceOf(Sub); // a subclass keeps its own prototype
    expect(s.sub).toBe(true);
    expect(Object.hasOwn(s, 'length')).toBe(false);
    const p = new plain.default(null) as unknown as { length: number };
    expect(Object.hasOwn(p, 'length')).toBe(true); // a field, not a getter: left alone
    expect(p.length).toBe(5);
    expect(Object.defineProperty).toBe(define); // restored after each construction
  });

  describe.skipIf(skipWithoutRedis())('against Redis', () => {
    let redis: RedisHandle;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis.stop();
    });

    it('auto-pipelined commands, explicit pipelines and transactions still answer in order', async () => {
      const client = openRedis(redis.url);
      try {
        const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => client.set(`k${i}`, String(i)).then(() => client.get(`k${i}`))));
        expect(replies).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
        const results = await client.pipeline().set('x', '1').incr('x').get('x').exec();
        expect(results).toEqual([[null, 'OK'], [null, 2], [null, '2']]);
        const transaction = await client.multi().set('m', '1').incr('m').exec();
        expect(transaction).toEqual([[null, 'OK'], [null, 2]]);
      } finally {
        client.disconnect();
      }
    });
  });
});
