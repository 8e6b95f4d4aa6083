import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../server/src/db/database.js';
import { openDatabase } from '../../../server/src/db/open-database.js';
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

/**
 * Registers beforeAll/afterAll hooks; the returned object is filled before the first test runs.
 * `database`: the server has accounts (an embedded PGlite of the suite's own).
 */
export function twoPlayers(opts: { readonly database?: boolean } = {}): TwoPlayers {
  const ctx = {} as TwoPlayers;
  let db: Database | null = null;
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    if (opts.database) db = await openDatabase({});
    ctx.server = await startServer({ firstMoveGraceMs: 600_000, ...(db ? { database: db } : {}) });
    ctx.browser = await launchChromium();
    ctx.alice = await openPlayer(ctx.browser, ctx.server.url, 'Alice');
    ctx.bob = await openPlayer(ctx.browser, ctx.server.url, 'Bob');
  }, 120_000); // PGlite takes seconds to start, more on a loaded machine
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
    await db?.close();
  });
  return ctx;
}
