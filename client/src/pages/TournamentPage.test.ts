import type { TournamentUpdate } from '@progressive-chess/shared';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standing, summary, updateOf, view, pairing } from '../lib/tournaments/fixtures.js';

const socket = vi.hoisted(() => ({
  sent: [] as { event: string; payload: unknown }[],
  answers: [] as unknown[],
  handlers: new Map<string, (p: unknown) => void>(),
  reconnect: [] as (() => void)[],
}));
vi.mock('../lib/socket.js', () => ({
  request: async (event: string, payload: unknown) => {
    socket.sent.push({ event, payload });
    return socket.answers.shift() ?? { ok: true };
  },
  listen: (event: string, handler: (p: unknown) => void) => {
    socket.handlers.set(event, handler);
    return () => socket.handlers.delete(event);
  },
  onReconnect: (handler: () => void) => {
    socket.reconnect.push(handler);
    return () => undefined;
  },
}));
vi.mock('../lib/connection.svelte.js', () => ({ connection: { session: { playerId: 'a', token: 't', name: 'A' } } }));

const { default: TournamentPage } = await import('./TournamentPage.svelte');

const settle = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0));
  await tick();
};
const push = async (u: TournamentUpdate): Promise<void> => {
  socket.handlers.get('tournament:update')?.(u);
  await tick();
};

afterEach(() => {
  socket.sent.length = 0;
  socket.answers.length = 0;
  socket.reconnect.length = 0;
  vi.unstubAllGlobals();
});

describe('TournamentPage', () => {
  it('shows the standings as a table, applies newer updates live, and the podium at the end', async () => {
    socket.answers.push({ ok: true, view: view(1, { pairings: [pairing('g1', 'a', 'b')] }) });
    render(TournamentPage, { id: 't1' });
    await settle();
    expect(socket.sent[0]).toEqual({ event: 'tournament:subscribe', payload: { id: 't1' } });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').length).toBeGreaterThanOrEqual(3);
    expect(within(table).getByRole('rowheader', { name: /^A/ })).toBeTruthy();
    // my game in play, with its link, in the live region
    expect(screen.getByTestId('my-place').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('my-game').getAttribute('href')).toBe('/game/g1');

    const won = [standing('a', 1, 2, { wins: 1, games: 1, sheet: [{ points: 2, berserk: false, doubled: false }] }), standing('b', 2, 0), standing('c', 2, 0)];
    await push(updateOf(view(3, { standings: won, pairings: [pairing('g1', 'a', 'b', '1-0')] })));
    expect(screen.getAllByTestId('score')[0]?.textContent).toBe('2');
    expect(screen.queryByTestId('my-game')).toBeNull();
    expect(screen.getByTestId('my-place').textContent).toContain('You are number 1 with 2 points.');
    // a streak (the next win counts double) is marked, and said
    await push(updateOf(view(4, { standings: [{ ...won[0]!, fire: true }, ...won.slice(1)] })));
    expect(within(screen.getByRole('rowheader', { name: /^A/ })).getByRole('img', { name: 'on fire: the next win counts double' })).toBeTruthy();
    // an older update, delivered late, changes nothing
    await push(updateOf(view(2)));
    expect(screen.getAllByTestId('score')[0]?.textContent).toBe('2');

    const done = view(5, { summary: summary({ status: 'finished' }), standings: won, podium: won });
    await push(updateOf(done));
    const podium = screen.getByTestId('podium');
    expect(within(podium).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('A'),
      expect.stringContaining('B'),
      expect.stringContaining('C'),
    ]);
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('shows a Swiss by rounds, with the bye and the tie-break columns', async () => {
    const round = { round: 1, pairings: [{ ...pairing('g5', 'b', 'a', '1/2-1/2'), round: 1 }], bye: { id: 'c', name: 'C' }, startedAt: 0 };
    socket.answers.push({
      ok: true,
      view: view(1, {
        summary: summary({ kind: 'swiss', rounds: 3, currentRound: 1, endsAt: null, minutes: undefined }),
        standings: [standing('c', 1, 1, { buchholz: 0 }), standing('a', 2, 0.5, { draws: 1, buchholz: 1 }), standing('b', 2, 0.5, { draws: 1, buchholz: 1 })],
        pairings: round.pairings,
        rounds: [round],
      }),
    });
    render(TournamentPage, { id: 't1' });
    await settle();
    expect(screen.getByRole('columnheader', { name: 'Buchholz' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Round 1' })).toBeTruthy();
    expect(screen.getByText('Bye: C')).toBeTruthy();
    expect(screen.getByText('Round 1 of 3', { exact: false })).toBeTruthy();
    expect(screen.getAllByTestId('score').map((td) => td.textContent)).toEqual(['1', '0.5', '0.5']);
  });

  it('subscribes again after a reconnection', async () => {
    socket.answers.push({ ok: true, view: view(1) });
    render(TournamentPage, { id: 't1' });
    await settle();
    socket.answers.push({ ok: true, view: view(2, { summary: summary({ name: 'Renamed by a newer view' }) }) });
    for (const h of socket.reconnect) h();
    await settle();
    expect(socket.sent.filter((s) => s.event === 'tournament:subscribe')).toHaveLength(2);
    expect(screen.getByTestId('tournament-name').textContent).toBe('Renamed by a newer view');
  });

  it('shows a refused join in words, next to the buttons', async () => {
    socket.answers.push({ ok: true, view: view(1, { standings: [standing('b', 1, 0)] }) });
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ ok: false, code: 'tournament-full', message: 'this tournament is full' }), { status: 409 }));
    });
    // a guest joins by its identity token (casual arenas take guests)
    localStorage.setItem('pcl.token', 'guest-token');
    render(TournamentPage, { id: 't1' });
    await settle();
    await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await settle();
    expect(screen.getByTestId('tournament-refusal').textContent).toBe('This tournament is full.');
    expect(calls[0]?.url).toBe('/api/tournaments/t1/join');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer guest-token' });
    localStorage.removeItem('pcl.token');
  });
});
