import { expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { storeContract } from './contract.js';

storeContract('memory', async () => createMemoryStore());

it('memory store rejects calls after close', async () => {
  const store = createMemoryStore();
  await store.close();
  await expect(store.ping()).rejects.toThrow(/closed/);
});
