import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, type Player } from './support/browser.js';
import { ARTIFACTS, twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

const waitText = (page: Page, selector: string, text: string | RegExp) =>
  page.locator(selector, { hasText: text }).first().waitFor({ timeout: 10_000 });
const inviteUrl = (p: Player | { page: Page }) => p.page.locator('[data-testid="invite-url"]');

describe.runIf(run)('browser: private invitations stay with their creator', () => {
  const t = twoPlayers();

  it('an invitation stays listed with its link after navigating away, a reload and in another tab, until cancelled', async () => {
    const { alice } = t;
    await alice.page.locator('label.chip', { hasText: 'Black' }).click();
    await alice.page.getByText('Private game').click();
    await alice.page.getByRole('button', { name: 'Create invitation' }).click();
    await waitText(alice.page, '[data-testid="my-invitation"]', 'you play Black');
    const link = await inviteUrl(alice).inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);

    // to the rules and back (in-page navigation): still there, with its link and a Cancel button
    await alice.page.locator('header nav').getByRole('link', { name: 'Rules' }).click();
    await alice.page.waitForURL(/\/rules/);
    await alice.page.locator('header nav').getByRole('link', { name: 'Play' }).click();
    await waitText(alice.page, '[data-testid="my-seeks"]', 'Your open games and invitations');
    expect(await inviteUrl(alice).inputValue()).toBe(link);
    // a reload, and another tab of the same player
    await alice.page.reload();
    await inviteUrl(alice).waitFor();
    expect(await inviteUrl(alice).inputValue()).toBe(link);
    const tab = await alice.context.newPage();
    await tab.goto(t.server.url);
    await inviteUrl({ page: tab }).waitFor();
    expect(await inviteUrl({ page: tab }).inputValue()).toBe(link);

    // the creator's own link: their colour, Copy link and Cancel
    await tab.goto(link);
    await waitText(tab, 'h1', 'Your invitation');
    expect(await tab.locator('dt', { hasText: 'You play' }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('Black');
    await tab.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await tab.getByRole('button', { name: 'Accept and play' }).count()).toBe(0);

    // cancelled in the lobby of the first tab: gone there and, live, from the other tab's lobby
    await tab.goto(t.server.url);
    await inviteUrl({ page: tab }).waitFor();
    await alice.page.getByRole('button', { name: 'Cancel this invitation' }).click();
    await alice.page.locator('[data-testid="my-seeks"]').waitFor({ state: 'detached' });
    await tab.locator('[data-testid="my-seeks"]').waitFor({ state: 'detached' });
    await tab.close();
  });

  it("the creator cancels from the invitation's own page; the invitee then finds it gone", async () => {
    const { alice, bob } = t;
    await alice.page.getByText('Private game').click();
    await alice.page.getByRole('button', { name: 'Create invitation' }).click();
    const link = await inviteUrl(alice).inputValue();
    await alice.page.goto(link);
    await alice.page.getByRole('button', { name: 'Cancel invitation' }).click();
    await alice.page.waitForURL(t.server.url + '/');
    await alice.page.getByRole('button', { name: 'Create game' }).waitFor();
    await bob.page.goto(link);
    await waitText(bob.page, 'h1', 'Invitation not available');
    expect(await alice.page.locator('[data-testid="my-seeks"]').count()).toBe(0);
  });

  it('a correspondence game by invitation is under "Your games" in both lobbies, "Your turn" for White, leads back to the game, and a move turns it at once in the other lobby', async () => {
    const { alice, bob } = t;
    await alice.page.goto(t.server.url);
    const form = alice.page.locator('.seek-form');
    await form.locator('label.chip', { hasText: '3 days' }).click();
    await form.locator('label.chip', { hasText: 'White' }).click();
    await alice.page.getByText('Private game').click();
    await alice.page.getByRole('button', { name: 'Create invitation' }).click();
    const link = await inviteUrl(alice).inputValue();
    await bob.page.goto(link);
    await bob.page.getByRole('button', { name: 'Accept and play' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    const gameUrl = alice.page.url();

    // Back in the lobby: the game is mine to play, not listed for watching (it is private).
    for (const p of [alice, bob]) await p.page.locator('header nav').getByRole('link', { name: 'Play' }).click();
    const mine = alice.page.locator('[data-testid="my-game"]');
    await waitText(alice.page, '[data-testid="my-games"]', 'Your games');
    expect(await mine.count()).toBe(1);
    expect((await mine.textContent())?.replace(/\s+/g, ' ')).toContain('vs Bob Your turn Scottish progressive · 3 days per turn · you play White · invitation');
    await waitText(bob.page, '[data-testid="my-game"]', 'Their turn');
    expect(await alice.page.locator('[data-testid="game-list"]').count()).toBe(0);
    await alice.page.screenshot({ path: new URL('lobby-your-games.png', ARTIFACTS).pathname });

    await mine.click();
    await alice.page.waitForURL(gameUrl);
    await waitText(alice.page, '.series .who', 'Your series');

    // Alice moves: Bob's lobby, still open, says it is his turn at once (pushed, no poll, no reload)
    await clickMove(alice.page, 'e2e4');
    await waitText(bob.page, '[data-testid="my-game"]', 'Your turn');
  });
});
