import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { MyGame, Seek } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import MyGames from './MyGames.svelte';
import MySeeks from './MySeeks.svelte';
import SeekList from './SeekList.svelte';

const requests = vi.hoisted(() => ({ sent: [] as { event: string; payload: unknown }[], answers: new Map<string, unknown>() }));
vi.mock('../lib/socket.js', () => ({
  request: async (event: string, payload: unknown) => {
    requests.sent.push({ event, payload });
    return requests.answers.get(event) ?? { ok: true };
  },
}));
vi.mock('../lib/connection.svelte.js', () => ({ connection: { session: { playerId: 'me', token: 't', name: 'Alice9' } } }));

const { default: InvitePage } = await import('../pages/InvitePage.svelte');

const seek = (over: Partial<Seek> = {}): Seek => ({
  id: 's1',
  variant: 'italian',
  timeControl: { kind: 'none' },
  color: 'black',
  visibility: 'public',
  creator: { id: 'p1', name: 'Bob' },
  createdAt: 0,
  ...over,
});

describe('SeekList', () => {
  it('offers a guest "Sign up to play" instead of Play on a rated seek (or one with a rating range)', () => {
    const seeks = [seek(), seek({ id: 's2', rated: true }), seek({ id: 's3', ratingRange: { min: 1200, max: 1800 } })];
    render(SeekList, { seeks, myId: 'me', guest: true, onaccept: () => {}, oncancel: () => {} });
    expect(screen.getAllByRole('button', { name: 'Play Bob' })).toHaveLength(1);
    const signup = screen.getAllByRole('link', { name: 'Sign up to play' });
    expect(signup).toHaveLength(2);
    expect(signup[0]?.getAttribute('href')).toBe('/signup');
  });

  it('lets an account holder play a rated seek, and shows a refused accept by the list', () => {
    render(SeekList, {
      seeks: [seek({ rated: true })],
      myId: 'me',
      error: 'This seek is for players with an account.',
      onaccept: () => {},
      oncancel: () => {},
    });
    expect(screen.getByRole('button', { name: 'Play Bob' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('alert').textContent).toBe('This seek is for players with an account.');
    expect(screen.getByRole('alert').closest('section')?.querySelector('h2')?.textContent).toBe('Open games');
  });
});

describe('MySeeks', () => {
  it('lists my invitations with their link, colour, Copy link and Cancel, and my public seeks as waiting', async () => {
    const oncancel = vi.fn();
    const mine = [
      { seek: seek({ id: 'i1', visibility: 'private', inviteCode: 'CODE1', creator: { id: 'me', name: 'Alice9' } }) },
      { seek: seek({ id: 'p1', color: 'random', creator: { id: 'me', name: 'Alice9' } }) },
    ];
    render(MySeeks, { mine, origin: 'https://x.test', oncancel });
    expect(screen.getByRole('heading').textContent).toBe('Your open games and invitations');
    expect((screen.getByTestId('invite-url') as HTMLInputElement).value).toBe('https://x.test/invite/CODE1');
    expect(screen.getByTestId('my-invitation').textContent).toContain('you play Black');
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveProperty('disabled', false);
    expect(screen.getByTestId('waiting-seek').textContent).toContain('Waiting for an opponent');
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel this invitation' }));
    expect(oncancel).toHaveBeenCalledWith('i1');
  });
});

describe('MySeeks, just after a create', () => {
  const mine = [
    { seek: seek({ id: 'i1', visibility: 'private', inviteCode: 'CODE1', creator: { id: 'me', name: 'Alice9' } }) },
    { seek: seek({ id: 'p1', creator: { id: 'me', name: 'Alice9' } }) },
  ];

  it('shows the seek just created where the player is: scrolled into view and focused (a screen reader reads it), once', async () => {
    const scrolled = vi.fn<(this: Element, arg?: boolean | ScrollIntoViewOptions) => void>(function (this: Element) {});
    Element.prototype.scrollIntoView = scrolled;
    const onrevealed = vi.fn();
    render(MySeeks, { mine, origin: 'https://x.test', oncancel: () => {}, reveal: 'p1', onrevealed });
    const item = screen.getByTestId('waiting-seek').closest('li');
    await waitFor(() => expect(onrevealed).toHaveBeenCalledOnce());
    expect(scrolled.mock.contexts).toEqual([item]);
    expect(scrolled.mock.calls[0]?.[0]).toEqual({ block: 'nearest' });
    expect(document.activeElement).toBe(item);
  });

  it('shows the whole invitation link: a field that wraps it onto more lines, not a one-line box that cuts it', () => {
    const url = `https://a-rather-long-host-name.example.org/invite/${'C'.repeat(40)}`;
    render(MySeeks, { mine: [{ seek: mine[0]!.seek, inviteUrl: url }], origin: 'https://x.test', oncancel: () => {} });
    const field = screen.getByLabelText<HTMLTextAreaElement>('Invitation link');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(url);
  });
});

describe('MyGames', () => {
  it('links each of my games back to its page, with the opponent, variant, time control and whose turn it is', () => {
    const game = (id: string, yourTurn: boolean, over: Partial<MyGame> = {}): MyGame => ({
      id, variant: 'italian', timeControl: { kind: 'correspondence', daysPerTurn: 3 }, color: 'black', opponent: 'Bob', turn: 2, yourTurn, deadline: null, createdAt: 1, ...over,
    });
    render(MyGames, { games: [game('g1', true), game('g2', false, { opponent: 'Carol', private: true, color: 'white', variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 } })] });
    expect(screen.getByRole('heading').textContent).toBe('Your games');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/game/g1', '/game/g2']);
    const [first, second] = links.map((a) => a.textContent?.replace(/\s+/g, ' ').trim());
    expect(first).toBe('vs Bob Your turn Italian progressive · 3 days per turn · you play Black');
    expect(second).toBe('vs Carol Their turn Scottish progressive · 5+5 · you play White · invitation');
    expect(links[0]?.classList.contains('mine')).toBe(true);
    expect(links[1]?.classList.contains('mine')).toBe(false);
  });
});

describe('InvitePage', () => {
  it("tells the creator who opens their own link the colour they play, with Copy link and Cancel", async () => {
    const own = seek({ visibility: 'private', inviteCode: 'CODE1', creator: { id: 'me', name: 'Alice9' } });
    requests.answers.set('invite:get', { ok: true, seek: own });
    render(InvitePage, { code: 'CODE1' });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Your invitation'));
    expect(screen.getByText('You play').nextElementSibling?.textContent).toBe('Black');
    expect(screen.queryByRole('button', { name: 'Accept and play' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveProperty('disabled', false);
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel invitation' }));
    expect(requests.sent.at(-1)).toEqual({ event: 'seek:cancel', payload: { seekId: 's1' } });
  });

  it('tells an invitee the other colour', async () => {
    requests.answers.set('invite:get', { ok: true, seek: seek({ visibility: 'private', inviteCode: 'CODE2' }) });
    render(InvitePage, { code: 'CODE2' });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Bob invites you to play'));
    expect(screen.getByText('You play').nextElementSibling?.textContent).toBe('White');
    expect(screen.getByRole('button', { name: 'Accept and play' })).toHaveProperty('disabled', false);
  });

  it('says a mistyped or cut-off code is unknown, and a closed invitation closed', async () => {
    requests.answers.set('invite:get', { ok: false, code: 'unknown-invitation', message: 'no invitation has this code' });
    const unknown = render(InvitePage, { code: 'C0DE' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No invitation has this code. Check the link you were sent: it may be mistyped or cut off.',
    );
    unknown.unmount();
    requests.answers.set('invite:get', { ok: false, code: 'unknown-seek', message: 'this invitation is no longer open' });
    render(InvitePage, { code: 'CODE3' });
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation was cancelled, has expired, or somebody already accepted it.');
  });
});
