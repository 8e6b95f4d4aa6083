import { TOURNAMENT_SOON_MS } from '@progressive-chess/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { NewNotification } from '../../src/notify/notifications-repo.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { TournamentPlayerRecord, TournamentRecord } from '../../src/tournament/tournament-record.js';
import { TournamentRunner, type RunnerDeps } from '../../src/tournament/tournament-runner.js';
import { MINUTE } from './tournament-helpers.js';

const player = (playerId: string, guest: boolean, withdrawn = false) => ({ playerId, guest, withdrawn }) as TournamentPlayerRecord;

describe('tournament-soon', () => {
  it('is sent once to each joined account (not guests, not the withdrawn), across two nodes, TOURNAMENT_SOON_MS before the start', async () => {
    let now = 1_000_000;
    const startsAt = now + 10 * MINUTE;
    const t = { id: 't1', status: 'upcoming', startsAt } as TournamentRecord;
    const repo = {
      startingBy: async (from: number, by: number) => (startsAt > from && startsAt <= by ? [t] : []),
      due: async () => [],
      players: async () => [player('ann', false), player('bob', false), player('gus', true), player('wil', false, true)],
    };
    const store = new MemoryStore(() => now);
    const sent: NewNotification[] = [];
    const node = () =>
      new TournamentRunner({ repo, store, notify: (n: NewNotification) => sent.push(n), now: () => now, logger: pino({ level: 'silent' }), leaseMs: 15_000 } as unknown as RunnerDeps);
    const [a, b] = [node(), node()];
    await a.tick();
    expect(sent).toEqual([]);
    now = startsAt - TOURNAMENT_SOON_MS;
    await Promise.all([a.tick(), b.tick()]);
    now += 20_000;
    await Promise.all([a.tick(), b.tick()]);
    expect(sent).toEqual([
      { playerId: 'ann', kind: 'tournament-soon', subject: 't1', data: {} },
      { playerId: 'bob', kind: 'tournament-soon', subject: 't1', data: {} },
    ]);
  });
});
