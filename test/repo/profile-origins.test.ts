import { describe, expect, it } from 'vitest';
import { busyMs, type CpuProfile, floorBound, originOf, timeByOrigin } from '../bench/profile-origins.js';

describe('bench:profile-origins', () => {
  it('tells each profile node its origin from its URL and name', () => {
    expect(originOf('file:///w/server/dist/services/game-service.js', 'attempt')).toBe('ours');
    expect(originOf('file:///w/shared/src/rules/encode.ts', 'encodeState')).toBe('ours');
    expect(originOf('file:///w/node_modules/ioredis/built/Command.js', 'Command')).toBe('npm');
    expect(originOf('file:///w/node_modules/@socket.io/redis-adapter/dist/index.js', 'x')).toBe('npm');
    expect(originOf('node:events', 'emit')).toBe('node');
    expect(originOf('', 'writev')).toBe('native');
    expect(originOf('', '(garbage collector)')).toBe('gc');
    expect(originOf('', '(program)')).toBe('v8');
    expect(originOf('', '(idle)')).toBe('idle');
    expect(originOf('file:///w/test/bench/floor-server.ts', '')).toBe('bench');
    expect(originOf('evalmachine.<anonymous>', 'f')).toBe('other');
  });

  it('sums self time by origin (microseconds in, ms out) and bounds the ratio with our code free', () => {
    const frame = (url: string, functionName = 'f') => ({ callFrame: { url, functionName } });
    const app: CpuProfile = {
      nodes: [
        { id: 1, ...frame('', '(idle)') },
        { id: 2, ...frame('file:///w/server/dist/a.js') },
        { id: 3, ...frame('file:///w/node_modules/ws/lib/x.js') },
        { id: 4, ...frame('', 'writev') },
      ],
      samples: [1, 2, 2, 3, 4, 1],
      timeDeltas: [5000, 1000, 1000, 2000, 4000, 9000],
    };
    const t = timeByOrigin(app);
    expect(t).toMatchObject({ idle: 14, ours: 2, npm: 2, native: 4, node: 0 });
    expect(busyMs(t)).toBe(8);
    const floor = timeByOrigin({ nodes: [{ id: 1, ...frame('', 'writev') }], samples: [1], timeDeltas: [4000] });
    expect(floorBound(t, floor)).toEqual({ ratio: 2, withoutOurs: 1.5 });
  });
});
