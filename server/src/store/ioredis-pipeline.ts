import { createRequire } from 'node:module';

/**
 * A work-around for ioredis 6.0.0 (its latest), applied once when the store's Redis client module
 * loads: pipelines, which auto-pipelining makes for every batch of commands, pinned their commands
 * in memory until a full garbage collection.
 *
 * ioredis's Pipeline constructor gives each instance its own `length` getter, a closure over the
 * instance (`Object.defineProperty(this, "length", { get })`). An own accessor holding a new
 * function each time gives each pipeline a hidden class of its own, and V8 allocates hidden classes
 * in the old generation: every pipeline was reachable from an old object, dead or not, so every young
 * collection kept it alive with its queue of commands, their arguments and replies, and promoted
 * it. Under bench:server's load that was some 5 MB per young collection of the game server, for the
 * floor's bare relay as well (both use these clients): 10-17 ms pauses instead of about 1 ms, and
 * CPU. Here the constructor runs unchanged but that one own getter, and `length` is a getter of the
 * prototype instead, reading the same queue. Nothing else changes; an ioredis whose constructor no
 * longer defines it is left as it is (test/store/ioredis-pipeline.test.ts checks both).
 */

interface PipelineClass {
  new (...args: unknown[]): { _queue?: unknown[] };
  readonly prototype: object;
}

const require = createRequire(import.meta.url);
const pipelineModule = require('ioredis/built/Pipeline') as { default: PipelineClass };
const FIXED = Symbol.for('progressive-chess.ioredis-pipeline-length');

export function fixPipelineLength(mod: { default: PipelineClass } = pipelineModule): void {
  const Original = mod.default;
  if ((Original as unknown as Record<symbol, boolean>)[FIXED]) return;
  const define = Object.defineProperty;
  const skipOwnLength = function defineProperty(o: object, key: PropertyKey, d: PropertyDescriptor): object {
    const ownGetter = key === 'length' && typeof d.get === 'function' && o instanceof Original && !Object.hasOwn(o, 'length');
    return ownGetter ? o : define(o, key, d);
  } as typeof define;
  function Pipeline(this: unknown, ...args: unknown[]): object {
    Object.defineProperty = skipOwnLength;
    try {
      // `new Original`, not Reflect.construct with this function as new.target: V8 then derived a
      // hidden class per instance again (measured: 0.3 MB promoted per young collection at 1,000
      // pipelines a second, against 25 KB), the very leak this works around. A subclass still works.
      if (new.target === undefined || new.target === Pipeline) return new Original(...args);
      return Reflect.construct(Original, args, new.target) as object;
    } finally {
      Object.defineProperty = define;
    }
  }
  Pipeline.prototype = Original.prototype;
  define(Original.prototype, 'length', {
    configurable: true,
    get(this: { _queue?: unknown[] }) {
      return this._queue?.length ?? 0;
    },
  });
  Object.setPrototypeOf(Pipeline, Original);
  define(Pipeline, FIXED, { value: true });
  mod.default = Pipeline as unknown as PipelineClass;
}

fixPipelineLength();
