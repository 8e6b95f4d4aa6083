import { PASSWORD_MIN, USERNAME_CHARS_TEXT, USERNAME_MAX, USERNAME_MIN } from '@progressive-chess/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me } from '../lib/account.svelte.js';
import { navigate, router } from '../lib/router.svelte.js';
import AuthPage from './AuthPage.svelte';

// signing in reconnects the socket: not in these tests
vi.mock('../lib/socket.js', () => ({ reconnect: () => undefined }));

beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  me.account = null;
});

const account = { playerId: 'p1', username: 'alice', createdAt: 0, ratings: [] };
const signedIn = async (): Promise<Response> => new Response(JSON.stringify({ account }), { status: 200 });

async function signUp(): Promise<void> {
  await fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'alice' } });
  await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
  await fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
}

describe('AuthPage', () => {
  it("a refusal goes once the player edits the form (the browser's own checks may then stop the next try)", async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ code: 'bad-request', message: 'Letters, digits, _ and - only.' }), { status: 400 }),
    );
    render(AuthPage, { mode: 'signup' });
    await fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'a b' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
    await fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Letters, digits, _ and - only.');
    await fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'ab' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("sign-up states the shared rules of usernames and passwords before any try, and the inputs' bounds are the same", () => {
    render(AuthPage, { mode: 'signup' });
    const user = screen.getByLabelText<HTMLInputElement>('Username');
    const pass = screen.getByLabelText<HTMLInputElement>('Password');
    expect(user.getAttribute('aria-describedby')).toBe('username-rule');
    expect(screen.getByTestId('username-rule').textContent?.trim()).toBe(`${USERNAME_MIN} to ${USERNAME_MAX} characters: ${USERNAME_CHARS_TEXT}.`);
    expect(pass.getAttribute('aria-describedby')).toBe('password-rule');
    expect(screen.getByTestId('password-rule').textContent?.trim()).toBe(`${PASSWORD_MIN} characters or more.`);
    expect([user.minLength, user.maxLength, pass.minLength]).toEqual([USERNAME_MIN, USERNAME_MAX, PASSWORD_MIN]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signing up returns the player to the page they came from', async () => {
    vi.stubGlobal('fetch', signedIn);
    navigate('/game/g1');
    navigate('/signup');
    render(AuthPage, { mode: 'signup' });
    await signUp();
    await waitFor(() => expect(router.path).toBe('/game/g1'));
  });

  it('the way from sign-up to log-in keeps where to return; a path of another site is never one', async () => {
    vi.stubGlobal('fetch', signedIn);
    navigate('/leaderboard/italian');
    navigate('/signup');
    const first = render(AuthPage, { mode: 'signup' });
    const toLogin = screen.getByRole('link', { name: 'Log in' }).getAttribute('href') ?? '';
    expect(toLogin).toBe(`/login?next=${encodeURIComponent('/leaderboard/italian')}`);
    first.unmount();
    navigate(toLogin);
    render(AuthPage, { mode: 'login' });
    await fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    await waitFor(() => expect(router.path).toBe('/leaderboard/italian'));
  });

  it('without a page to return to (opened directly, or a `next` of another site) the player goes to their profile', async () => {
    vi.stubGlobal('fetch', signedIn);
    navigate(`/signup?next=${encodeURIComponent('//evil.example/x')}`);
    router.previous = null;
    render(AuthPage, { mode: 'signup' });
    await signUp();
    await waitFor(() => expect(router.path).toBe('/@/alice'));
  });
});
