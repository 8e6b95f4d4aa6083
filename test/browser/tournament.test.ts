import { mkdirSync } from 'node:fs';
import type { TournamentView } from '@progressive-chess/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentParts } from '../../server/src/tournament/compose.js';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { signUp } from './support/accounts.js';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';
import { ARTIFACTS } from './support/two-players.js';

const run = chromiumAvailable();

const standingsRow = (page: Page, name: string) => page.locator(`[data-testid="standings"] tr[data-player="${name}"]`);
const scoreOf = (page: Page, name: string) => standingsRow(page, name).locator('[data-testid="score"]');

/**
 * Three players in an arena: Alice (an account) creates a casual arena with the form, Bob and
 * Carol (guests) and Alice join; the server's clock is moved to the start and the end (the
 * runner's waves are called by the test, `tickMs: 0`, so each pairing comes when the test says).
 */
describe.runIf(run)('browser: a three-player arena, paired, played to the end, standings and podium live', () => {
  let db: Database;
  let server: TestServer;
  let browser: Browser;
  let tournaments: TournamentParts;
  let offset = 0;
  const players = new Map<string, Player>();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    db = await openDatabase({});
    server = await startServer({ firstMoveGraceMs: 600_000, database: db, now: () => Date.now() + offset, tournaments: { tickMs: 0 } });
    const parts = server.app.services.tournaments;
    if (!parts) throw new Error('the server has no tournaments (no database?)');
    tournaments = parts;
    browser = await launchChromium();
    for (const name of ['Alice', 'Bob', 'Carol']) players.set(name, await openPlayer(browser, server.url, name));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  const player = (name: string): Player => {
    const p = players.get(name);
    if (!p) throw new Error(`no player ${name}`);
    return p;
  };

  /** The game the tournament has in play (from the server), with its players' pages. */
  async function gameInPlay(id: string): Promise<{ gameId: string; white: Player; black: Player; whiteName: string; blackName: string; waiting: Player }> {
    const view: TournamentView = await tournaments.service.view(id);
    const game = view.pairings.find((p) => p.result === null);
    if (!game) throw new Error('no game in play');
    const waiting = [...players.keys()].find((n) => n !== game.white.name && n !== game.black.name) ?? '';
    return { gameId: game.gameId, white: player(game.white.name), black: player(game.black.name), whiteName: game.white.name, blackName: game.black.name, waiting: player(waiting) };
  }

  /** White plays e2e4, Black resigns; both pages see the end, then go back to the tournament by its link. */
  async function whiteWins(g: Awaited<ReturnType<typeof gameInPlay>>, berserk: boolean): Promise<void> {
    for (const p of [g.white, g.black]) await p.page.waitForURL(new RegExp(`/game/${g.gameId}$`));
    await g.white.page.locator('[data-testid="tournament-bar"]', { hasText: 'Tournament game: Saturday arena' }).waitFor();
    if (berserk) {
      await g.white.page.getByRole('button', { name: 'Berserk: halve my clock' }).click();
      await g.white.page.getByText('Berserk! Your clock is halved').waitFor();
      await g.white.page.screenshot({ path: new URL('tournament-game.png', ARTIFACTS).pathname });
    }
    await g.white.page.locator('[data-testid="series-label"]', { hasText: 'Move 1 of 1' }).waitFor();
    await clickMove(g.white.page, 'e2e4');
    await g.black.page.locator('[data-testid="series-label"]', { hasText: 'Move 1 of 2' }).waitFor();
    await g.black.page.getByRole('button', { name: 'Resign' }).click();
    await g.black.page.getByRole('button', { name: 'Yes, resign' }).click();
    for (const p of [g.white, g.black]) {
      await p.page.locator('[data-testid="game-over"]', { hasText: 'White wins' }).waitFor();
      await p.page.locator('[data-testid="tournament-bar"] a').click();
      await p.page.waitForURL(/\/tournament\//);
    }
  }

  it('Alice creates the arena; the three join and see each other join live', async () => {
    const alice = player('Alice');
    await signUp(alice.page, server.url, 'Alice');
    await alice.page.getByRole('link', { name: 'Tournaments' }).click();
    await alice.page.getByRole('heading', { name: 'Create a tournament' }).waitFor();
    await alice.page.getByLabel('Name', { exact: true }).fill('Saturday arena');
    await alice.page.getByLabel('Duration (minutes)').fill('20');
    // guests may only play casual arenas
    await alice.page.getByLabel('Rated').uncheck();
    await alice.page.screenshot({ path: new URL('tournaments-create.png', ARTIFACTS).pathname, fullPage: true });
    await alice.page.getByRole('button', { name: 'Create the tournament' }).click();
    await alice.page.waitForURL(/\/tournament\/[^/]+$/);
    await alice.page.getByTestId('tournament-name').getByText('Saturday arena').waitFor();
    await alice.page.getByTestId('countdown').getByText(/^Starts in/).waitFor();

    const url = alice.page.url();
    await alice.page.getByRole('button', { name: 'Join' }).click();
    // Bob finds it on the lobby's banner, Carol among the upcoming tournaments, both with a countdown
    const bob = player('Bob');
    await bob.page.goto(server.url);
    const banner = bob.page.getByTestId('tournament-banner');
    await banner.getByText(/Starts in \d+:\d\d/).waitFor();
    await banner.getByRole('link', { name: 'Next tournament: Saturday arena' }).click();
    const carol = player('Carol');
    await carol.page.goto(`${server.url}/tournaments`);
    const upcoming = carol.page.getByTestId('upcoming');
    await upcoming.getByText(/Starts in \d+:\d\d/).waitFor();
    await carol.page.setViewportSize({ width: 360, height: 780 });
    await carol.page.screenshot({ path: new URL('tournaments-360.png', ARTIFACTS).pathname, fullPage: true });
    await carol.page.setViewportSize({ width: 1200, height: 900 });
    await upcoming.getByRole('link', { name: 'Saturday arena' }).click();
    for (const p of [bob, carol]) {
      expect(p.page.url()).toBe(url);
      await p.page.getByRole('button', { name: 'Join' }).click();
      await p.page.getByTestId('my-place').getByText('You are in').waitFor();
    }
    // Alice's page was not reloaded: the joins came as updates
    for (const name of ['Alice', 'Bob', 'Carol']) await standingsRow(alice.page, name).waitFor();
    expect(await alice.page.locator('[data-testid="standings"] tbody tr').count()).toBe(3);
    await alice.page.screenshot({ path: new URL('tournament-upcoming.png', ARTIFACTS).pathname, fullPage: true });
  });

  it('at the start two are paired and moved to their game; results change the standings live; at the end the podium shows', async () => {
    const id = decodeURIComponent(new URL(player('Alice').page.url()).pathname.split('/').pop() ?? '');
    const summary = (await tournaments.service.view(id)).summary;
    // the start: the server's clock moves to it, and the first wave pairs two of the three
    offset = summary.startsAt - Date.now() + 1000;
    await tournaments.tick();
    const first = await gameInPlay(id);
    await first.waiting.page.getByTestId('my-place').getByText('Waiting for your next opponent').waitFor();
    await whiteWins(first, true);
    await first.waiting.page.locator(`[data-game="${first.gameId}"]`, { hasText: '1-0' }).waitFor({ timeout: 10_000 });
    // the player who waited saw the winner's two points come without a reload
    await expect.poll(() => scoreOf(first.waiting.page, first.whiteName).textContent(), { timeout: 10_000 }).toBe('2');

    // the next wave pairs the one who waited (no immediate re-pairing of the same two)
    await tournaments.tick();
    const second = await gameInPlay(id);
    expect([second.white, second.black]).toContain(first.waiting);
    await whiteWins(second, false);
    // the one who waited this time saw the game's result come in the list of games
    await second.waiting.page.locator(`[data-game="${second.gameId}"]`, { hasText: '1-0' }).waitFor({ timeout: 10_000 });

    // the end: no more pairing; with no game in play the arena finishes, and every page shows the podium
    offset = (summary.endsAt ?? 0) - Date.now() + 1000;
    await tournaments.tick();
    for (const p of players.values()) {
      await p.page.getByTestId('podium').waitFor({ timeout: 10_000 });
      expect(await p.page.getByTestId('podium').getByRole('listitem').count()).toBe(3);
    }
    const podium = await player('Carol').page.getByTestId('podium').textContent();
    expect(podium).toContain('First');
    // the podium places are the players' trophies on their profiles (Alice has an account)
    const alice = player('Alice');
    const aliceRank = (await tournaments.service.view(id)).podium.find((s) => s.name === 'Alice')?.rank;
    await alice.page.goto(`${server.url}/@/Alice`);
    await alice.page.getByTestId('trophies').getByRole('link', { name: `${['First', 'Second', 'Third'][(aliceRank ?? 1) - 1]} in Saturday arena` }).waitFor();
    await player('Bob').page.screenshot({ path: new URL('tournament-finished.png', ARTIFACTS).pathname, fullPage: true });
    await player('Bob').page.setViewportSize({ width: 360, height: 780 });
    await player('Bob').page.screenshot({ path: new URL('tournament-finished-360.png', ARTIFACTS).pathname, fullPage: true });
  });
});
