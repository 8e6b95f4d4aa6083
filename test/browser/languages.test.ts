import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, openPlayer, type Player } from './support/browser.js';
import { fullyVisible } from './support/game-start.js';
import { startServer, type TestServer } from './support/server.js';

const run = chromiumAvailable();

describe.runIf(run)('browser: language and preferences, switched from the header, remembered', () => {
  let server: TestServer;
  let browser: Browser;
  let player: Player;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    player = await openPlayer(browser, server.url, 'Lingua');
  });
  afterAll(async () => {
    await player?.context.close();
    await browser?.close();
    await server?.close();
  });

  it('reads English by default, Italian once chosen (lobby, header, a refusal), after a reload too, at phone size', async () => {
    const { page } = player;
    await page.getByRole('heading', { name: 'Progressive chess, live' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByLabel('Language').selectOption('it');
    // no reload: the page in place reads Italian
    await page.getByRole('heading', { name: 'Scacchi progressivi, dal vivo' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    await page.locator('[data-testid="online-count"]', { hasText: /giocator[ei] in linea/ }).waitFor();
    await page.getByRole('link', { name: 'Regole' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Scacchi progressivi, dal vivo' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('it');

    // a refusal of the server (no such game) in Italian, from the code
    await page.goto(`${server.url}/game/no-such-game`);
    await page.getByText('(Questa partita non esiste.)').waitFor();
    await page.getByRole('link', { name: 'Gioca' }).waitFor();

    // the rules page's header; the switch is on every page
    await page.goto(`${server.url}/rules`);
    await page.getByLabel('Lingua').selectOption('ru');
    await page.getByRole('link', { name: 'Правила' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Прогрессивные шахматы онлайн' }).waitFor();
    expect(await fullyVisible(page, '[data-testid="language"]')).toBe(true);
    expect(await fullyVisible(page, 'header nav')).toBe(true);
  });

  it('switches to the dark theme and hides the coordinates without a reload, and keeps them after one', async () => {
    const { page } = player;
    await page.goto(server.url);
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const light = await background();
    await page.getByTestId('settings').locator('summary').click();
    await page.getByTestId('settings').locator('select').first().selectOption('dark');
    expect(await background()).not.toBe(light);
    await page.getByTestId('settings').locator('input[type="checkbox"]').uncheck();
    await page.reload();
    await page.getByTestId('language').waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'data-coords')).toBe('off');
    expect(await background()).not.toBe(light);
  });
});
