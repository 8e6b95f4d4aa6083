import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, openPlayer, type Player } from './browser.js';
import { startServer, type TestServer } from './server.js';

export const ARTIFACTS = new URL('../../../test-artifacts/', import.meta.url);

/** The suite's server, browser and two players on the lobby (Alice, Bob), set up once per suite. */
export interface TwoPlayers {
  server: TestServer;
  browser: Browser;
  alice: Player;
  bob: Player;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs. */
export function twoPlayers(): TwoPlayers {
  const ctx = {} as TwoPlayers;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ctx.server = await startServer({ firstMoveGraceMs: 600_000 });
    ctx.browser = await launchChromium();
    ctx.alice = await openPlayer(ctx.browser, ctx.server.url, 'Alice');
    ctx.bob = await openPlayer(ctx.browser, ctx.server.url, 'Bob');
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}
