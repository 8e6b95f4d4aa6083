import { mkdirSync } from 'node:fs';
import { DISPLAY_NAME_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@progressive-chess/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { chromiumAvailable, launchChromium, openPlayer, type Player } from './support/browser.js';
import { fullyVisible } from './support/game-start.js';
import { startServer, type TestServer } from './support/server.js';
import { ARTIFACTS } from './support/two-players.js';

const run = chromiumAvailable();

/** A laptop's window and a phone's. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];
const label = (size: Size): string => `${size.width}x${size.height}`;

/** Whether the focused element is (or holds) the one of `testId`. */
const focusHolds = (page: Page, testId: string): Promise<boolean> =>
  page.evaluate((id) => document.activeElement?.closest('li')?.querySelector(`[data-testid="${id}"]`) !== null, testId);

describe.runIf(run)('browser: feedback where the eye is (lobby, invitations, account pages, the rules document)', () => {
  let db: Database;
  let server: TestServer;
  let browser: Browser;

  /** A new guest (own browser profile) on `path`, in a window of `size`. */
  async function guest(size: Size, name: string, path = '/'): Promise<Player> {
    const p = await openPlayer(browser, server.url, name, size.width);
    await p.page.setViewportSize(size);
    if (path !== '/') await p.page.goto(`${server.url}${path}`);
    return p;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    db = await openDatabase({});
    server = await startServer({ database: db });
    browser = await launchChromium();
  }, 120_000); // PGlite takes seconds to start, more on a loaded machine
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  it('what "Create game" and "Create invitation" open is scrolled into view and focused, the invitation link whole', async () => {
    for (const size of SIZES) {
      const { page } = await guest(size, `Eye${size.width}`);
      await page.getByRole('button', { name: 'Create game' }).click();
      const waiting = page.getByTestId('waiting-seek');
      await waiting.waitFor();
      await expect.poll(() => fullyVisible(page, '[data-testid="waiting-seek"]'), { message: `waiting ${label(size)}` }).toBe(true);
      expect(await focusHolds(page, 'waiting-seek'), `focus ${label(size)}`).toBe(true);
      await waiting.getByRole('button', { name: 'Cancel' }).click();
      await waiting.waitFor({ state: 'detached' });

      await page.getByText('Private game').click();
      await page.getByRole('button', { name: 'Create invitation' }).click();
      await page.getByTestId('my-invitation').waitFor();
      await expect.poll(() => fullyVisible(page, '[data-testid="invite-url"]'), { message: `link ${label(size)}` }).toBe(true);
      expect(await focusHolds(page, 'my-invitation'), `focus ${label(size)}`).toBe(true);
      // the whole link shows: nothing of it scrolls out of the field, across or down
      const field = await page.getByTestId('invite-url').evaluate((el) => ({
        value: (el as HTMLTextAreaElement).value,
        across: el.scrollWidth - el.clientWidth,
        down: el.scrollHeight - el.clientHeight,
      }));
      expect(field.value).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]+$`));
      expect([field.across, field.down], label(size)).toEqual([0, 0]);
      await page.screenshot({ path: new URL(`lobby-invitation-${label(size)}.png`, ARTIFACTS).pathname });
    }
  });

  it('a mistyped invitation code is said to be unknown, not cancelled or accepted', async () => {
    for (const size of SIZES) {
      const { page } = await guest(size, `Typo${size.width}`, '/invite/NoSuchCode9');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('No invitation has this code. Check the link you were sent: it may be mistyped or cut off.');
      expect(await fullyVisible(page, '[role="alert"]'), label(size)).toBe(true);
    }
  });

  it(`the name box takes ${DISPLAY_NAME_MAX} characters, the shared limit, and says so`, async () => {
    for (const size of SIZES) {
      const { page } = await guest(size, `Nm${size.width}`);
      const box = page.getByLabel('Your name');
      await box.fill('');
      await box.pressSequentially('n'.repeat(DISPLAY_NAME_MAX + 6));
      expect(await box.inputValue(), label(size)).toBe('n'.repeat(DISPLAY_NAME_MAX));
      expect(await page.locator('#name-limit').textContent()).toBe(`At most ${DISPLAY_NAME_MAX} characters.`);
    }
  });

  it('sign-up shows its rules before a try, and sign-up and log-in return the player to the page they came from', async () => {
    for (const size of SIZES) {
      const username = `back${size.width}`;
      const { page } = await guest(size, `Su${size.width}`, '/leaderboard');
      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL(/\/signup$/);
      expect(await page.getByTestId('username-rule').textContent()).toContain(`${USERNAME_MIN} to ${USERNAME_MAX} characters`);
      expect(await page.getByTestId('password-rule').textContent()).toBe(`${PASSWORD_MIN} characters or more.`);
      expect(await fullyVisible(page, '[data-testid="password-rule"]'), label(size)).toBe(true);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('a long password');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL(/\/leaderboard$/);
      await page.locator('[data-testid="user-menu"]', { hasText: username }).waitFor();

      // another device: from the rules page to log in (by way of the sign-up page), and back
      const other = await guest(size, `Li${size.width}`, '/rules');
      await other.page.getByRole('link', { name: 'Sign up' }).first().click();
      await other.page.waitForURL(/\/signup$/);
      await other.page.locator('.auth').getByRole('link', { name: 'Log in' }).click();
      await other.page.waitForURL(/\/login\?next=%2Frules$/);
      await other.page.getByLabel('Username').fill(username);
      await other.page.getByLabel('Password').fill('a long password');
      await other.page.getByRole('button', { name: 'Log in' }).click();
      await other.page.waitForURL(/\/rules$/);
      await other.page.locator('[data-testid="user-menu"]', { hasText: username }).waitFor();
    }
  });

  it('"the complete rules" is a web page with the site\'s icon, whose contents links scroll to their section', async () => {
    for (const size of SIZES) {
      const { context, page } = await guest(size, `Rd${size.width}`, '/rules');
      const failed: string[] = [];
      context.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      const [doc] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'the complete rules' }).click()]);
      await doc.waitForLoadState();
      expect(await doc.locator('h1').textContent()).toBe('The rules of Progressive Chess Live');
      expect(await doc.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
      expect(await doc.evaluate(async () => (await fetch('/favicon.ico')).status)).toBe(200);
      await doc.getByRole('link', { name: '6 Variants' }).click();
      await doc.waitForURL(/#6-the-variants$/);
      await expect
        .poll(() => doc.locator('[id="6-the-variants"]').evaluate((h) => Math.round(h.getBoundingClientRect().top)), { message: label(size) })
        .toBeLessThan(40);
      expect(await fullyVisible(doc, '[id="6-the-variants"]'), label(size)).toBe(true);
      // readable: the text keeps within the window (no sideways scrolling on a phone)
      expect(await doc.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label(size)).toBe(true);
      await doc.screenshot({ path: new URL(`rules-doc-${label(size)}.png`, ARTIFACTS).pathname });
      expect(failed).toEqual([]);
    }
  });
});
