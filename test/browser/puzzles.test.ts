import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const run = chromiumAvailable();

/** Puzzle 2 (Black, a series of 4): quiet moves that do not mate. */
const QUIET = ['a6', 'a5', 'h6', 'h5'];

describe.runIf(run)('browser: puzzles and the analysis of a finished game', () => {
  let server: TestServer;
  let browser: Browser;
  let ann: Player;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer();
    browser = await launchChromium();
    ann = await openPlayer(browser, server.url, 'Ann');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a series that does not mate is refused; one played from the hints (board clicks) solves the puzzle, remembered as solved with a hint', async () => {
    const { page } = ann;
    await page.getByRole('link', { name: 'Puzzles', exact: true }).click();
    await page.waitForURL(/\/puzzles$/);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/\/puzzles\/2$/);
    await page.getByTestId('puzzle-task').getByText('Black to move').waitFor();

    // The move box: four quiet moves end the series without mate.
    for (const san of QUIET) {
      await page.getByLabel('Type a move').fill(san);
      await page.getByLabel('Type a move').press('Enter');
    }
    await page.getByTestId('puzzle-verdict').getByText('Not mate, try again').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('puzzle-series').getByText('No move yet').waitFor();

    // Each hint (the mate finder, in a Web Worker) names the next move of a mate from where the series stands.
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Hint' }).click();
      const hint = page.getByTestId('puzzle-hint');
      await hint.waitFor({ timeout: 15_000 });
      const uci = await hint.getAttribute('data-uci');
      expect(uci).toMatch(/^[a-h][1-8][a-h][1-8]$/);
      await clickMove(page, uci!);
    }
    // Solved with the hints' help: marked apart from a clean solve.
    await page.getByTestId('puzzle-verdict').getByText('Mate! Puzzle solved with a hint.').waitFor();
    expect(await page.getByTestId('puzzle-series').textContent()).toMatch(/#/);
    await page.screenshot({ path: new URL('puzzle-solved.png', ARTIFACTS).pathname });

    await page.reload();
    await page.getByRole('heading', { name: '0 of 60 solved, 1 more with a hint' }).waitFor();
    await page.getByTitle('Puzzle 2: mate in a 4-move series (solved with a hint)').waitFor();
  });

  it('a promotion in the series is chosen in the dialog (puzzle 1, the stored series)', async () => {
    const { page } = ann;
    await page.goto(`${server.url}/puzzles/1`);
    for (const uci of ['d4d3', 'd3c2']) await clickMove(page, uci);
    await clickMove(page, 'c2b1');
    await page.getByRole('button', { name: 'queen', exact: true }).click();
    await clickMove(page, 'f8b4');
    await page.getByTestId('puzzle-verdict').getByText('Mate! Puzzle solved.').waitFor();
  });

  it('a finished game with a missed mate: Analyse marks the turn in the move list, with the mating line', async () => {
    const { games, commands } = server.app.services;
    const gameId = await games.create({
      variant: 'scottish',
      timeControl: { kind: 'none' },
      white: { id: 'w-player', name: 'Wes' },
      black: { id: 'b-player', name: 'Bea' },
    });
    let version = 1;
    const play = async (player: string, moves: string[]) => {
      for (const move of moves) version = (await commands.run('game:move', player, { gameId, version, move })).version;
    };
    // 1.e4 2.e5 Nf6 3.Bc4 Qh5, and White resigns with Qxf7# to play.
    await play('w-player', ['e2e4']);
    await play('b-player', ['e7e5', 'g8f6']);
    await play('w-player', ['f1c4', 'd1h5']);
    await commands.run('game:resign', 'w-player', { gameId });

    const { page } = ann;
    await page.goto(`${server.url}/game/${gameId}`);
    await page.getByTestId('game-over').waitFor();
    await page.getByTestId('mate-analysis').getByRole('button', { name: 'Analyse' }).click();
    const mark = page.getByTestId('analysis-mark');
    await mark.waitFor({ timeout: 30_000 });
    expect(await mark.count()).toBe(1);
    expect(await mark.textContent()).toBe('missed mate');
    expect(await mark.locator('xpath=ancestor::li').textContent()).toMatch(/^\s*3\./);
    expect(await page.getByTestId('analysis-summary').textContent()).toMatch(/Turn 3: White missed a win: .*Qxf7#/);
    await page.screenshot({ path: new URL('game-analysis.png', ARTIFACTS).pathname });
  });
});
