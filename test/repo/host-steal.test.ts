// bench:server reports the CPU time the host stole during each run (test/bench/host-steal.ts).
import { describe, expect, it } from 'vitest';
import { hostCpu, parseProcStat, stolenPct } from '../bench/host-steal.js';

const stat = (steal: number, idle: number): string =>
  `cpu  1000 10 200 ${idle} 5 0 7 ${steal} 0 0\ncpu0 500 5 100 ${idle / 2} 2 0 3 ${steal / 2} 0 0\nintr 1 2 3\n`;

describe('host steal time', () => {
  it('reads the aggregate cpu line, not a per-core one', () => {
    expect(parseProcStat(stat(40, 3000))).toEqual({ total: 1000 + 10 + 200 + 3000 + 5 + 0 + 7 + 40, steal: 40 });
  });

  it('is the stolen share of all CPU time between two readings', () => {
    const a = parseProcStat(stat(40, 3000));
    const b = parseProcStat(stat(140, 3300));
    // 100 stolen of 400 ticks
    expect(stolenPct(a, b)).toBeCloseTo(25, 6);
    expect(stolenPct(a, a)).toBeNull();
    expect(stolenPct(null, b)).toBeNull();
  });

  it('refuses text without a full cpu line', () => {
    expect(parseProcStat('intr 1 2 3\n')).toBeNull();
    expect(parseProcStat('cpu  1 2 3 4\n')).toBeNull();
    expect(parseProcStat('cpu  1 2 3 4 5 6 x 8\n')).toBeNull();
  });

  it('reads this machine where it has /proc/stat', () => {
    const now = hostCpu();
    if (process.platform === 'linux') {
      expect(now).not.toBeNull();
      expect(now?.steal).toBeGreaterThanOrEqual(0);
      expect(now?.total).toBeGreaterThan(0);
    } else expect(now).toBeNull();
  });
});
