import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store } from '../src/store/store.js';
import { Client, startServer } from './helpers.js';

/** A store whose game reads fail: the failure must surface as `internal`, with no details. */
function failingStore(): Store {
  return Object.create(createMemoryStore(), {
    loadGame: { value: () => Promise.reject(new Error('disk on fire at /var/secret')) },
  }) as Store;
}

describe('unexpected failures', () => {
  it('become internal without details, over sockets and HTTP, and the server keeps serving', async () => {
    const server = await startServer({ store: failingStore() });
    const c = await Client.connect(server);
    expect(await c.send('game:join', { gameId: 'abc' })).toEqual({ ok: false, code: 'internal', message: 'internal error' });
    const res = await fetch(`${server.url}/api/games/abc`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ code: 'internal', message: 'internal error' });
    expect(body).not.toContain('secret');
    expect(await c.ok('session:setName', { name: 'Still here' })).toMatchObject({ name: 'Still here' });
  });
});
