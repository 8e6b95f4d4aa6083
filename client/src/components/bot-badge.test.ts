import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BotBadge from './BotBadge.svelte';

afterEach(() => vi.unstubAllGlobals());

describe('BotBadge', () => {
  it("marks a bot's name BOT (any case) once the server's list has come, and nobody else's", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ ok: true, bots: ['RoboPlayer'] }), { status: 200 });
    });
    render(BotBadge, { name: 'roboplayer' });
    render(BotBadge, { name: 'alice' });
    expect((await screen.findByText('BOT')).getAttribute('title')).toMatch(/Bot API/);
    expect(screen.getAllByText('BOT')).toHaveLength(1);
    expect(asked).toEqual(['/api/bots']);
  });
});
