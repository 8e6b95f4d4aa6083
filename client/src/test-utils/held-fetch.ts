import { tick } from 'svelte';
import { vi } from 'vitest';

/**
 * Stubs `fetch`: a URL `immediate` answers (a body, not null) is answered at once; any other is held
 * until the test lets it through with the returned function (by the end of its URL), in any order.
 */
export function heldFetch(immediate: (url: string) => unknown) {
  const held = new Map<string, (body: unknown) => void>();
  const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  vi.stubGlobal('fetch', (url: string) => {
    const now = immediate(url);
    if (now !== null) return Promise.resolve(respond(now));
    return new Promise<Response>((resolve) => held.set(url, (body) => resolve(respond(body))));
  });
  return async (fragment: string, body: unknown): Promise<void> => {
    const url = [...held.keys()].find((u) => u.endsWith(fragment));
    if (!url) throw new Error(`no request ending with ${fragment}: ${[...held.keys()].join(', ')}`);
    held.get(url)?.(body);
    held.delete(url);
    await new Promise((r) => setTimeout(r, 0));
    await tick();
  };
}
