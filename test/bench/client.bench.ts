/**
 * `npm run bench:client`: the web client in Debian's Chromium, on loopback (issue 37, goal 4).
 *
 * 1. First visit: an empty cache opens the lobby. "Interactive" is the later of two moments, both
 *    stamped inside the page (performance.now, from the navigation's start: timeOrigin): the
 *    "Create game" button is in the document, and the lobby's listing (the first socket message
 *    that carries `"seeks"`: the `lobby:subscribe` ack, or the listing sent with the connection)
 *    has arrived. Goal: at most 300 ms (median). Both figures count from the navigation's start
 *    (the page's timeOrigin: the browser's own launch is in neither), measured visit for visit:
 *    - "after navigation" (the goal's figure): one Chromium, already running, opens each visit in
 *      a fresh incognito context (its own empty cache and storage: still a first visit);
 *    - "cold browser" (the figure printed before): each visit launches a new Chromium process, and
 *      its first navigation also pays for what the browser sets up lazily (its renderer and network
 *      service warming up, V8's caches empty): 50-100 ms more than the other here, with the
 *      same requests and bytes.
 * 2. A move's click to own board: from the click on the destination square (the event's own time
 *    stamp; the board moves on click) to the first animation frame after the piece stands on that square and has left its
 *    origin. Goal: at most 16 ms (one frame), median. Printed beside it: the page's own work (the
 *    click to the piece in the document) and how many moves the first frame after the click shows
 *    (counted by an animation-frame loop started at the click): a click that comes just after a
 *    frame began waits most of a frame for the next one whatever the page does.
 *
 * Options (environment): BENCH_VISITS (default 15), BENCH_GAMES (default 2), BENCH_BASELINE (the
 * root of another checkout of the project, built: its server and client are measured in the same
 * run, visit for visit and game for game alternately with this one's, and the ratios printed; this
 * machine's load then weighs on both alike).
 * Prints the figures and their ratios to the goals; no pass/fail (timed tests are not tests).
 * The bytes are the page's own resource timing (nothing is asked of the browser while it loads).
 */
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium, openPlayer } from '../browser/support/browser.js';
import { startLobbyGame } from '../browser/support/game-start.js';
import { startServer, type TestServer } from '../browser/support/server.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const VISITS = Number(process.env.BENCH_VISITS ?? 15);
const GAMES = Number(process.env.BENCH_GAMES ?? 2);
const BASELINE = process.env.BENCH_BASELINE;
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

interface Visit {
  interactive: number;
  button: number;
  listing: number;
  dcl: number;
  /** Bytes of the page and its resources up to "interactive": as sent (compressed) and decoded. */
  sent: number;
  decoded: number;
  requests: number;
}

/** One first visit in `browser` (a fresh context: empty cache, no storage). */
async function visitIn(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript({ content: STAMP_LOBBY });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => {
    const b = (window as unknown as { __bench: { button?: number; listing?: number } }).__bench;
    return b.button !== undefined && b.listing !== undefined;
  });
  const r = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { button: number; listing: number } }).__bench;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const until = Math.max(b.button, b.listing);
    const loaded = [nav, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime <= until)];
    return {
      button: b.button,
      listing: b.listing,
      dcl: nav.domContentLoadedEventEnd,
      sent: loaded.reduce((n, e) => n + e.encodedBodySize, 0),
      decoded: loaded.reduce((n, e) => n + e.decodedBodySize, 0),
      requests: loaded.length,
    };
  });
  await context.close();
  return { ...r, interactive: Math.max(r.button, r.listing) };
}

/** A visit in a browser already running (the goal's "after navigation") and one in a browser launched for it. */
async function firstVisits(url: string, warm: Browser): Promise<{ warm: Visit; cold: Visit }> {
  // the warm visit first: a browser starting meanwhile would weigh on it
  const visit = await visitIn(warm, url);
  const cold = await launchChromium();
  try {
    return { warm: visit, cold: await visitIn(cold, url) };
  } finally {
    await cold.close();
  }
}

/**
 * One move's click: to the first frame after the piece stands on its square (`ms`), to the piece in
 * the document (`dom`: the page's own work; the rest is the wait for the frame), and which frame
 * after the click first shows it (`frame`: 1 when no frame began between the click and the piece).
 */
interface Click {
  readonly ms: number;
  readonly dom: number;
  readonly frame: number;
}

/** Arms the page to time the next move onto `to` (see the header). */
async function timedMove(page: Page, uci: string): Promise<Click> {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  await page.click(`[data-square="${from}"]`);
  // plain JavaScript text, as STAMP_LOBBY
  const timing = page.evaluate(`new Promise((resolve) => {
    const dest = document.querySelector('[data-square="${to}"]');
    dest.addEventListener('click', (e) => {
      const start = e.timeStamp;
      let frames = 0;
      let counting = true;
      const tick = () => {
        if (!counting) return;
        frames += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const arrived = () =>
        document.querySelector('[data-square="${to}"] .layer.piece') !== null && document.querySelector('[data-square="${from}"] .layer.piece') === null;
      const done = () => {
        counting = false;
        const dom = performance.now() - start;
        const frame = frames + 1;
        requestAnimationFrame(() => resolve({ ms: performance.now() - start, dom, frame }));
      };
      if (arrived()) return done();
      const observer = new MutationObserver(() => {
        if (!arrived()) return;
        observer.disconnect();
        done();
      });
      observer.observe(dest.closest('.board') ?? document.body, { childList: true, subtree: true, attributes: true });
    }, { once: true, capture: true });
  })`) as Promise<Click>;
  // the listener is in place before the click (evaluate sends in order)
  await page.evaluate(() => undefined);
  await page.click(`[data-square="${to}"]`);
  return timing;
}

