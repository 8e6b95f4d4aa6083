import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/browser.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

/** What players meet on the analysis, puzzle and profile pages when they move around with links, Back and Forward. */
describe.runIf(run)('browser: analysis, puzzles and profiles as players move around', () => {
  const ctx = twoPlayers();

  it("the header's Analysis link on a finished game's analysis opens a new board (the initial position); Back brings the game again", async () => {
    const { games, commands } = ctx.server.app.services;
    const gameId = await games.create({
      variant: 'scottish',
      timeControl: { kind: 'none' },
      white: { id: 'w-player', name: 'Wes' },
      black: { id: 'b-player', name: 'Bea' },
    });
    await commands.run('game:move', 'w-player', { gameId, version: 1, move: 'e2e4' });
    await commands.run('game:resign', 'b-player', { gameId });

    const { page } = ctx.alice;
    await page.goto(`${ctx.server.url}/analysis?game=${gameId}`);
    const title = page.locator('main .tags', { hasText: 'Wes – Bea' });
    await title.waitFor();
    await page.locator('header nav').getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL(/\/analysis$/);
    await title.waitFor({ state: 'detached' });
    // The analysis board plays from the initial position: nothing of the game stays (e4 is empty again).
    expect(await page.locator('main .sq > .piece').count()).toBe(32);
    expect(await page.locator('[data-square="e4"] > .piece').count()).toBe(0);
    expect(await page.getByLabel(/Paste a PGN/).inputValue()).toBe('');
    await page.goBack();
    await page.waitForURL(/\/analysis\?game=/);
    await title.waitFor();
    expect(await page.locator('[data-square="e4"] > .piece').count()).toBe(1);
  });

  it("a PGN of several games on a phone: the game list fits in its panel", async () => {
    const page = await ctx.alice.context.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${ctx.server.url}/analysis`);
    const game = (white: string, result: string) =>
      `[White "${white}"]\n[Black "Computer (level 1)"]\n[Result "${result}"]\n[Date "2026.11.27"]\n[Termination "resignation"]\n\n1.e4 ${result}\n\n`;
    await page.getByLabel(/Paste a PGN/).fill(game('a_rather_long_name', '0-1') + game('bob', '1-0'));
    await page.getByRole('button', { name: 'Import' }).click();
    const pick = page.getByLabel(/Game \(2 in this PGN\)/);
    await pick.selectOption('1');
    await page.locator('main .tags', { hasText: 'bob' }).waitFor();
    const [select, panel] = await Promise.all([pick.boundingBox(), page.locator('main section.panel').first().boundingBox()]);
    expect(select && panel && select.x + select.width).toBeLessThanOrEqual((panel?.x ?? 0) + (panel?.width ?? 0));
    await page.close();
  });
});
