import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { signUp as signUpAs } from './support/accounts.js';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/** Scottish: 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7# — three completed turns, so the game is rated. */
const WHITE_1 = ['e2e4'];
const BLACK_2 = ['e7e5', 'g8f6'];
const WHITE_3 = ['f1c4', 'd1h5', 'h5f7'];
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const PASSWORD = 'a long password';

const run = chromiumAvailable();

const signUp = (page: Page, url: string, username: string): Promise<void> => signUpAs(page, url, username, PASSWORD);

async function playSeries(page: Page, moves: readonly string[]): Promise<void> {
  for (const m of moves) {
    await page.locator(`[data-square="${m.slice(0, 2)}"] [data-piece], [data-square="${m.slice(0, 2)}"]`).first().waitFor();
    await clickMove(page, m);
  }
}

describe.runIf(run)('browser: accounts, a rated game, ratings and history on a second device', () => {
  let db: Database;
  let server: TestServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    db = await openDatabase({});
    server = await startServer({ firstMoveGraceMs: 600_000, database: db });
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice');
    bob = await openPlayer(browser, server.url, 'Bob');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  it("a guest's pages load without a console error or a failed request (no account is not an error)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    for (const path of ['/', '/leaderboard', '/login', '/analysis']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('[data-testid="user-menu"]').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('sign up, play a rated game, both see their rating change, log in elsewhere and find the game', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await signUp(alice.page, server.url, 'alice');
    await signUp(bob.page, server.url, 'bob');

    await alice.page.goto(server.url);
    await alice.page.locator('label.chip', { hasText: 'White' }).click();
    await alice.page.getByLabel('Rated').check();
    await alice.page.getByRole('button', { name: 'Create game' }).click();
    await bob.page.goto(server.url);
    const seek = bob.page.locator('[data-testid="seek-list"] li', { hasText: 'alice' });
    await seek.filter({ hasText: 'rated' }).waitFor();
    expect(await seek.textContent()).toContain('1500?');
    await bob.page.getByRole('button', { name: 'Play alice' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    const gameId = alice.page.url().split('/game/')[1] ?? '';

    await playSeries(alice.page, WHITE_1);
    await bob.page.locator('[data-testid="series-label"]', { hasText: 'Move 1 of 2' }).waitFor();
    await playSeries(bob.page, BLACK_2);
    await alice.page.locator('[data-testid="series-label"]', { hasText: 'Move 1 of 3' }).waitFor();
    await playSeries(alice.page, WHITE_3);

    for (const p of [alice.page, bob.page]) {
      await p.locator('[data-testid="game-over"]', { hasText: 'checkmate' }).waitFor();
      await p.locator('[data-testid="rating-changes"]').waitFor({ timeout: 15_000 });
    }
    const white = await bob.page.locator('[data-testid="rating-changes"] [data-side="white"]').textContent();
    const black = await alice.page.locator('[data-testid="rating-changes"] [data-side="black"]').textContent();
    expect(white).toMatch(/^alice 1500 → 1[6-9]\d\d\?? \(\+\d+\)$/);
    expect(black).toMatch(/^bob 1500 → 1[1-4]\d\d\?? \(-\d+\)$/);
    await alice.page.screenshot({ path: new URL('rated-game-over.png', ARTIFACTS).pathname });

    // Another browser (fresh context): log in as alice, open the profile, find the game and the rating.
    const device = await openPlayer(browser, server.url, 'Elsewhere');
    await device.page.goto(`${server.url}/login`);
    await device.page.getByLabel('Username').fill('ALICE');
    await device.page.getByLabel('Password').fill(PASSWORD);
    await device.page.getByRole('button', { name: 'Log in' }).click();
    await device.page.waitForURL(/\/@\/alice$/);
    await device.page.locator(`[data-testid="archive-list"] a[href="/game/${gameId}"]`).waitFor();
    const rating = await device.page.locator('[data-variant="scottish"]').textContent();
    expect(Number(rating?.replace('?', ''))).toBeGreaterThan(1500);
    await device.page.locator('[data-testid="ratings"] svg').waitFor();
    await device.page.getByLabel('Filter by result').selectOption('loss');
    await device.page.locator('[data-testid="archive-list"]').waitFor({ state: 'detached' });
    await device.page.screenshot({ path: new URL('profile.png', ARTIFACTS).pathname, fullPage: true });

    await device.page.goto(`${server.url}/leaderboard/scottish`);
    const rows = device.page.locator('[data-testid="leaderboard"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('alice'), expect.stringContaining('bob')]);
    await device.context.close();
  });

  it("after logging out the player is the guest they were, by name; refusals read as sentences; an unknown profile says so", async () => {
    const carla = await openPlayer(browser, server.url, 'Carla');
    const page = carla.page;
    const menu = page.getByTestId('user-menu');
    await menu.getByText('Carla').waitFor();
    // a username already taken: the server's refusal as a sentence
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('That username is taken.');
    await signUp(page, server.url, 'carla_q');
    // logged out: the guest name of before, not a new "Guest 1234"
    await menu.getByRole('button', { name: /carla_q/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).or(page.getByRole('button', { name: 'Log out', exact: true })).click();
    await menu.getByText('Carla', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pcl.name'))).toBe('Carla');
    await page.goto(`${server.url}/@/nosuchplayer`);
    expect(await page.locator('main h1').textContent()).toBe('No such player');
    expect(await page.getByRole('alert').textContent()).toContain('There is no player called “nosuchplayer”.');
    await carla.context.close();
  });
});
