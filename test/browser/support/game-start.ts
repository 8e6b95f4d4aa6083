import type { Page } from 'playwright-core';
import type { Player } from './browser.js';

/** Alice creates a public seek from the lobby, Bob accepts it: both land on the game page. Returns [white, black]. */
export async function startLobbyGame(alice: Player, bob: Player, timeControl = '5+3'): Promise<[Player, Player]> {
  await alice.page.locator('label.chip', { hasText: timeControl }).first().click();
  await alice.page.getByRole('button', { name: 'Create game' }).click();
  await bob.page.getByRole('button', { name: 'Play Alice' }).click();
  await alice.page.waitForURL(/\/game\//);
  await bob.page.waitForURL(/\/game\//);
  await alice.page.locator('.series .who', { hasText: /series/ }).waitFor();
  const aliceWhite = (await alice.page.locator('.series .who').textContent())?.includes('Your series') ?? false;
  return aliceWhite ? [alice, bob] : [bob, alice];
}

/** The page's box of an element, and whether it lies wholly inside the viewport. */
export async function fullyVisible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}
