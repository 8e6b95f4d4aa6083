import { DISPLAY_NAME_MAX } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { me } from '../lib/account.svelte.js';
import NameForm from './NameForm.svelte';

afterEach(() => {
  me.account = null;
});

describe('NameForm', () => {
  it('a guest changes their name; a signed-in player is told they play under their username, with no form to be refused', () => {
    const onsave = async () => null;
    const guest = render(NameForm, { name: 'Ann', onsave });
    expect(screen.getByLabelText<HTMLInputElement>('Your name').value).toBe('Ann');
    guest.unmount();
    me.account = { playerId: 'p1', username: 'alice', createdAt: 0, ratings: [] };
    render(NameForm, { name: 'alice', onsave });
    expect(screen.queryByLabelText('Your name')).toBeNull();
    expect(screen.getByTestId('account-name').textContent?.replace(/\s+/g, ' ').trim()).toBe("You play as alice, your account's username.");
    expect(screen.getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/@/alice');
  });

  it('the name box takes the shared limit of characters as people count them, emoji too, and says it', async () => {
    render(NameForm, { name: '', onsave: async () => null });
    const box = screen.getByLabelText<HTMLInputElement>('Your name');
    await fireEvent.input(box, { target: { value: 'x'.repeat(DISPLAY_NAME_MAX + 6) } });
    expect(box.value).toBe('x'.repeat(DISPLAY_NAME_MAX));
    const emoji = '👍🏽'.repeat(DISPLAY_NAME_MAX);
    await fireEvent.input(box, { target: { value: `${emoji}👍🏽` } });
    expect(box.value).toBe(emoji);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(`At most ${DISPLAY_NAME_MAX} characters.`);
  });
});