/** One game's timed moves (the first five turns), in a browser of its own. */
async function moveTimings(url: string): Promise<Click[]> {
  const browser = await launchChromium();
  const samples: Click[] = [];
  try {
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

/** Prints one checkout's visits; returns the median of "interactive". */
function printVisits(title: string, vs: readonly Visit[]): number {
  const all = vs.map((v) => v.interactive);
  const median = quantile(all, 0.5);
  console.log(`${title}, ${vs.length} visits, ${vs[0]!.requests} requests before interactive, ${Math.round(vs[0]!.sent / 1024)} KiB sent (${Math.round(vs[0]!.decoded / 1024)} KiB decoded)`);
  console.log(`  DOMContentLoaded   median ${ms(quantile(vs.map((v) => v.dcl), 0.5))}`);
  console.log(`  button rendered    median ${ms(quantile(vs.map((v) => v.button), 0.5))}`);
  console.log(`  listing arrived    median ${ms(quantile(vs.map((v) => v.listing), 0.5))}`);
  console.log(
    `  interactive        median ${ms(median)}, p90 ${ms(quantile(all, 0.9))}, best ${ms(Math.min(...all))} (the least disturbed by the machine's other work); goal ${INTERACTIVE_GOAL_MS} ms: ratio ${(median / INTERACTIVE_GOAL_MS).toFixed(2)}`,
  );
  return median;
}

/** The checkouts measured: this one, and the baseline's when BENCH_BASELINE names one. */
async function startServers(): Promise<Array<{ name: string; server: TestServer }>> {
  const servers = [{ name: 'this', server: await startServer() }];
  if (BASELINE !== undefined) {
    const root = resolve(BASELINE);
    const other = (await import(`${root}/test/browser/support/server.ts`)) as { startServer: typeof startServer };
    servers.push({ name: `baseline (${root})`, server: await other.startServer() });
  }
  return servers;
}

/** Runs `step` for each server in turn, `rounds` times, the order alternating from round to round. */
async function alternate<T>(count: number, rounds: number, step: (i: number) => Promise<T>): Promise<T[][]> {
  const out: T[][] = Array.from({ length: count }, () => []);
  for (let round = 0; round < rounds; round++) {
    const order = [...out.keys()];
    if (round % 2 === 1) order.reverse();
    for (const i of order) out[i]!.push(await step(i));
  }
  return out;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (install Debian's chromium)`);
  const servers = await startServers();
  try {
    const warm = await launchChromium();
    // the running browser's first context pays for its own set-up: not counted
    for (const { server } of servers) await visitIn(warm, server.url);
    const visits = await alternate(servers.length, VISITS, (i) => firstVisits(servers[i]!.server.url, warm)).finally(() => warm.close());
    const interactive = servers.map((_, i) => ({
      warm: printVisits(`${servers[i]!.name}: first visit after navigation (a running Chromium, fresh incognito context: empty cache; loopback)`, visits[i]!.map((v) => v.warm)),
      cold: printVisits(`${servers[i]!.name}: first visit in a cold browser (a new Chromium process per visit: its start-up included)`, visits[i]!.map((v) => v.cold)),
    }));
    if (servers.length > 1) {
      const [mine, base] = [interactive[0]!, interactive[1]!];
      console.log(`interactive, this / baseline (medians): after navigation ${(mine.warm / base.warm).toFixed(2)}, cold browser ${(mine.cold / base.cold).toFixed(2)}`);
    }
    const moves = await alternate(servers.length, GAMES, (i) => moveTimings(servers[i]!.server.url));
    const clicks: number[] = [];
    for (const [i, { name }] of servers.entries()) {
      const all = moves[i]!.flat();
      const samples = all.map((c) => c.ms);
      const dom = all.map((c) => c.dom);
      const first = all.filter((c) => c.frame === 1).length;
      clicks.push(quantile(samples, 0.5));
      console.log(`${name}: click to own board, ${samples.length} moves over ${GAMES} games`);
      console.log(
        `  median ${ms(clicks[i]!)}, p90 ${ms(quantile(samples, 0.9))}, best ${ms(Math.min(...samples))}, worst ${ms(Math.max(...samples))}; goal ${FRAME_GOAL_MS} ms: ratio ${(clicks[i]! / FRAME_GOAL_MS).toFixed(2)}`,
      );
      console.log(`  of which the page's work (click to the piece in the document): median ${ms(quantile(dom, 0.5))}, p90 ${ms(quantile(dom, 0.9))}, worst ${ms(Math.max(...dom))}`);
      console.log(`  shown in the first frame after the click: ${first} of ${all.length} moves (${((100 * first) / all.length).toFixed(0)}%)`);
    }
    if (servers.length > 1) console.log(`click to own board, this / baseline (medians): ${(clicks[0]! / clicks[1]!).toFixed(2)}`);
  } finally {
    for (const { server } of servers) await server.close();
  }
}

await main();
