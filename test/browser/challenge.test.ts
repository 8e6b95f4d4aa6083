import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.js';
import { chromiumAvailable } from './support/browser.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

/** Alice opens Bob's profile and challenges him: Scottish, 5+3 (the form's defaults), Alice white. */
async function challengeBob(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/@/bob`);
  await page.getByRole('button', { name: 'Challenge', exact: true }).click();
  const form = page.getByRole('form', { name: 'Challenge bob' });
  await form.locator('label.chip', { hasText: 'White' }).click();
  await form.getByRole('button', { name: 'Challenge bob' }).click();
  await page.waitForURL(`${url}/`);
  await page.locator('[data-testid="my-seeks"]', { hasText: 'Challenge to bob' }).waitFor();
}

describe.runIf(run)('browser: challenge a registered player from their profile', () => {
  const ctx = twoPlayers({ database: true });

  it('Alice challenges Bob, who sees it on another page, declines one and accepts the next in the lobby: both land on the game', async () => {
    const { server, alice, bob } = ctx;
    await signUp(alice.page, server.url, 'alice');
    await signUp(bob.page, server.url, 'bob');
    // no Challenge button on one's own profile
    expect(await bob.page.getByRole('button', { name: 'Challenge', exact: true }).count()).toBe(0);
    await bob.page.goto(`${server.url}/rules`);

    await challengeBob(alice.page, server.url);
    const notice = bob.page.locator('[data-testid="challenge-notice"]');
    await notice.filter({ hasText: 'alice challenges you' }).waitFor();
    await notice.click();
    await bob.page.waitForURL(`${server.url}/`);
    const incoming = bob.page.locator('[data-testid="challenges"] li');
    await incoming.filter({ hasText: 'alice challenges you: Scottish progressive, 5+3 (you play Black)' }).waitFor();
    await bob.page.getByRole('button', { name: 'Decline' }).click();
    await alice.page.locator('[data-testid="challenge-declined"]', { hasText: 'bob declined your challenge.' }).waitFor();
    await alice.page.locator('[data-testid="my-seeks"]').waitFor({ state: 'detached' });
    await incoming.filter({ hasText: 'alice challenges you' }).waitFor({ state: 'detached' });

    await challengeBob(alice.page, server.url);
    await incoming.filter({ hasText: 'alice challenges you' }).waitFor();
    await bob.page.getByRole('button', { name: 'Accept' }).click();
    await Promise.all([alice.page.waitForURL(/\/game\//), bob.page.waitForURL(/\/game\//)]);
    expect(alice.page.url()).toBe(bob.page.url());
    await alice.page.locator('.bar[data-color="black"]', { hasText: 'bob' }).waitFor();
    await bob.page.locator('.bar[data-color="white"]', { hasText: 'alice' }).waitFor();
  });
});
