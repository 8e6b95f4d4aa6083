import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuthPage from './AuthPage.svelte';

afterEach(() => vi.unstubAllGlobals());

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
});
