import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { startServer, type TestServer } from './support/server.js';
import { ARTIFACTS } from './support/two-players.js';
const run = chromiumAvailable();

/** A phone's window. */
const PHONE = { width: 390, height: 844 } as const;
/** The longest display name there is (24 visible characters), with nowhere to break it. */
const LONG_NAME = 'W'.repeat(24);

/** The boxes of the top bar's links, the user menu and the connection badge, by label. */
function topBarBoxes(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('header.top a, [data-testid="user-menu"], [data-testid="connection"]')).map((el) => {
      const r = el.getBoundingClientRect();
      return { label: (el as HTMLElement).dataset.testid ?? el.textContent?.trim() ?? '', left: r.left, right: r.right, top: r.top, width: r.width };
    }),
  );
}

/** How many lines each top-bar link (brand, nav, Sign up, Log in) takes: its text rectangles' distinct tops. */
function topBarLinkLines(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('header.top a')).map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
      return { label: el.textContent?.trim() ?? '', lines: tops.size };
    }),
  );
}

/**
 * The first-move sentence read as text: its pieces (text fragments, one per line box they
 * take) in document order. `lines` counts how often the next piece does not continue the line
 * of the one before (to its right, on the same line), plus one: a sentence in one text flow
 * over two lines gives 2, pieces laid out as columns give one per piece. `maxGap` is the
 * widest space between a piece and the next one to its right on the same line (words of one
 * flow touch, flex items spread out); `secondsLines` the lines that the seconds ("28 s") take.
 */
function countdownFlow(page: Page) {
  return page.getByTestId('first-move').evaluate((box) => {
    const pieces: DOMRect[] = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      pieces.push(...Array.from(range.getClientRects()).filter((r) => r.width > 1));
    }
    const sameLine = (a: DOMRect, b: DOMRect) => Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) < 4;
    let lines = pieces.length > 0 ? 1 : 0;
    for (let i = 1; i < pieces.length; i++) {
      const [prev, next] = [pieces[i - 1]!, pieces[i]!];
      if (!sameLine(prev, next) || next.left < prev.right - 1) lines++;
    }
    let maxGap = 0;
    for (const piece of pieces) {
      const after = pieces.filter((r) => sameLine(r, piece) && r.left >= piece.right - 1).map((r) => r.left - piece.right);
      if (after.length > 0) maxGap = Math.max(maxGap, Math.min(...after));
    }
    const strong = box.querySelector('strong');
    const seconds = document.createRange();
    if (strong) seconds.selectNodeContents(strong);
    const secondsLines = strong ? new Set(Array.from(seconds.getClientRects()).filter((r) => r.width > 1).map((r) => Math.round(r.top))).size : 0;
    return { text: box.textContent?.replace(/\s+/g, ' ').trim() ?? '', lines, maxGap, secondsLines };
  });
}

describe.runIf(run)('browser: a phone-sized window (390x844)', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let dave: Player;
  let erin: Player;
  let players: [Player, Player];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer({ firstMoveGraceMs: 600_000 });
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice', PHONE.width);
    bob = await openPlayer(browser, server.url, 'Bob', PHONE.width);
    carol = await openPlayer(browser, server.url, 'Carol', PHONE.width);
    dave = await openPlayer(browser, server.url, LONG_NAME, PHONE.width);
    erin = await openPlayer(browser, server.url, 'Erin', PHONE.width);
    for (const p of [alice, bob, carol, dave, erin]) await p.page.setViewportSize(PHONE);
    // A timed game (5+3): the first-move countdown shows until each side has moved.
    players = await startLobbyGame(alice, bob);
    // A second one, for the lobby's list of games in progress and the player bars: the longest name in it.
    await dave.page.locator('label.chip', { hasText: '5+3' }).first().click();
    await dave.page.getByRole('button', { name: 'Create game' }).click();
    await erin.page.getByRole('button', { name: `Play ${LONG_NAME}` }).click();
    await dave.page.waitForURL(/\/game\//);
    await erin.page.waitForURL(/\/game\//);
    await carol.page.reload();
    await carol.page.getByTestId('game-list').getByText(LONG_NAME).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('no page scrolls sideways, and the top bar (links, user menu, badge) lies in the window, each link on one line', async () => {
    const [white, black] = players;
    await carol.page.screenshot({ path: new URL('mobile-lobby-390x844.png', ARTIFACTS).pathname, fullPage: true });
    await white.page.screenshot({ path: new URL('mobile-game-390x844.png', ARTIFACTS).pathname, fullPage: true });
    const pages: [string, Page][] = [
      ['lobby', carol.page],
      ['game (White)', white.page],
      ['game (Black)', black.page],
      // the longest name in both player bars (its screen-reader text must stay inside the bar's clipping)
      [`game of ${LONG_NAME} (White)`, dave.page],
      [`game of ${LONG_NAME} (Black)`, erin.page],
    ];
    // The other pages, seen by the guest with the longest name (in the top bar's user menu).
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript((n) => localStorage.setItem('pcl.name', n), LONG_NAME);
    for (const path of ['/rules', '/puzzles', '/analysis', '/tournaments', '/training']) {
      const page = await context.newPage();
      await page.goto(server.url + path);
      await page.locator('main h1, main h2').first().waitFor();
      await page.getByTestId('user-menu').getByText(LONG_NAME).waitFor();
      pages.push([path, page]);
    }
    for (const [label, page] of pages) {
      await page.getByTestId('connection').getByText('Online').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: document width`).toBeLessThanOrEqual(PHONE.width);
      const boxes = await topBarBoxes(page);
      expect(boxes.length, `${label}: top bar items`).toBe(13);
      const outside = boxes.filter((b) => b.width <= 0 || b.left < 0 || b.top < 0 || b.right > PHONE.width + 0.5);
      expect(outside, `${label}: top bar items outside the window`).toEqual([]);
      const wrapped = (await topBarLinkLines(page)).filter((l) => l.lines !== 1);
      expect(wrapped, `${label}: top bar links on more than one line`).toEqual([]);
    }
    await context.close();
  });

  it('the first-move countdown reads as one sentence: one text flow on at most two lines', async () => {
    for (const { page } of players) {
      const flow = await countdownFlow(page);
      expect(flow.text).toMatch(/first move.* within \d+ s, or the game is aborted\.$/);
      expect(flow.lines, `lines of "${flow.text}"`).toBeLessThanOrEqual(2);
      expect(flow.maxGap, `widest gap between words of "${flow.text}"`).toBeLessThan(8);
      expect(flow.secondsLines, 'the seconds stay on one line').toBe(1);
    }
  });

  it('a 24-character name without spaces stays inside the lobby\'s "Games in progress" panel', async () => {
    const { page } = carol;
    const overflow = await page.locator('section[aria-labelledby="games-title"]').evaluate((section) => {
      const panel = section.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(section.querySelector('[data-testid="game-list"]')!);
      const right = Math.max(...Array.from(range.getClientRects()).map((r) => r.right));
      return { right, panelRight: panel.right };
    });
    expect(overflow.right, 'rightmost text of the game list').toBeLessThanOrEqual(overflow.panelRight + 0.5);
  });
});
