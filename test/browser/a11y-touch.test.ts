import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, type Player } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { startServer, type TestServer } from './support/server.js';

/** A phone: touch screen, mobile viewport. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } as const;

async function openPhone(browser: Browser, url: string, name: string): Promise<Player> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript((n) => localStorage.setItem('pcl.name', n), name);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto(url);
  return { context, page };
}

async function center(page: Page, square: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-square="${square}"]`).boundingBox();
  if (!box) throw new Error(`no square ${square}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Taps the origin square, then the destination. */
async function tapMove(page: Page, uci: string): Promise<void> {
  await page.locator(`[data-square="${uci.slice(0, 2)}"]`).tap();
  await page.locator(`[data-square="${uci.slice(2, 4)}"]`).tap();
}

/** A finger drags a piece from one square to another (real touch events, in steps), and the page's scroll during it. */
async function touchDrag(page: Page, from: string, to: string): Promise<number> {
  const a = await center(page, from);
  const b = await center(page, to);
  const cdp = await page.context().newCDPSession(page);
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let i = 1; i <= 8; i++) {
    const p = { x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  const scrolled = (await page.evaluate(() => window.scrollY)) - scrollBefore;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  return scrolled;
}

const seriesLabel = (page: Page, text: string) => page.locator('[data-testid="series-label"]', { hasText: text }).waitFor({ timeout: 10_000 });

describe.runIf(chromiumAvailable())('browser a11y: a game on touch screens', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    server = await startServer({ firstMoveGraceMs: 600_000 });
    browser = await launchChromium();
    alice = await openPhone(browser, server.url, 'Alice');
    bob = await openPhone(browser, server.url, 'Bob');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('tap-tap and finger drags play moves without scrolling the page; the promotion choice fits the phone and takes a tap', async () => {
    const [white, black] = await startLobbyGame(alice, bob);
    const [wp, bp] = [white.page, black.page];
    // the page is taller than the phone: a drag that scrolled it would be seen
    await wp.evaluate(() => window.scrollTo(0, 40));
    expect(await wp.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);

    expect(await touchDrag(wp, 'a2', 'a4')).toBe(0);
    await seriesLabel(bp, 'Move 1 of 2');
    await tapMove(bp, 'h7h6');
    expect(await touchDrag(bp, 'h6', 'h5')).toBe(0);
    await seriesLabel(wp, 'Move 1 of 3');
    await tapMove(wp, 'a4a5');
    expect(await touchDrag(wp, 'a5', 'a6')).toBe(0);
    await tapMove(wp, 'a6b7');
    await seriesLabel(bp, 'Move 1 of 4');
    for (const uci of ['g7g6', 'g6g5', 'g5g4', 'h5h4']) await tapMove(bp, uci);
    await seriesLabel(wp, 'Move 1 of 5');

    await tapMove(wp, 'b7a8');
    const dialog = wp.getByRole('dialog', { name: 'Promote to' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    const view = wp.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(view.width);
    for (const name of ['queen', 'rook', 'bishop', 'knight']) {
      const b = await dialog.getByRole('button', { name }).boundingBox();
      expect(Math.min(b!.width, b!.height)).toBeGreaterThanOrEqual(44); // a finger's target
    }
    await dialog.getByRole('button', { name: 'knight' }).tap();
    await expect(wp.locator('[data-square="a8"]').getAttribute('aria-label')).resolves.toMatch(/^a8, white knight/);
    await bp.locator('[data-square="a8"][aria-label^="a8, white knight"]').waitFor({ timeout: 10_000 });
  });
});
