import { mkdirSync } from 'node:fs';
import { decodeState, legalMoves, makeUci, seededRandom, type GameState } from '@progressive-chess/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const run = chromiumAvailable();

describe.runIf(run)('browser: a game against the computer, played to its end', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Player;

  beforeAll(async () => {
    const seeds = seededRandom(5);
    server = await startServer({ bot: { pauseMs: [50, 100] }, randomInt: (max) => Math.floor(seeds() * max) });
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The game as the server has it: version and rules state. */
  async function current(gameId: string): Promise<{ version: number; state: GameState }> {
    const stored = await server.app.services.games.load(gameId);
    const decoded = decodeState((JSON.parse(stored.doc) as { state: string }).state);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return { version: stored.version, state: decoded.value };
  }

  it('Alice starts a level-3 game from the lobby panel, clicks her moves, and the computer mates her', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const { page } = alice;
    await page.getByLabel('Computer game type').selectOption('scottish');
    await page.getByLabel('Computer game clock').selectOption('none');
    await page.locator('label.opt', { hasText: 'White' }).click();
    await page.locator('label.opt', { hasText: '3: Hard' }).click();
    await page.getByRole('button', { name: 'Play the computer' }).click();
    await page.waitForURL(/\/game\//);
    const gameId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.locator('.bar', { hasText: 'Computer (level 3)' }).waitFor({ timeout: 10_000 });
    await page.locator('[data-square="e2"]').waitFor();

    // Alice clicks random legal moves (no promotions) whenever it is her turn, each one as the
    // board offers it; the computer answers through the server. Bounded: a real game ends far sooner.
    const random = seededRandom(9);
    let clicked = 0;
    for (let step = 0; step < 400; step++) {
      const { version, state } = await current(gameId);
      if (state.outcome !== null) break;
      if (state.color !== 'white') {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const moves = legalMoves(state).filter((m) => m.promotion === undefined);
      expect(moves.length).toBeGreaterThan(0);
      await clickMove(page, makeUci(moves[Math.floor(random() * moves.length)]!));
      clicked++;
      for (let wait = 0; wait < 100 && (await current(gameId)).version === version; wait++) {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const { state } = await current(gameId);
    expect(clicked).toBeGreaterThan(0);
    expect(state.outcome).toEqual({ result: '0-1', reason: 'checkmate' });
    const banner = page.locator('[data-testid="game-over"]');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toMatch(/Black wins/);
    await page.screenshot({ path: new URL('bot-game-over.png', ARTIFACTS).pathname, fullPage: true });
  });

  it('Rematch on the finished game: the computer accepts at once and Alice plays Black against the same level', async () => {
    const { page } = alice;
    const finished = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Rematch' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/game/') && u.pathname !== finished, { timeout: 10_000 });
    const gameId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.locator('.bar', { hasText: 'Computer (level 3)' }).waitFor({ timeout: 10_000 });
    const doc = JSON.parse((await server.app.services.games.load(gameId)).doc) as { bot: unknown; players: { black: { name: string } } };
    expect(doc.bot).toMatchObject({ color: 'white', level: 3 });
    expect(doc.players.black.name).toBe('Alice');
    // The computer, now White, opens the game by itself.
    for (let wait = 0; wait < 100 && (await current(gameId)).state.turn === 1; wait++) await new Promise((r) => setTimeout(r, 100));
    expect((await current(gameId)).state.turn).toBe(2);
  });
});
