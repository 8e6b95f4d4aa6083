import { describe, expect, it } from 'vitest';
import { SingleFlight } from '../src/services/single-flight.js';

describe('SingleFlight', () => {
  it('concurrent calls for one key share one fetch; a later call fetches again; failures are shared and not kept', async () => {
    let calls = 0;
    let fail = false;
    const flight = new SingleFlight(async (key: string) => {
      const n = ++calls;
      await new Promise((r) => setTimeout(r, 10));
      if (fail) throw new Error('down');
      return `${key}:${n}`;
    });
    expect(await Promise.all([flight.get('a'), flight.get('a'), flight.get('b')])).toEqual(['a:1', 'a:1', 'b:2']);
    expect(await flight.get('a')).toBe('a:3');
    fail = true;
    const both = [flight.get('a'), flight.get('a')];
    await expect(both[0]).rejects.toThrow('down');
    await expect(both[1]).rejects.toThrow('down');
    fail = false;
    expect(await flight.get('a')).toBe('a:5');
  });
});
