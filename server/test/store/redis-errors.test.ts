import { describe, expect, it } from 'vitest';
import { toAckError } from '../../src/services/errors.js';
import { guarded, storeError } from '../../src/store/redis-errors.js';
import { StoreUnavailableError } from '../../src/store/store.js';

const reply = (message: string): Error => Object.assign(new Error(message), { name: 'ReplyError' });

describe('Redis failures as the store reports them', () => {
  it('connection failures and transient replies are StoreUnavailableError; command errors pass through', () => {
    const retries = Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' });
    for (const e of [retries, new Error('Connection is closed.'), new Error('Command timed out'), reply('LOADING Redis is loading')]) {
      const mapped = storeError(e);
      expect(mapped).toBeInstanceOf(StoreUnavailableError);
      expect((mapped as Error).cause).toBe(e);
    }
    const wrong = reply('ERR wrong number of arguments');
    expect(storeError(wrong)).toBe(wrong);
  });

  it('guarded rejects with the mapped error and resolves untouched', async () => {
    await expect(guarded(Promise.resolve(7))).resolves.toBe(7);
    await expect(guarded(Promise.reject(new Error('Connection is closed.')))).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('an unavailable store is acknowledged `unavailable`, anything else unexpected `internal`', () => {
    expect(toAckError(new StoreUnavailableError(new Error('x')))).toMatchObject({ ok: false, code: 'unavailable' });
    expect(toAckError(new Error('boom'))).toMatchObject({ ok: false, code: 'internal' });
  });
});
