import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/browser.js';
import { signUp } from './support/accounts.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

describe.runIf(run)('browser: notifications', () => {
  const ctx = twoPlayers({ database: true });

  it("the bell counts a challenge to Bob on another page, lists it, and clears when read", async () => {
    const { server, alice, bob } = ctx;
    await signUp(alice.page, server.url, 'alice');
    await signUp(bob.page, server.url, 'bob');
    await bob.page.goto(`${server.url}/rules`);
    await bob.page.locator('[data-testid="notify-bell"]').waitFor();
    expect(await bob.page.locator('[data-testid="notify-count"]').count()).toBe(0);

    await alice.page.goto(`${server.url}/@/bob`);
    await alice.page.getByRole('button', { name: 'Challenge', exact: true }).click();
    const form = alice.page.getByRole('form', { name: 'Challenge bob' });
    await form.getByRole('button', { name: 'Challenge bob' }).click();

    await bob.page.locator('[data-testid="notify-count"]', { hasText: '1' }).waitFor();
    await bob.page.locator('[data-testid="notify-bell"]').click();
    await bob.page.locator('[data-testid="notify-list"] li', { hasText: 'alice challenges you' }).waitFor();
    await bob.page.getByRole('button', { name: 'Mark all read' }).click();
    await bob.page.locator('[data-testid="notify-count"]').waitFor({ state: 'detached' });
    // the count is the server's: a reload shows the same
    await bob.page.reload();
    await bob.page.locator('[data-testid="notify-bell"]').waitFor();
    expect(await bob.page.locator('[data-testid="notify-count"]').count()).toBe(0);
  });

  it("the service worker shows a pushed message (delivered through DevTools' ServiceWorker.deliverPushMessage)", async () => {
    const { server, bob } = ctx;
    const context = bob.page.context();
    await context.grantPermissions(['notifications'], { origin: server.url });
    const cdp = await context.newCDPSession(bob.page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(server.url) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await bob.page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
    });
    const registrationId = await registered;
    const payload = { title: 'Progressive Chess Live', body: 'alice challenges you', url: `${server.url}/`, kind: 'challenge' };
    // DevTools delivers a push to the worker at most once and may drop it while the just-activated worker is still
    // settling (seen once in CI on a loaded machine): deliver again until the worker shows it. Its tag makes a second
    // delivery replace the first, so exactly one notification is expected.
    let shown: unknown[] = [];
    for (let attempt = 0; attempt < 10 && shown.length === 0; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(payload) });
      shown = await bob.page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        for (let i = 0; i < 60; i++) {
          const list = await reg.getNotifications();
          if (list.length > 0) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
          await new Promise((r) => setTimeout(r, 50));
        }
        return [];
      });
    }
    expect(shown).toEqual([{ title: 'Progressive Chess Live', body: 'alice challenges you', tag: 'challenge', data: { url: `${server.url}/` } }]);
  });
});
