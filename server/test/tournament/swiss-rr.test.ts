import type { TournamentCreate, TournamentView } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { CORRESPONDENCE_CHECK_MS } from '../../src/tournament/tournament-runner.js';
import { useDatabase } from '../durable-helpers.js';
import { MINUTE, openGames, tournamentServer, viewWhen } from './tournament-helpers.js';

const db = useDatabase();
const DAY = 86_400_000;

/** Accounts' players (never rated in the variant: paired at the default rating). */
const account = (n: number) => ({ playerId: `p${n}`, name: `Player${n}`, guest: false });

const swiss = (startsAt: number): TournamentCreate => ({
  name: 'Five Swiss',
  kind: 'swiss',
  variant: 'italian',
  timeControl: { kind: 'fischer', initial: 300, increment: 3 },
  startsAt,
  rounds: 3,
  rated: false,
  allowBots: false,
});

describe('a Swiss of five players', () => {
  it('plays three rounds with a bye each to a different player, no repeated pairing, and tie-breaks', async () => {
    const { server, clock, t } = await tournamentServer(db());
    const start = clock.now() + 5 * MINUTE;
    const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, swiss(start));
    for (let n = 1; n <= 5; n++) await t.service.join(account(n), id);
    clock.set(start);
    await t.tick();
    expect(await t.service.join(account(6), id).catch((e: { code: string }) => e.code)).toBe('tournament-started');
    const byes: string[] = [];
    const met = new Set<string>();
    let v: TournamentView;
    for (let round = 1; round <= 3; round++) {
      v = await t.service.view(id);
      expect(v.summary.currentRound).toBe(round);
      const r = v.rounds?.find((x) => x.round === round);
      expect(r?.pairings).toHaveLength(2);
      if (!r?.bye) throw new Error(`round ${round} has no bye`);
      byes.push(r.bye.id);
      expect(r.bye.name).toBe(v.standings.find((s) => s.playerId === r.bye?.id)?.name);
      for (const g of openGames(v)) {
        const key = [g.white, g.black].sort().join('-');
        expect(met.has(key)).toBe(false);
        met.add(key);
        // white wins every game
        await server.app.services.commands.run('game:resign', g.black, { gameId: g.gameId });
      }
      await viewWhen(t, id, (x) => openGames(x).length === 0);
      // the round's games ended: the next tick starts the next round (or finishes)
      clock.advance(1_000);
      await t.tick();
    }
    expect(new Set(byes).size).toBe(3);
    v = await t.service.view(id);
    expect(v.summary.status).toBe('finished');
    expect(v.podium).toHaveLength(3);
    // points: a bye is 1, a win 1; five players played 6 games and 3 byes: 9 points in all
    expect(v.standings.reduce((s, x) => s + x.score, 0)).toBe(9);
    expect(v.standings.some((x) => x.buchholz > 0)).toBe(true);
  });
});

describe('a correspondence round robin of four', () => {
  it('plays every pair at once, and at the round deadline the side to move loses the unfinished games', async () => {
    const { server, clock, t } = await tournamentServer(db());
    const start = clock.now() + 5 * MINUTE;
    const input: TournamentCreate = {
      name: 'Correspondence RR',
      kind: 'roundRobin',
      variant: 'italian',
      timeControl: { kind: 'correspondence', daysPerTurn: 2 },
      startsAt: start,
      roundDays: 10,
      rated: false,
      allowBots: false,
    };
    const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, input);
    for (let n = 1; n <= 4; n++) await t.service.join(account(n), id);
    clock.set(start);
    await t.tick();
    let v = await t.service.view(id);
    const games = openGames(v);
    expect(games).toHaveLength(6);
    expect(v.rounds?.[0]?.deadline).toBe(start + 10 * DAY);
    // three games are decided in time; three are left untouched (white to move)
    for (const g of games.slice(0, 3)) await server.app.services.commands.run('game:resign', g.white, { gameId: g.gameId });
    await viewWhen(t, id, (x) => openGames(x).length === 3);
    clock.set(start + 10 * DAY - CORRESPONDENCE_CHECK_MS);
    await t.tick();
    expect(openGames(await t.service.view(id))).toHaveLength(3);
    clock.set(start + 10 * DAY);
    await t.tick();
    v = await viewWhen(t, id, (x) => openGames(x).length === 0);
    // the side to move (white, in games nobody moved in) lost them
    for (const g of games.slice(3)) expect(v.pairings.find((p) => p.gameId === g.gameId)?.result).toBe('0-1');
    // a correspondence tournament is looked at every CORRESPONDENCE_CHECK_MS
    clock.advance(1_000);
    await t.tick();
    expect((await t.service.view(id)).summary.status).toBe('running');
    clock.advance(CORRESPONDENCE_CHECK_MS);
    await t.tick();
    v = await t.service.view(id);
    expect(v.summary.status).toBe('finished');
    expect(v.standings.reduce((s, x) => s + x.score, 0)).toBe(6);
    expect(v.standings.every((x) => x.games === 3)).toBe(true);
  });
});
