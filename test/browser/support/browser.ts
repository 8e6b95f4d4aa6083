import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, never a downloaded one. Missing: fail under CI, else the caller skips. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing (CI is set, so the browser tests fail instead of skipping)`);
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (install Debian's chromium package)`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** A fresh browser profile with a remembered display name, on the lobby. */
export async function openPlayer(browser: Browser, url: string, name: string, width = 1200): Promise<Player> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((n) => {
    if (!localStorage.getItem('pcl.name')) localStorage.setItem('pcl.name', n);
  }, name);
  const page = await context.newPage();
  // Surface client-side failures in the test output.
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`[${name}] console:`, m.text());
  });
  await page.goto(url);
  return { context, page };
}

/** Clicks a move on the board: origin square, then destination square. */
export async function clickMove(page: Page, uci: string): Promise<void> {
  await page.click(`[data-square="${uci.slice(0, 2)}"]`);
  await page.click(`[data-square="${uci.slice(2, 4)}"]`);
}
