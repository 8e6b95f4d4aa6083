import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { signUp } from './support/accounts.js';
import { chromiumAvailable, launchChromium, openPlayer, type Player } from './support/browser.js';
import { fullyVisible, startLobbyGame } from './support/game-start.js';
import { startServer, type TestServer } from './support/server.js';
import { twoPlayers } from './support/two-players.js';

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
    await page.locator('header nav').getByRole('link', { name: 'Regole' }).waitFor();

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
    await page.locator('header nav').getByRole('link', { name: 'Правила' }).waitFor();
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
    // the coordinates' box is the first (the page reads Russian by now)
    await page.getByTestId('settings').locator('input[type="checkbox"]').first().uncheck();
    await page.reload();
    await page.getByTestId('language').waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'data-coords')).toBe('off');
    expect(await background()).not.toBe(light);
  });
});

describe.runIf(run)('browser: a game, the rules and a refusal in Italian and Russian, at desktop and phone sizes', () => {
  const t = twoPlayers();

  it('reads the game page (series, controls, clocks) in Italian on a desktop and in Russian on a phone', async () => {
    const [white, black] = await startLobbyGame(t.alice, t.bob);
    await white.page.getByLabel('Language').selectOption('it');
    await white.page.locator('.series .who', { hasText: 'La tua serie' }).waitFor();
    await white.page.getByRole('button', { name: 'Abbandona' }).waitFor();
    await white.page.getByRole('button', { name: 'Proponi patta' }).waitFor();
    await white.page.getByTestId('series-label').getByText('Mossa 1 di 1').waitFor();
    await white.page.getByRole('group', { name: 'Scacchiera' }).waitFor();

    await black.page.setViewportSize({ width: 360, height: 740 });
    await black.page.getByLabel('Language').selectOption('ru');
    await black.page.locator('.series .who', { hasText: 'Серия соперника' }).waitFor();
    await black.page.getByRole('button', { name: 'Сдаться' }).waitFor();
    expect(await black.page.getAttribute('html', 'lang')).toBe('ru');
    expect(await fullyVisible(black.page, '[data-testid="language"]')).toBe(true);
    // the resign question and its answer, in Russian; the result in Italian on the other side
    await black.page.getByRole('button', { name: 'Сдаться' }).click();
    await black.page.getByText('Сдать партию?').waitFor();
    await black.page.getByRole('button', { name: 'Да, сдаюсь' }).click();
    await black.page.locator('[data-testid="game-over"]', { hasText: 'Белые выиграли' }).waitFor();
    await black.page.locator('[data-testid="game-over"]', { hasText: 'Чёрные сдались' }).waitFor();
    await white.page.locator('[data-testid="game-over"]', { hasText: 'Vince il Bianco' }).waitFor();
    await white.page.locator('[data-testid="game-over"]', { hasText: 'Il Nero abbandona' }).waitFor();
  });

  it('reads a rules page and a refusal in each language, at phone size too', async () => {
    const { page } = t.alice;
    const server = t.server;
    for (const [width, language, heading, description, complete, document, section, missing] of [
      [1200, 'it', 'Come si gioca a scacchi progressivi', 'Il gioco progressivo classico', 'il regolamento completo',
        'Le regole di Progressive Chess Live', '4. Presa en passant, arrocco, promozione', 'Non troviamo questa partita'],
      [360, 'ru', 'Как играть в прогрессивные шахматы', 'Классические прогрессивные шахматы', 'полные правила',
        'Правила Progressive Chess Live', '4. Взятие на проходе, рокировка, превращение', 'Мы не нашли эту партию'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/rules`);
      await page.getByTestId('language').selectOption(language);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByText(description).first().waitFor();
      // the complete rules (docs/rules.<language>.md), in the page's language, its section ids the English ones
      const href = await page.getByRole('link', { name: complete }).getAttribute('href');
      expect(href).toBe(`/docs/rules?lang=${language}`);
      await page.goto(`${server.url}${href}#4-en-passant-castling-promotion`);
      await page.getByRole('heading', { name: document, level: 1 }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.locator('[id="4-en-passant-castling-promotion"]').textContent()).toBe(section);
      await page.goto(`${server.url}/game/no-such-game`);
      await page.getByRole('heading', { name: missing }).waitFor();
      expect(await fullyVisible(page, 'h1')).toBe(true);
    }
  });
});

describe.runIf(run)('browser: a member\'s preferences follow the account to another browser', () => {
  let server: TestServer;
  let browser: Browser;
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    server = await startServer({ database: db });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  it('set on one browser, they are there after a login on another (no reload), and after a reload', async () => {
    const first = await openPlayer(browser, server.url, 'Prefs');
    await signUp(first.page, server.url, 'prefs');
    const saved = () => first.page.waitForResponse((r) => r.url().endsWith('/api/account/preferences') && r.request().method() === 'PUT');
    await first.page.getByTestId('settings').locator('summary').click();
    let put = saved();
    await first.page.getByTestId('settings').getByLabel('Theme').selectOption('dark');
    await put;
    put = saved();
    await first.page.getByTestId('settings').getByLabel('Pieces').selectOption('line');
    await put;
    put = saved();
    await first.page.getByLabel('Language').selectOption('it');
    await put;

    const other = await openPlayer(browser, server.url, 'Elsewhere');
    const { page } = other;
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('prefs');
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'it');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'data-pieces')).toBe('line');
    await page.reload();
    await page.locator('header nav').getByRole('link', { name: 'Regole' }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'data-pieces')).toBe('line');
    await first.context.close();
    await other.context.close();
  });
});
