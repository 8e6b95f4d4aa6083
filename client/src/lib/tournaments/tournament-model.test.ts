import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api.js';
import { FakeTransport } from '../../test-utils/fake-game.js';
import { pairing, standing, updateOf, view } from './fixtures.js';
import { TournamentModel, placeOf } from './tournament-model.svelte.js';

type Api = <T>(path: string, body?: unknown) => Promise<ApiResult<T>>;

function setup(myId: string | null = 'a', api: Api = () => Promise.resolve({ ok: false, code: 'internal', message: 'unused' })) {
  const transport = new FakeTransport();
  const model = new TournamentModel('t1', { request: transport.request, api, myId: () => myId });
  return { transport, model };
}

describe('TournamentModel', () => {
  it('shows the subscribe ack, then only newer updates of this tournament', async () => {
    const { transport, model } = setup();
    transport.answers.set('tournament:subscribe', [{ ok: true, view: view(3) }]);
    await model.subscribe();
    expect(transport.sent).toEqual([{ event: 'tournament:subscribe', payload: { id: 't1' } }]);
    expect(model.view?.version).toBe(3);
    const later = view(5, { standings: [standing('b', 1, 2), standing('a', 2, 0), standing('c', 2, 0)] });
    model.update(updateOf(later));
    expect(model.view?.standings[0]?.playerId).toBe('b');
    // an older update (it crossed the ack, or came twice) and another tournament's change nothing
    model.update(updateOf(view(4)));
    model.update(updateOf(view(5)));
    model.update(updateOf(view(9, { summary: { ...view(9).summary, id: 't2' } })));
    expect(model.view).toBe(later);
  });

  it('keeps an update that came before a slower subscribe ack (after a reconnection)', async () => {
    const { transport, model } = setup();
    model.update(updateOf(view(7)));
    transport.answers.set('tournament:subscribe', [{ ok: true, view: view(6) }]);
    await model.subscribe();
    expect(model.view?.version).toBe(7);
  });

  it('keeps the ack\'s own `me` when an update (the same for every subscriber) has none', async () => {
    const { transport, model } = setup('z');
    const me = { joined: true, paused: false, withdrawn: false, gameId: null };
    transport.answers.set('tournament:subscribe', [{ ok: true, view: view(1, { me }) }]);
    await model.subscribe();
    model.update(updateOf(view(2)));
    expect(model.view?.me).toEqual(me);
    expect(model.place.joined).toBe(true);
  });

  it('pages the standings: an update brings the first page, then my own row comes (tournament:mine), the other pages over HTTP', async () => {
    const paths: string[] = [];
    const far = standing('a', 30, 0);
    const rows = [standing('p21', 21, 0), standing('p22', 22, 0)];
    const api: Api = <T,>(path: string) => {
      paths.push(path);
      return Promise.resolve({ ok: true, data: { id: 't1', version: 2, page: 2, pages: 3, total: 45, standings: rows } as T });
    };
    const { model } = setup('a', api);
    model.update(updateOf(view(2, { standings: [standing('b', 1, 2)] }), { standingsTotal: 45 }));
    expect(model.pages).toBe(3);
    // a row of another version is not shown; the update's own is
    model.updateMine({ id: 't1', version: 1, mine: standing('a', 40, 0) });
    expect(model.place.standing).toBeNull();
    model.updateMine({ id: 't1', version: 2, mine: far });
    expect(model.place.standing).toEqual(far);
    // the next update keeps it until its own row comes
    model.update(updateOf(view(3, { standings: [standing('b', 1, 4)] }), { standingsTotal: 45 }));
    expect(model.place.standing).toEqual(far);
    expect(model.standings.map((s) => s.playerId)).toEqual(['b']);
    await model.showPage(2);
    expect(paths).toEqual(['/api/tournaments/t1/standings?page=2']);
    expect(model.page).toBe(2);
    expect(model.standings).toEqual(rows);
    await model.showPage(9);
    expect(model.page).toBe(3);
  });

  it('says why the tournament cannot be shown', async () => {
    const { transport, model } = setup();
    transport.answers.set('tournament:subscribe', [{ ok: false, code: 'tournament-not-found', message: 'no such tournament' }]);
    await model.subscribe();
    expect(model.missing).toBe(true);
    expect(model.loadError).toBe('No such tournament.');
    expect(model.view).toBeNull();
  });

  it('joins over HTTP and shows the answer; a refusal is kept in words', async () => {
    const paths: string[] = [];
    let answer: ApiResult<unknown> = { ok: false, code: 'tournament-started', message: 'this tournament has started' };
    const api: Api = <T>(path: string) => {
      paths.push(path);
      return Promise.resolve(answer as ApiResult<T>);
    };
    const { transport, model } = setup('a', api);
    transport.answers.set('tournament:subscribe', [{ ok: true, view: view(2) }]);
    await model.subscribe();
    expect(await model.act('join')).toBe(false);
    expect(model.refusal).toBe('This tournament has started.');
    expect(paths).toEqual(['/api/tournaments/t1/join']);
    // the answer is paged as the subscribe ack: the first page, the count of rows, my own row
    const mine = standing('a', 25, 0);
    answer = { ok: true, data: { ok: true, view: view(2, { me: { joined: true, paused: false, withdrawn: false, gameId: null } }), standingsTotal: 25, mine } };
    expect(await model.act('join')).toBe(true);
    expect(model.refusal).toBeNull();
    expect(model.view?.me?.joined).toBe(true);
    expect([model.standingsTotal, model.pages, model.mine]).toEqual([25, 2, mine]);
  });
});

describe('placeOf: the caller in a view', () => {
  it('reads my standing and my game in play from what every update carries', () => {
    const v = view(4, {
      standings: [standing('a', 1, 4, { fire: true }), standing('b', 2, 0, { paused: true }), standing('c', 2, 0, { withdrawn: true })],
      pairings: [pairing('g2', 'c', 'a'), pairing('g1', 'a', 'b', '1-0')],
    });
    expect(placeOf(v, 'a')).toMatchObject({ joined: true, paused: false, gameId: 'g2', standing: { rank: 1, fire: true } });
    expect(placeOf(v, 'b')).toMatchObject({ joined: true, paused: true, gameId: null });
    expect(placeOf(v, 'c')).toMatchObject({ joined: false, withdrawn: true });
    expect(placeOf(v, 'x')).toMatchObject({ joined: false, gameId: null, standing: null });
  });

  it('finds my game in a Swiss round', () => {
    const round = { round: 2, pairings: [pairing('g7', 'b', 'a')], bye: { id: 'c', name: 'C' }, startedAt: 0 };
    const v = view(1, { summary: { ...view(1).summary, kind: 'swiss', rounds: 3 }, pairings: round.pairings, rounds: [round] });
    expect(placeOf(v, 'a').gameId).toBe('g7');
    expect(placeOf(v, 'c').gameId).toBeNull();
  });
});
