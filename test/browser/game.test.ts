import { mkdirSync } from 'node:fs';
import { newGame, parseUci, play } from '@progressive-chess/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/** Italian: a fool's-mate pattern. Black's 2-move series weakens e8-h5; White's 3rd series ends with Qh5#. */
const ITALIAN_MATE = ['e2e4', 'f7f6', 'g7g5', 'a2a3', 'b2b3', 'd1h5'];
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

const run = chromiumAvailable();

const seriesLabel = (page: Page) => page.locator('[data-testid="series-label"]');
const waitText = (page: Page, selector: string, text: string | RegExp) =>
  page.locator(selector, { hasText: text }).first().waitFor({ timeout: 10_000 });

describe.runIf(run)('browser: lobby, invitation, Italian game to checkmate, spectator', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;
  let carol: Player;

  beforeAll(async () => {
    server = await startServer({ firstMoveGraceMs: 600_000 });
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice');
    bob = await openPlayer(browser, server.url, 'Bob');
    carol = await openPlayer(browser, server.url, 'Carol');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the mating line is legal Italian and ends in checkmate', () => {
    const start = newGame('italian');
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value;
    for (const uci of ITALIAN_MATE) {
      const res = play(state, parseUci(uci)!);
      if (!res.ok) throw new Error(`${uci}: ${res.error.message}`);
      state = res.value.state;
    }
    expect(state.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('a public seek is accepted from the lobby list; drag, typed move and resignation work', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await alice.page.getByRole('button', { name: 'Create game' }).click();
    await bob.page.getByRole('button', { name: 'Play Alice' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    expect(alice.page.url()).toBe(bob.page.url());
    await bob.page.locator('[data-square="e2"]').waitFor();
    // Colours were drawn at random: find who plays White.
    await waitText(alice.page, '.series .who', /series/);
    const aliceWhite = (await alice.page.locator('.series .who').textContent())?.includes('Your series') ?? false;
    const [white, black] = aliceWhite ? [alice, bob] : [bob, alice];
    await white.page.dragAndDrop('[data-square="e2"]', '[data-square="e4"]');
    await waitText(black.page, '[data-testid="series-label"]', 'Move 1 of 2');
    // In the lobby, the window's title counts the games waiting for your series.
    await black.page.goto(server.url);
    await black.page.getByText('Your turn').first().waitFor();
    expect(await black.page.title()).toBe('Your turn in 1 game · Lobby · Progressive Chess Live');
    await black.page.goBack();
    await waitText(black.page, '[data-testid="series-label"]', 'Move 1 of 2');
    // Keyboard entry: SAN typed into the move box, as a phone's auto-capitals may send it.
    await black.page.getByLabel('Type a move').fill('E5');
    await black.page.getByLabel('Type a move').press('Enter');
    await waitText(white.page, '.movelist button', 'e5');
    await black.page.getByRole('button', { name: 'Resign' }).click();
    await black.page.getByRole('button', { name: 'Yes, resign' }).click();
    await waitText(white.page, '[data-testid="game-over"]', 'Black resigned');
    await waitText(black.page, '[data-testid="game-over"]', 'White wins');
  });

  it('an invitation link starts an Italian game; the players mate by clicking while a spectator watches', async () => {
    for (const p of [alice, bob]) await p.page.goto(server.url);
    await bob.page.setViewportSize({ width: 360, height: 780 });
    await bob.page.screenshot({ path: new URL('lobby-360.png', ARTIFACTS).pathname, fullPage: true });
    await bob.page.setViewportSize({ width: 1200, height: 900 });
    await alice.page.getByLabel('Variant').selectOption('italian');
    await alice.page.locator('label.chip', { hasText: 'White' }).click();
    await alice.page.getByText('Private game').click();
    await alice.page.getByRole('button', { name: 'Create invitation' }).click();
    const link = await alice.page.locator('[data-testid="invite-url"]').inputValue();
    expect(link).toMatch(/\/invite\//);

    await bob.page.goto(link);
    await waitText(bob.page, 'h1', 'Alice invites you to play');
    await bob.page.getByRole('button', { name: 'Accept and play' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    const gameUrl = alice.page.url();

    // A game from an invitation is not in the lobby's list of games in progress: Carol watches it by its link.
    expect(await carol.page.getByRole('link', { name: 'Watch Alice against Bob' }).count()).toBe(0);
    await carol.page.goto(gameUrl);
    await waitText(carol.page, '.info', 'You are watching');
    await waitText(alice.page, '[data-testid="spectators"]', '1 spectator');
    await waitText(bob.page, '[data-testid="spectators"]', '1 spectator');

    await waitText(alice.page, '[data-testid="series-label"]', 'Move 1 of 1');
    // the window's title says whose series waits (tabs, task bars), and names the players
    expect(await alice.page.title()).toBe('Your turn · Alice vs Bob · Progressive Chess Live');
    expect(await carol.page.title()).toBe('Alice vs Bob · Progressive Chess Live');
    await clickMove(alice.page, 'e2e4');
    await waitText(bob.page, '[data-testid="series-label"]', 'Move 1 of 2');
    expect(await bob.page.title()).toBe('Your turn · Alice vs Bob · Progressive Chess Live');
    expect(await alice.page.title()).toBe('Alice vs Bob · Progressive Chess Live');

    // Black's first move: the spectator sees it while Black's series is still running.
    await clickMove(bob.page, 'f7f6');
    await waitText(carol.page, '.movelist button', 'f6');
    expect(await seriesLabel(carol.page).textContent()).toContain('Move 2 of 2');
    // Alice's connection drops; Bob's move arrives while she is away; her page catches up alone.
    for (const socket of await server.app.io.fetchSockets()) if (socket.data.name === 'Alice') socket.disconnect(true);
    await clickMove(bob.page, 'g7g5');
    await waitText(alice.page, '[data-testid="series-label"]', 'Move 1 of 3');
    await alice.page.locator('[data-testid="connection"][data-reconnects="1"]', { hasText: 'Online' }).waitFor();
    expect(await alice.page.locator('.movelist').textContent()).toContain('g5');

    await clickMove(alice.page, 'a2a3');
    await waitText(carol.page, '[data-testid="series-label"]', 'Move 2 of 3');
    // A reload in the middle of the series resumes the game where it stands.
    await alice.page.reload();
    await waitText(alice.page, '[data-testid="series-label"]', 'Move 2 of 3');
    // Italian: the queen check is refused before the last move, and the page says so.
    await waitText(alice.page, '.series', 'would give check too early');
    await alice.page.screenshot({ path: new URL('game-mid-series.png', ARTIFACTS).pathname });
    await clickMove(alice.page, 'b2b3');
    await waitText(alice.page, '[data-testid="series-label"]', 'Move 3 of 3');
    await clickMove(alice.page, 'd1h5');
    for (const p of [alice, bob, carol]) {
      await waitText(p.page, '[data-testid="game-over"]', 'Checkmate: Black could not escape the check');
      expect(await p.page.locator('[data-testid="game-over"]').textContent()).toContain('White wins');
    }
    expect(await alice.page.locator('[data-testid="spectators"]').textContent()).toContain('1 spectator');
    expect(await bob.page.title()).toBe('Alice vs Bob · 1-0 · Progressive Chess Live');
    await alice.page.screenshot({ path: new URL('game.png', ARTIFACTS).pathname });
    await carol.page.setViewportSize({ width: 360, height: 780 });
    await carol.page.screenshot({ path: new URL('game-360.png', ARTIFACTS).pathname, fullPage: true });
  });
});
