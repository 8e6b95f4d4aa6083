import { describe, it } from 'vitest';
import { signUp } from './support/accounts.js';
import { chromiumAvailable, openPlayer } from './support/browser.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

describe.runIf(run)('browser: friends and blocks', () => {
  const ctx = twoPlayers({ database: true });

  it('Alice follows Bob and sees him online in the lobby; she blocks Carol, who then cannot challenge her', async () => {
    const { server, browser, alice, bob } = ctx;
    const carol = await openPlayer(browser, server.url, 'Carol');
    await signUp(alice.page, server.url, 'alice');
    await signUp(bob.page, server.url, 'bob');
    await signUp(carol.page, server.url, 'carol');

    await alice.page.goto(`${server.url}/@/bob`);
    await alice.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await alice.page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await alice.page.goto(`${server.url}/`);
    // Bob's page is open: he is online (the friends list is asked again every 15 s)
    await alice.page.locator('[data-testid="friend"][data-online="true"]', { hasText: 'bob' }).waitFor({ timeout: 40_000 });

    await alice.page.goto(`${server.url}/@/carol`);
    await alice.page.getByRole('button', { name: 'Block', exact: true }).click();
    await alice.page.getByRole('button', { name: 'Unblock' }).waitFor();

    await carol.page.goto(`${server.url}/@/alice`);
    await carol.page.getByRole('button', { name: 'Challenge', exact: true }).click();
    const form = carol.page.getByRole('form', { name: 'Challenge alice' });
    await form.getByRole('button', { name: 'Challenge alice' }).click();
    // refused as if Alice did not exist: the block is not revealed
    await carol.page.getByRole('alert').filter({ hasText: /no player is registered as alice/i }).waitFor();
  }, 120_000);
});
