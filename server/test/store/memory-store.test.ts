import { expect, it } from 'vitest';
import { createMemoryStore, MemoryStore } from '../../src/store/memory-store.js';
import { storeContract } from './contract.js';

storeContract('memory', async () => createMemoryStore());

it('memory store rejects calls after close', async () => {
  const store = createMemoryStore();
  await store.close();
  await expect(store.ping()).rejects.toThrow(/closed/);
});

it('expired players, chat channels and analyses nobody reads again are swept, not kept forever', async () => {
  let t = 1_000_000;
  const store = new MemoryStore(() => t);
  // drive-by handshakes: each a player never seen again; lines in channels of games long gone
  for (let i = 0; i < 3000; i++) {
    await store.putPlayer(`p${i}`, '{}', 1000);
    await store.appendChat(`g${i}`, 'spectators', 'hi', 100, 1000);
  }
  await store.putPlayer('kept', '{}', 60_000);
  t += 2000;
  for (let i = 0; i < 3000; i++) {
    await store.putPlayer(`q${i}`, '{}', 1000);
    await store.appendChat(`h${i}`, 'players', 'hi', 100, 1000);
  }
  // the 6,000 expired entries went in sweeps (each kind sweeps as it is written); a live one stays
  expect(store.expiringEntries).toBeLessThanOrEqual(6001);
  expect(await store.getPlayer('kept')).toBe('{}');
  expect(await store.getPlayer('p1')).toBeNull();
  expect(await store.loadChat('g1', 'spectators')).toEqual([]);
});
