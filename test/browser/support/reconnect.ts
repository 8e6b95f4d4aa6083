import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createMemoryStore } from '../../../server/src/store/memory-store.js';
import { clickMove, launchChromium, openPlayer, type Player } from './browser.js';
import { startLobbyGame } from './game-start.js';
import { CLIENT_DIST, ensureClientBuilt } from './server.js';
import { createApp, type App, type AppDeps } from '../../../server/src/app.js';
import { createRedisStore, type RedisStore } from '../../../server/src/store/redis-store.js';

/** Two players and a spectator of one game. */
export interface Table {
  readonly white: Player;
  readonly black: Player;
  readonly spectator: Player;
  readonly gameUrl: string;
}

const TIMEOUT = 15_000;

/**
 * Alice and Bob (on the lobby) start a 5+3 game; a third profile, Carol, watches it. Returns who plays
 * which colour.
 */
export async function openTable(browser: Browser, alice: Player, bob: Player): Promise<Table> {
  const [white, black] = await startLobbyGame(alice, bob);
  const gameUrl = white.page.url();
  const spectator = await openPlayer(browser, gameUrl, 'Carol');
  await spectator.page.locator('[data-square="e2"]').waitFor();
  return { white, black, spectator, gameUrl };
}

/** The SAN of every move the page's move list shows, in order. */
export function moveSans(page: Page): Promise<string[]> {
  return page.locator('.movelist li button.mv').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
}

/** Waits until the move list shows exactly `sans`. */
export async function waitMoves(page: Page, sans: readonly string[], timeout = TIMEOUT): Promise<void> {
  const until = Date.now() + timeout;
  let seen: string[] = [];
  while (Date.now() < until) {
    seen = await moveSans(page);
    if (seen.join(' ') === sans.join(' ')) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`move list: expected ${sans.join(' ')}, saw ${seen.join(' ')}`);
}

/** What the connection badge says. */
export function badge(page: Page): Promise<string> {
  return page.getByTestId('connection').innerText();
}

export async function waitBadge(page: Page, text: string | RegExp, timeout = TIMEOUT): Promise<void> {
  await page.getByTestId('connection').filter({ hasText: text }).waitFor({ timeout });
}

/** Plays moves by clicking; waits for each to show in the mover's list first. */
export async function playClicks(page: Page, ucis: readonly string[]): Promise<void> {
  for (const uci of ucis) {
    const before = (await moveSans(page)).length;
    await clickMove(page, uci);
    const until = Date.now() + TIMEOUT;
    while ((await moveSans(page)).length === before) {
      if (Date.now() > until) throw new Error(`move ${uci} did not show`);
      await page.waitForTimeout(50);
    }
  }
}

/** The clock text of a colour's player bar. */
export function clockText(page: Page, color: 'white' | 'black'): Promise<string> {
  return page.locator(`.bar[data-color="${color}"] .clock`).innerText();
}

/**
 * The built client the test servers serve: `PCL_TEST_CLIENT_DIST` when set (a build of one's own, so
 * a build of the shared checkout's client/dist by someone else cannot pull the assets away mid-run).
 */
export function clientDir(): string {
  const own = process.env.PCL_TEST_CLIENT_DIST;
  if (own) return own;
  ensureClientBuilt();
  return CLIENT_DIST;
}

/** A game server on a fixed port over a Redis store, that can be stopped and started again (a restart). */
export interface RestartableServer {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function redisBackedServer(redisUrl: string, port: number, deps: Partial<AppDeps> = {}): Promise<RestartableServer> {
  let running: { app: App; store: RedisStore } | null = null;
  const start = async (): Promise<void> => {
    const store = createRedisStore(redisUrl, { prefix: 'rc:' });
    const app = createApp({ firstMoveGraceMs: 600_000, ...deps, store, redis: { url: redisUrl }, clientDir: clientDir() });
    await app.listen(port, '127.0.0.1');
    running = { app, store };
  };
  const stop = async (): Promise<void> => {
    const r = running;
    running = null;
    if (!r) return;
    await r.app.close();
    await r.store.close();
  };
  await start();
  return { url: `http://127.0.0.1:${port}`, start, stop };
}

/** The text of the game page's notices (premoves, refusals...). */
export function notices(page: Page): Promise<string> {
  return page.locator('.notices').innerText();
}

/** A clock's time in seconds, as the page shows it (m:ss or h:mm:ss). */
export async function clockSeconds(page: Page, color: 'white' | 'black'): Promise<number> {
  const parts = (await clockText(page, color)).trim().split(':').map(Number);
  return parts.reduce((a, b) => a * 60 + b, 0);
}

/** Every page shows the colour's clock within a second of the others (read at about the same time). */
export async function expectClocksAgree(players: readonly Player[], color: 'white' | 'black'): Promise<void> {
  const seconds = await Promise.all(players.map((p) => clockSeconds(p.page, color)));
  if (Math.max(...seconds) - Math.min(...seconds) > 1) throw new Error(`${color}'s clock differs between the pages: ${seconds.join(', ')}`);
}

/**
 * A new game from the lobby of the suite's two players, watched by Carol; White plays `whiteMoves`,
 * then Black `blackMoves` (each side's list waits for the other's moves).
 */
export async function newTable(t: Suite, whiteMoves: readonly string[], blackMoves: readonly string[]): Promise<Table> {
  for (const p of [t.alice, t.bob]) {
    await p.context.setOffline(false);
    await p.page.goto(t.server.url);
  }
  const table = await openTable(t.browser, t.alice, t.bob);
  await playClicks(table.white.page, whiteMoves);
  if (blackMoves.length > 0) {
    await waitMoves(table.black.page, await moveSans(table.white.page));
    await playClicks(table.black.page, blackMoves);
    await waitMoves(table.white.page, await moveSans(table.black.page));
  }
  return table;
}

/** A suite's server (memory store, the client of `clientDir()`), browser and two players on the lobby. */
export interface Suite {
  server: { readonly url: string };
  browser: Browser;
  alice: Player;
  bob: Player;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs. */
export function suite(): Suite {
  const ctx = {} as Suite;
  let close = async (): Promise<void> => undefined;
  beforeAll(async () => {
    const store = createMemoryStore();
    const app = createApp({ store, clientDir: clientDir(), firstMoveGraceMs: 600_000 });
    const { port } = await app.listen(0, '127.0.0.1');
    ctx.server = { url: `http://127.0.0.1:${port}` };
    close = async () => {
      await app.close();
      await store.close();
    };
    ctx.browser = await launchChromium();
    ctx.alice = await openPlayer(ctx.browser, ctx.server.url, 'Alice');
    ctx.bob = await openPlayer(ctx.browser, ctx.server.url, 'Bob');
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await close();
  });
  return ctx;
}
