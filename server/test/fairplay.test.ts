import type { ClientPayload } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { waitText } from '../src/fairplay/playban.js';
import { banMs, offenceOf, PLAYBAN_RULES } from '../src/fairplay/playban-rules.js';
import { testDoc } from './doc-fixture.js';
import { useDatabase } from './durable-helpers.js';
import { Client, startServer } from './helpers.js';

const db = useDatabase();

describe('fair-play thresholds', () => {
  it('bar from the third offence in a day, growing threefold from 5 minutes to at most 24 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => banMs(n) / 60_000)).toEqual([0, 0, 5, 15, 45, 135, 405, 1215, 1440, 1440]);
    expect(PLAYBAN_RULES.WINDOW_MS).toBe(24 * 3600_000);
    expect([5 * 60_000, 135 * 60_000, 3600_000, 60_000 - 1].map(waitText)).toEqual(['5 minutes', '2 hours 15 minutes', '1 hour', '1 minute']);
  });

  it('blame the side to move for a first-move timeout or an abandoned game, the loser for opponent-left, nobody else', () => {
    const aborted = (abort: 'player' | 'first-move-timeout' | 'abandoned', turn = 1) =>
      testDoc({ status: 'finished', turn, outcome: { result: null, reason: 'aborted', abort } });
    expect(offenceOf(aborted('first-move-timeout'))).toEqual({ playerId: 'w', cause: 'first-move-timeout' });
    expect(offenceOf(aborted('first-move-timeout', 2))).toEqual({ playerId: 'b', cause: 'first-move-timeout' });
    expect(offenceOf(aborted('abandoned', 2))).toEqual({ playerId: 'b', cause: 'abandoned' });
    expect(offenceOf(aborted('player'))).toBeNull();
    const left = testDoc({ status: 'finished', outcome: { result: '1-0', reason: 'opponent-left' as 'resignation' } });
    expect(offenceOf(left)).toEqual({ playerId: 'b', cause: 'opponent-left' });
    expect(offenceOf(testDoc({ status: 'finished', outcome: { result: '1-0', reason: 'resignation' } }))).toBeNull();
    expect(offenceOf({ ...aborted('abandoned'), bot: { color: 'black', level: 1, owner: 'w' } })).toBeNull();
  });
});

const seek = (color: 'white' | 'black'): ClientPayload<'seek:create'> => ({
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 60, increment: 0 },
  color,
  visibility: 'public',
});

describe('the fair-play guard', () => {
  it('bars a player whose games keep timing out on their first move from seeking and accepting, saying until when', async () => {
    const server = await startServer({ database: db(), firstMoveGraceMs: 50, archiveGraceMs: 60_000 });
    const [alice, bob] = [await Client.connect(server, { name: 'Alice' }), await Client.connect(server, { name: 'Bob' })];
    const offences = async (): Promise<number> =>
      Number((await db().query<{ n: string }>('SELECT count(*) AS n FROM fairplay_offences WHERE player_id = $1', [alice.id])).rows[0]?.n);
    for (let i = 1; i <= PLAYBAN_RULES.FIRST_BAN_AT; i++) {
      // Alice plays white and never moves: the game is aborted, archived, and counted against her
      const { seek: open } = await alice.ok('seek:create', seek('white'));
      await bob.ok('seek:accept', { seekId: open.id });
      await expect.poll(offences, { timeout: 10_000 }).toBe(i);
    }
    await expect
      .poll(async () => (await db().query('SELECT 1 FROM playbans WHERE player_id = $1', [alice.id])).rows.length, { timeout: 5_000 })
      .toBe(1);
    const refused = await alice.send('seek:create', seek('black'));
    expect(refused).toMatchObject({ ok: false, code: 'playban', message: expect.stringContaining('5 minutes') });
    const until = (refused as { until?: number }).until ?? 0;
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const { seek: bobs } = await bob.ok('seek:create', seek('white'));
    expect(await alice.send('seek:accept', { seekId: bobs.id })).toMatchObject({ ok: false, code: 'playban', until });
    // nothing against Bob, who was there
    expect((await db().query('SELECT 1 FROM fairplay_offences WHERE player_id = $1', [bob.id])).rows).toEqual([]);
  });
});
