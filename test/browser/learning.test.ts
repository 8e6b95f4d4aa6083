import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const run = chromiumAvailable();

const moveList = async (page: Page): Promise<string[]> => page.locator('.movelist .mv').allTextContents();

describe.runIf(run)('browser: puzzles from played games and the opening explorer', () => {
  let db: Database;
  let server: TestServer;
  let browser: Browser;
  let ann: Player;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    db = await openDatabase({});
    server = await startServer({ database: db });
    browser = await launchChromium();
    ann = await openPlayer(browser, server.url, 'Ann');

    // An archived game where White missed 3...Qxf7#: 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qh4, and Black resigns.
    const { games, commands, learning } = server.app.services;
    if (!learning) throw new Error('no learning without a database');
    const gameId = await games.create({
      variant: 'scottish',
      timeControl: { kind: 'none' },
      white: { id: 'w-player', name: 'Wes' },
      black: { id: 'b-player', name: 'Bea' },
    });
    const indexed = new Promise<void>((resolve) => learning.onIndexed((i) => i.gameId === gameId && resolve()));
    let version = 1;
    const play = async (player: string, moves: string[]) => {
      for (const move of moves) version = (await commands.run('game:move', player, { gameId, version, move })).version;
    };
    await play('w-player', ['e2e4']);
    await play('b-player', ['e7e5', 'g8f6']);
    await play('w-player', ['f1c4', 'd1h5', 'h5h4']);
    await commands.run('game:resign', 'b-player', { gameId });
    await indexed;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await db?.close();
  });

  it('a mined puzzle replays the opponent\'s last series as its context, then the mate played on the board solves it', async () => {
    const { page } = ann;
    await page.getByRole('link', { name: 'Game puzzles' }).click();
    await page.waitForURL(/\/training$/);
    await page.getByTestId('training-task').getByText('White to move').waitFor();
    expect(await page.getByTestId('training-context').textContent()).toMatch(/The opponent's last series:\s*e5 Nf6/);
    // once replayed, the series' squares stay marked on the puzzle's position
    await page.locator('[data-square="f6"].previous').waitFor();
    expect(await page.locator('.previous[data-square]').count()).toBe(4);
    await page.getByTestId('training-rating').getByText('scottish, series-3, missed').waitFor();
    await page.screenshot({ path: new URL('training-context.png', ARTIFACTS).pathname });

    for (const uci of ['f1c4', 'd1h5', 'h5f7']) await clickMove(page, uci);
    await page.getByTestId('training-verdict').getByText('Mate! Puzzle solved.').waitFor();
    await page.getByTestId('training-result').getByText('Sign in to have your results rated.').waitFor();
    await page.goto(`${server.url}/training/daily`);
    await page.getByRole('heading', { name: 'Puzzle of the day' }).waitFor();
    await page.getByTestId('training-task').getByText('White to move').waitFor();
  });

  it('the analysis board\'s explorer lists the series played from the position; a click plays one on the board', async () => {
    const { page } = ann;
    await page.goto(`${server.url}/analysis`);
    const explorer = page.getByTestId('explorer');
    await explorer.getByRole('button', { name: 'Play e4 on the board' }).click();
    expect(await moveList(page)).toEqual(['e4']);
    await explorer.getByRole('button', { name: 'Play e5 Nf6 on the board' }).click();
    expect(await moveList(page)).toEqual(['e4', 'e5', 'Nf6']);
    const row = explorer.getByTestId('explorer-row');
    await row.getByText('Bc4 Qh5 Qh4').waitFor();
    expect(await row.count()).toBe(1);
    await explorer.getByTestId('explorer-games').getByText('Games: 1').waitFor();
    // filtered to correspondence games: none reached it
    await explorer.getByLabel('Live').uncheck();
    await explorer.getByLabel('Untimed').uncheck();
    await explorer.getByTestId('explorer-none').waitFor();
    // in the middle of a series the explorer says what it shows
    await clickMove(page, 'f1c4');
    await explorer.getByText('The explorer shows the series played from the start of a turn.').waitFor();
    await page.screenshot({ path: new URL('analysis-explorer.png', ARTIFACTS).pathname });
  });
});
