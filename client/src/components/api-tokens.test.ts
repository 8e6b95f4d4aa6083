import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ApiTokens from './ApiTokens.svelte';

afterEach(() => vi.unstubAllGlobals());

describe('ApiTokens (the account page)', () => {
  it('creates a token (shown once), lists it, and revokes it', async () => {
    let tokens: { id: string; description: string; scopes: string[]; createdAt: number; lastUsedAt: null }[] = [];
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'POST') {
        const body = JSON.parse(String(init.body)) as { description: string; scopes: string[] };
        tokens = [{ id: 't1', description: body.description, scopes: body.scopes, createdAt: 0, lastUsedAt: null }];
        return new Response(JSON.stringify({ ok: true, token: 'pcl_secret', ...tokens[0] }), { status: 201 });
      }
      if (method === 'DELETE') tokens = [];
      return new Response(JSON.stringify({ ok: true, tokens }), { status: 200 });
    });
    render(ApiTokens);
    await fireEvent.input(screen.getByLabelText('Description'), { target: { value: 'my board' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect((await screen.findByTestId('new-token')).textContent).toBe('pcl_secret');
    await fireEvent.click(await screen.findByRole('button', { name: 'Revoke my board' }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke my board' })).toBeNull());
    expect(calls).toEqual(['GET /api/account/tokens', 'POST /api/account/tokens', 'GET /api/account/tokens', 'DELETE /api/account/tokens/t1', 'GET /api/account/tokens']);
  });
});
