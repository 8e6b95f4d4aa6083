import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../src/db/database.js';
import { Playbans } from '../src/fairplay/playban.js';
import type { PlaybanRepo } from '../src/fairplay/playban-repo.js';
import { accountBlocks } from '../src/social/account-blocks.js';
import { chatGate } from '../src/social/moderation-service.js';
import type { Blocks } from '../src/social/social-service.js';

const away = (): Promise<never> => Promise.reject(new DatabaseUnavailableError(new Error('down')));
const guests = new Set(['guest']);
const isGuest = async (id: string): Promise<boolean> => guests.has(id);

describe('the social gates with guests and with the database away', () => {
  it('blocks: a guest costs no database read; away, seeks are shown but nobody is paired', async () => {
    let reads = 0;
    const db: Blocks = {
      blocks: async () => {
        reads++;
        return true;
      },
      blockedWith: async () => {
        reads++;
        return ['x'];
      },
      blockedAmong: async () => [['alice', 'bob']],
    };
    const gate = accountBlocks(db, isGuest);
    expect(await gate.blocks('guest', 'alice')).toBe(false);
    expect(await gate.blockedWith('guest')).toEqual([]);
    expect(reads).toBe(0);
    expect(await gate.blocks('alice', 'bob')).toBe(true);
    expect(await gate.blockedAmong(['alice', 'bob', 'guest'])).toEqual([['alice', 'bob']]);
    const down = accountBlocks({ blocks: away, blockedWith: away, blockedAmong: away }, isGuest);
    expect(await down.blockedWith('alice')).toEqual([]);
    await expect(down.blocks('alice', 'bob')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // a tournament wave does not pair across blocks it could not read
    await expect(down.blockedAmong(['alice', 'bob'])).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('chat: a muted account or a block closes it; away, chat goes on', async () => {
    const blocks: Blocks = { blocks: async (a, b) => a === 'alice' && b === 'mallory', blockedWith: async () => [], blockedAmong: async () => [] };
    const gate = chatGate({ muted: async (id) => id === 'muted' }, blocks, isGuest);
    expect(await gate('muted', null)).toBe(false);
    expect(await gate('alice', 'mallory')).toBe(false);
    expect(await gate('alice', 'bob')).toBe(true);
    expect(await gate('alice', null)).toBe(true);
    expect(await chatGate({ muted: away }, blocks, isGuest)('bob', 'carol')).toBe(true);
  });

  it('the fair-play guard: away, nobody is barred', async () => {
    const repo = { bannedUntil: away } as unknown as PlaybanRepo;
    await expect(new Playbans(repo, () => 0).check('alice')).resolves.toBeUndefined();
  });
});
