import { describe, it } from 'vitest';
import { chromiumAvailable, openPlayer } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

describe.runIf(run)('browser: TV', () => {
  const ctx = twoPlayers();

  it('a visitor sees the game in progress on the lobby’s small board and follows it live on /tv; resigned, it says so', async () => {
    const { server, browser, alice, bob } = ctx;
    const [white, black] = await startLobbyGame(alice, bob);
    const viewer = await openPlayer(browser, server.url, 'Viewer');
    // the lobby's small board (asked for every 5 s)
    await viewer.page.locator('[data-testid="tv-mini"]', { hasText: /Alice – Bob|Bob – Alice/ }).waitFor({ timeout: 20_000 });
    await viewer.page.locator('[data-testid="tv-mini"] a[href="/tv"]').first().click();
    await viewer.page.waitForURL(`${server.url}/tv`);
    await viewer.page.locator('.bar[data-color="white"]').waitFor();
    // followed live as a spectator: the end of the game reaches the TV page
    await black.page.getByRole('button', { name: 'Resign', exact: true }).click();
    await black.page.getByRole('button', { name: 'Yes, resign' }).click();
    await viewer.page.locator('[data-testid="game-over"]', { hasText: /resign/i }).waitFor({ timeout: 20_000 });
    await white.page.locator('[data-testid="game-over"]').waitFor();
  }, 120_000);
});
