import { ARENA_WAVE_MS } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../../src/services/game-doc.js';
import { RECONCILE_EVERY_WAVES } from '../../src/tournament/arena-wave.js';
import { account, http, useDatabase } from '../durable-helpers.js';
import { arenaInput, callerOf, guests, MINUTE, openGames, scoreOf, tournamentServer, viewWhen } from './tournament-helpers.js';

const db = useDatabase();

/** Beyond the online count's cache (5 s of the app's clock): who is connected is asked again. */
const PAST_ONLINE_CACHE = 6_000;

/** A server with an arena five minutes ahead that the guests `names` have joined. */
async function joinedArena<const N extends readonly string[]>(names: N) {
  const { server, clock, t } = await tournamentServer(db());
  const players = await guests(server, names);
  const start = clock.now() + 5 * MINUTE;
  const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, arenaInput(start));
  for (const c of players) await t.service.join(callerOf(c), id);
  return { server, clock, t, players, start, id };
}

describe('an arena', () => {
  it('pairs waiting players each wave, records results and streaks, re-pairs, and ends with a podium', async () => {
    const { server, clock, t, players: [ann, bob, cid], start, id } = await joinedArena(['Ann', 'Bob', 'Cid']);
    expect(await t.service.join(callerOf(ann), id).catch((e: { code: string }) => e.code)).toBe('tournament-joined');

    // before the start nobody is paired
    await t.tick();
    expect((await t.service.view(id)).summary.status).toBe('upcoming');
    clock.set(start);
    await t.tick();
    let v = await t.service.view(id);
    expect(v.summary.status).toBe('running');
    expect(openGames(v)).toHaveLength(1);
    const [first] = openGames(v);
    if (!first) throw new Error('no game');
    const ids = [first.white, first.black];
    const waiting = [ann, bob, cid].find((c) => !ids.includes(c.id));
    if (!waiting) throw new Error('nobody waits');
    // the paired players hear it from their game:start, which carries the tournament; the one waiting hears nothing
    const white = [ann, bob, cid].find((c) => c.id === first.white);
    await expect.poll(() => white?.received('game:start')).toEqual([{ tournamentId: id, gameId: first.gameId, color: 'white' }]);
    await waiting.settle();
    expect(waiting.received('game:start')).toEqual([]);
    // pausing in the middle of one's game is refused
    expect(await t.service.pause(first.white, id).catch((e: { code: string }) => e.code)).toBe('tournament-in-game');
    // no rematch in a tournament game
    await server.app.services.commands.run('game:resign', first.black, { gameId: first.gameId });
    expect(await server.app.services.commands.run('game:rematchOffer', first.white, { gameId: first.gameId }).catch((e: { code: string }) => e.code)).toBe('tournament-game');
    v = await viewWhen(t, id, (x) => x.pairings.some((p) => p.gameId === first.gameId && p.result === '1-0'));
    expect(scoreOf(v, first.white)).toBe(2);
    expect(scoreOf(v, first.black)).toBe(0);

    // the next wave pairs the two that did not just meet... or, with three, whoever waits longest against a fresh opponent
    clock.advance(ARENA_WAVE_MS);
    await t.tick();
    v = await t.service.view(id);
    const second = openGames(v)[0];
    if (!second) throw new Error('no second game');
    // no immediate re-pairing of the same two while a third waits
    expect([second.white, second.black].sort()).not.toEqual([first.white, first.black].sort());
    expect([second.white, second.black]).toContain(waiting.id);
  });

  it('counts a streak double after two wins, and the streak ends on a loss', async () => {
    const { server, clock, t, players: [ann, bob], start, id } = await joinedArena(['Ann', 'Bob']);
    clock.set(start);
    const { commands } = server.app.services;
    // Ann wins three in a row (2, 2, 4), then loses (0): 8 points, no fire after the loss
    for (const [round, annWins] of [[1, true], [2, true], [3, true], [4, false]] as const) {
      await t.tick();
      const v = await t.service.view(id);
      const g = openGames(v)[0];
      if (!g) throw new Error(`no game in round ${round}`);
      const loser = annWins ? bob.id : ann.id;
      await commands.run('game:resign', loser, { gameId: g.gameId });
      await viewWhen(t, id, (x) => x.pairings.some((p) => p.gameId === g.gameId && p.result !== null));
      if (round === 3) {
        const s = (await t.service.view(id)).standings.find((x) => x.playerId === ann.id);
        expect(s).toMatchObject({ score: 8, fire: true, wins: 3 });
      }
      clock.advance(ARENA_WAVE_MS);
    }
    const v = await t.service.view(id);
    expect(v.standings.find((x) => x.playerId === ann.id)).toMatchObject({ score: 8, fire: false, wins: 3, losses: 1 });
    expect(v.standings.find((x) => x.playerId === bob.id)).toMatchObject({ score: 2 });
    // colours alternate: nobody had more than ARENA_MAX_SAME_COLOUR in a row
    expect(new Set(v.pairings.map((p) => p.white.id)).size).toBe(2);
  });

  it('berserk: halves the berserker\'s clock before the first move, once, only in an arena game', async () => {
    const { server, clock, t, players: [ann, bob], start, id } = await joinedArena(['Ann', 'Bob']);
    clock.set(start);
    await t.tick();
    const g = openGames(await t.service.view(id))[0];
    if (!g) throw new Error('no game');
    const black = g.black === ann.id ? ann : bob;
    await black.ok('game:join', { gameId: g.gameId });
    const ack = await black.ok('game:berserk', { gameId: g.gameId });
    expect(ack.event).toMatchObject({ type: 'berserk', by: 'black', clocks: { black: 90_000, white: 180_000 } });
    expect(await black.send('game:berserk', { gameId: g.gameId })).toMatchObject({ ok: false, code: 'berserk-not-allowed' });
    const { snapshot } = await black.ok('game:resync', { gameId: g.gameId });
    expect(snapshot).toMatchObject({ tournamentId: id, berserk: { allowed: true, white: false, black: true } });
    // the berserk reaches the tournament's record with the result
    await server.app.services.commands.run('game:resign', g.white, { gameId: g.gameId });
    const v = await viewWhen(t, id, (x) => x.pairings.some((p) => p.gameId === g.gameId && p.result === '0-1'));
    expect(v.pairings.find((p) => p.gameId === g.gameId)?.berserk).toEqual({ white: false, black: true });
    // a win before BERSERK_MIN_TURNS scores no extra point
    expect(scoreOf(v, g.black)).toBe(2);
    // an ordinary game has no berserk
    const other = await server.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'fischer', initial: 60, increment: 0 }, white: { id: ann.id, name: 'Ann' }, black: { id: bob.id, name: 'Bob' } });
    expect(await ann.send('game:berserk', { gameId: other })).toMatchObject({ ok: false, code: 'berserk-not-allowed' });
  });

  it('pauses a waiting player who misses pairings while away; joining again comes back; withdrawing takes the player out', async () => {
    const { server, clock, t, players: [ann, bob, cid], start, id } = await joinedArena(['Ann', 'Bob', 'Cid']);
    cid.close();
    await expect.poll(async () => (await server.app.io.fetchSockets()).some((x) => x.data.playerId === cid.id)).toBe(false);
    clock.set(start + PAST_ONLINE_CACHE);
    await t.tick();
    let v = await t.service.view(id);
    // only the two connected are paired; Cid misses the wave
    expect(openGames(v).flatMap((g) => [g.white, g.black]).sort()).toEqual([ann.id, bob.id].sort());
    expect(v.standings.find((s) => s.playerId === cid.id)?.paused).toBe(false);
    clock.advance(ARENA_WAVE_MS);
    await t.tick();
    v = await t.service.view(id);
    expect(v.standings.find((s) => s.playerId === cid.id)?.paused).toBe(true);
    // back: joining again unpauses
    const back = await t.service.join(callerOf(cid), id);
    expect(back.me).toMatchObject({ joined: true, paused: false });
    // withdrawing: not paired again, listed as withdrawn
    const out = await t.service.withdraw(cid.id, id);
    expect(out.me).toMatchObject({ joined: false, withdrawn: true });
    expect(await t.service.withdraw(cid.id, id).catch((e: { code: string }) => e.code)).toBe('tournament-not-joined');
  });

  it('finds a game end whose lifecycle event was lost (a node died between commit and emit) on a later wave', async () => {
    const { server, clock, t, start, id } = await joinedArena(['Ann', 'Bob']);
    clock.set(start);
    await t.tick();
    const g = openGames(await t.service.view(id))[0];
    if (!g) throw new Error('no game');
    await server.app.services.commands.run('game:resign', g.black, { gameId: g.gameId });
    await viewWhen(t, id, (x) => x.pairings.some((p) => p.result !== null));
    // as if the event never came: the game in the store is over, the tournament's record says in play
    await db().query('UPDATE tournament_games SET result = NULL, ended_at = NULL WHERE game_id = $1', [g.gameId]);
    await db().query('UPDATE tournament_players SET current_game = $2 WHERE tournament_id = $1', [id, g.gameId]);
    await db().query('UPDATE tournaments SET version = version + 1 WHERE id = $1', [id]); // as every write of the repo does
    expect(openGames(await t.service.view(id))).toHaveLength(1);
    // waves 2.. pair nobody (both still "in" the game); the reconciling wave finds the end and pairs them again
    for (let wave = 2; wave <= RECONCILE_EVERY_WAVES; wave++) {
      clock.advance(ARENA_WAVE_MS);
      await t.tick();
    }
    const v = await t.service.view(id);
    expect(v.pairings.find((p) => p.gameId === g.gameId)?.result).toBe('1-0');
    expect(openGames(v)).toHaveLength(1);
    expect(openGames(v)[0]?.gameId).not.toBe(g.gameId);
  });

  it('stops pairing at the end; a game in progress then still counts; then the podium', async () => {
    const { server, clock, t, players: [ann], start, id } = await joinedArena(['Ann', 'Bob', 'Cid', 'Dan']);
    clock.set(start);
    await t.tick();
    const [g1, g2] = openGames(await t.service.view(id));
    if (!g1 || !g2) throw new Error('two games expected');
    await server.app.services.commands.run('game:resign', g1.black, { gameId: g1.gameId });
    await viewWhen(t, id, (x) => x.pairings.some((p) => p.gameId === g1.gameId && p.result !== null));
    // the end: g1's players wait, but nobody is paired any more; g2 is still being played
    clock.set(start + 20 * MINUTE);
    await t.tick();
    let v = await t.service.view(id);
    expect(v.summary.status).toBe('running');
    expect(v.pairings).toHaveLength(2);
    await server.app.services.commands.run('game:resign', g2.white, { gameId: g2.gameId });
    await viewWhen(t, id, (x) => x.pairings.some((p) => p.gameId === g2.gameId && p.result === '0-1'));
    clock.advance(ARENA_WAVE_MS);
    await t.tick();
    v = await t.service.view(id);
    expect(v.summary.status).toBe('finished');
    expect(v.podium.map((s) => s.score)).toEqual([2, 2, 0]);
    expect(v.podium.map((s) => s.playerId).sort()).toContain(g2.black);
    expect(await t.service.join(callerOf(ann), id).catch((e: { code: string }) => e.code)).toBe('tournament-finished');
  });

  it('never pairs two players with a block between them, wave after wave; the others play them instead', async () => {
    const { server, clock, t } = await tournamentServer(db());
    const names = ['ann', 'bob', 'cid', 'dan'] as const;
    const people = await Promise.all(names.map((n) => account(server, n)));
    const [ann, bob] = people;
    if (!ann || !bob) throw new Error('accounts');
    expect((await http(server, 'POST', '/api/social/block', { username: 'bob' }, ann.cookie)).status).toBe(200);
    const start = clock.now() + 5 * MINUTE;
    const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, arenaInput(start));
    for (const [i, p] of people.entries()) await t.service.join({ playerId: p.client.id, name: names[i] ?? '', guest: false }, id);
    clock.set(start);
    const apart = new Set([ann.client.id, bob.client.id]);
    for (let wave = 0; wave < 3; wave++) {
      await t.tick();
      const games = openGames(await t.service.view(id));
      // four players, two games: Ann and Bob each with one of the other two
      expect(games).toHaveLength(2);
      for (const g of games) expect(apart.has(g.white) && apart.has(g.black)).toBe(false);
      for (const g of games) await server.app.services.commands.run('game:resign', g.white, { gameId: g.gameId });
      await viewWhen(t, id, (x) => openGames(x).length === 0);
      clock.advance(ARENA_WAVE_MS);
    }
  });
  it("a wave's games carry each account's rating in the variant now (asked at once for the wave) and a guest as a guest", async () => {
    const { server, clock, t } = await tournamentServer(db());
    const [ann, bob] = await Promise.all(['ann', 'bob'].map((n) => account(server, n)));
    const [cid] = await guests(server, ['Cid']);
    if (!ann || !bob || !cid) throw new Error('players');
    // Ann has a rating in the variant; Bob has none yet (the default)
    await db().query('INSERT INTO ratings (player_id, variant, rating, rd, volatility, games, updated_at) VALUES ($1, $2, $3, 60, 0.06, 30, 0)', [ann.client.id, 'scottish', 1733]);
    const start = clock.now() + 5 * MINUTE;
    const { id } = await t.service.create({ playerId: 'op', name: 'Op' }, arenaInput(start));
    await t.service.join({ playerId: ann.client.id, name: 'ann', guest: false }, id);
    await t.service.join({ playerId: bob.client.id, name: 'bob', guest: false }, id);
    await t.service.join(callerOf(cid), id);
    const refs = new Map<string, unknown>();
    clock.set(start);
    // three players: two waves see every one of them paired once at least
    for (let wave = 0; wave < 2; wave++) {
      await t.tick();
      for (const g of openGames(await t.service.view(id))) {
        const doc = parseDoc((await server.app.services.games.load(g.gameId)).doc);
        for (const ref of [doc.players.white, doc.players.black]) refs.set(ref.id, ref);
        await server.app.services.commands.run('game:resign', g.white, { gameId: g.gameId });
      }
      await viewWhen(t, id, (x) => openGames(x).length === 0);
      clock.advance(ARENA_WAVE_MS);
    }
    expect(refs.get(ann.client.id)).toEqual({ id: ann.client.id, name: 'ann', rating: 1733 });
    expect(refs.get(bob.client.id)).toMatchObject({ id: bob.client.id, name: 'bob', rating: expect.any(Number) as number });
    expect(refs.get(bob.client.id)).not.toHaveProperty('guest');
    expect(refs.get(cid.id)).toEqual({ id: cid.id, name: 'Cid', guest: true });
  });
});
