import { CHAT_MAX_LENGTH, type ChatMessage } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { ChatModel } from '../lib/chat.svelte.js';
import { FakeTransport, flush } from '../test-utils/fake-game.js';
import ChatPanel from './ChatPanel.svelte';

const mine = (text: string): { ok: true; message: ChatMessage } => ({
  ok: true,
  message: { id: 'm1', gameId: 'g1', channel: 'players', from: { id: 'me', name: 'ME', seat: 'white' }, text, at: 0 },
});

function setup() {
  const transport = new FakeTransport();
  const chat = new ChatModel('g1', transport.request, () => 'me');
  render(ChatPanel, { chat });
  const input = screen.getByLabelText<HTMLInputElement>('Chat message');
  const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  return { transport, chat, input, send };
}

describe('chat input', () => {
  it('counts characters as people do: 100 emoji are 100 characters, sent whole', async () => {
    const { transport, input, send } = setup();
    const emoji = '🙂'.repeat(100);
    transport.answers.set('chat:send', [mine(emoji)]);
    // The box's own limit (UTF-16 units) lets a full line of emoji in.
    expect(input.maxLength).toBeGreaterThanOrEqual('🙂'.repeat(CHAT_MAX_LENGTH).length);
    await fireEvent.input(input, { target: { value: emoji } });
    expect(send.disabled).toBe(false);
    await fireEvent.submit(input.closest('form')!);
    await flush();
    expect(transport.sent.at(-1)).toEqual({ event: 'chat:send', payload: { gameId: 'g1', text: emoji } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it(`shows the count near ${CHAT_MAX_LENGTH} and refuses a longer line before sending it`, async () => {
    const { transport, chat, input, send } = setup();
    await fireEvent.input(input, { target: { value: '👍🏽'.repeat(CHAT_MAX_LENGTH) } });
    expect(screen.getByTestId('chat-count').textContent).toBe(`${CHAT_MAX_LENGTH}/${CHAT_MAX_LENGTH}`);
    expect(send.disabled).toBe(false);
    await fireEvent.input(input, { target: { value: 'x'.repeat(CHAT_MAX_LENGTH + 1) } });
    expect(screen.getByTestId('chat-count').textContent).toBe(`${CHAT_MAX_LENGTH + 1}/${CHAT_MAX_LENGTH}`);
    expect(send.disabled).toBe(true);
    expect(await chat.send('x'.repeat(CHAT_MAX_LENGTH + 1))).toBe(false);
    expect(transport.sent.filter((s) => s.event === 'chat:send')).toEqual([]);
  });

  it('says why a line with a bidi override is not sent', async () => {
    const { transport, input } = setup();
    await fireEvent.input(input, { target: { value: '\u202Ereversed text here' } });
    await fireEvent.submit(input.closest('form')!);
    await flush();
    flushSync();
    expect(transport.sent.filter((s) => s.event === 'chat:send')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toMatch(/^The line holds a bidirectional control character/);
    expect(input.value).toBe('\u202Ereversed text here');
  });
});
