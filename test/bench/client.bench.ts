/**
 * `npm run bench:client`: the web client in Debian's Chromium, on loopback (issue 37, goal 4).
 *
 * 1. First visit: a fresh browser profile (empty cache) opens the lobby. "Interactive" is the later
 *    of two moments, both stamped inside the page (performance.now, from navigation start): the
 *    "Create game" button is in the document, and the lobby's listing (the `lobby:subscribe` ack,
 *    the first socket message that carries `"seeks"`) has arrived. Goal: at most 300 ms (median).
 * 2. A move's click to own board: from the click on the destination square (the event's own time
 *    stamp; the board moves on click) to the first animation frame after the piece stands on that square and has left its
 *    origin. Goal: at most 16 ms (one frame), median.
 *
 * Options (environment): BENCH_VISITS (default 15), BENCH_GAMES (default 2).
 * Prints the figures and their ratios to the goals; no pass/fail (timed tests are not tests).
 */
import type { Page } from 'playwright-core';
import { CHROMIUM, launchChromium, openPlayer } from '../browser/support/browser.js';
import { startLobbyGame } from '../browser/support/game-start.js';
import { startServer } from '../browser/support/server.js';
import { existsSync } from 'node:fs';

const VISITS = Number(process.env.BENCH_VISITS ?? 15);
const GAMES = Number(process.env.BENCH_GAMES ?? 2);
const INTERACTIVE_GOAL_MS = 300;
const FRAME_GOAL_MS = 16;

/** Quiet development moves for the first five turns of a Scottish game (1 + 2 + 3 + 4 + 5 moves, no check). */
const SERIES: readonly (readonly string[])[] = [
  ['e2e4'],
  ['e7e5', 'd7d6'],
  ['g1f3', 'b1c3', 'd2d3'],
  ['g8f6', 'b8c6', 'c8e6', 'f8e7'],
  ['f1e2', 'c1e3', 'd1d2', 'h2h3', 'a2a3'],
];

/**
 * Stamps, inside the page, when the lobby can be used (see the header). Plain JavaScript text: a
 * function here would be rewritten by tsx (its `__name` wrappers do not exist in the page).
 */
const STAMP_LOBBY = `
  window.__bench = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        if (window.__bench.listing === undefined && typeof e.data === 'string' && e.data.includes('"seeks"')) window.__bench.listing = performance.now();
      });
    }
  };
  new MutationObserver((_, observer) => {
    const found = Array.from(document.querySelectorAll('button')).some((b) => b.textContent.trim() === 'Create game');
    if (found && window.__bench.button === undefined) {
      window.__bench.button = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function firstVisit(url: string): Promise<{ interactive: number; button: number; listing: number; dcl: number; bytes: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.addInitScript({ content: STAMP_LOBBY });
    const page = await context.newPage();
    let bytes = 0;
    page.on('response', (r) => {
      void r
        .body()
        .then((b) => (bytes += Number(r.headers()['content-length'] ?? b.length)))
        .catch(() => undefined);
    });
    await page.goto(url);
    await page.waitForFunction(() => {
      const b = (window as unknown as { __bench: { button?: number; listing?: number } }).__bench;
      return b.button !== undefined && b.listing !== undefined;
    });
    const r = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { button: number; listing: number } }).__bench;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { button: b.button, listing: b.listing, dcl: nav.domContentLoadedEventEnd };
    });
    await context.close();
    return { ...r, interactive: Math.max(r.button, r.listing), bytes };
  } finally {
    await browser.close();
  }
}

/** Arms the page to time the next move onto `to` (see the header); resolves the milliseconds. */
async function timedMove(page: Page, uci: string): Promise<number> {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  await page.click(`[data-square="${from}"]`);
  // plain JavaScript text, as STAMP_LOBBY
  const timing = page.evaluate(`new Promise((resolve) => {
    const dest = document.querySelector('[data-square="${to}"]');
    dest.addEventListener('click', (e) => {
      const start = e.timeStamp;
      const arrived = () =>
        document.querySelector('[data-square="${to}"] .layer.piece') !== null && document.querySelector('[data-square="${from}"] .layer.piece') === null;
      const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
      if (arrived()) return done();
      const observer = new MutationObserver(() => {
        if (!arrived()) return;
        observer.disconnect();
        done();
      });
      observer.observe(dest.closest('.board') ?? document.body, { childList: true, subtree: true, attributes: true });
    }, { once: true, capture: true });
  })`) as Promise<number>;
  // the listener is in place before the click (evaluate sends in order)
  await page.evaluate(() => undefined);
  await page.click(`[data-square="${to}"]`);
  return timing;
}

async function moveTimings(url: string): Promise<number[]> {
  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    for (let g = 0; g < GAMES; g++) {
      const alice = await openPlayer(browser, url, 'Alice');
      const bob = await openPlayer(browser, url, 'Bob');
      const [white, black] = await startLobbyGame(alice, bob);
      for (const [i, series] of SERIES.entries()) {
        const mover = i % 2 === 0 ? white : black;
        const waiter = i % 2 === 0 ? black : white;
        for (const uci of series) samples.push(await timedMove(mover.page, uci));
        // the opponent's board shows the whole series before the next one starts
        const last = series.at(-1)!.slice(2, 4);
        await waiter.page.locator(`[data-square="${last}"] .layer.piece`).waitFor();
        await waiter.page.locator('.series .who', { hasText: 'Your series' }).waitFor();
      }
      await alice.context.close();
      await bob.context.close();
    }
  } finally {
    await browser.close();
  }
  return samples;
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (install Debian's chromium)`);
  const server = await startServer();
  try {
    const visits = [];
    for (let i = 0; i < VISITS; i++) visits.push(await firstVisit(server.url));
    const interactive = visits.map((v) => v.interactive);
    console.log(`first visit (fresh profile, loopback), ${VISITS} visits, ${Math.round(visits[0]!.bytes / 1024)} KiB of responses (decoded)`);
    console.log(`  DOMContentLoaded   median ${ms(quantile(visits.map((v) => v.dcl), 0.5))}`);
    console.log(`  button rendered    median ${ms(quantile(visits.map((v) => v.button), 0.5))}`);
    console.log(`  listing arrived    median ${ms(quantile(visits.map((v) => v.listing), 0.5))}`);
    console.log(
      `  interactive        median ${ms(quantile(interactive, 0.5))}, p90 ${ms(quantile(interactive, 0.9))}; goal ${INTERACTIVE_GOAL_MS} ms: ratio ${(quantile(interactive, 0.5) / INTERACTIVE_GOAL_MS).toFixed(2)}`,
    );
    const moves = await moveTimings(server.url);
    console.log(`click to own board, ${moves.length} moves over ${GAMES} games`);
    console.log(
      `  median ${ms(quantile(moves, 0.5))}, p90 ${ms(quantile(moves, 0.9))}, worst ${ms(Math.max(...moves))}; goal ${FRAME_GOAL_MS} ms: ratio ${(quantile(moves, 0.5) / FRAME_GOAL_MS).toFixed(2)}`,
    );
  } finally {
    await server.close();
  }
}

await main();
