import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const run = chromiumAvailable();

const moveList = async (page: Page): Promise<string[]> => page.locator('.movelist .mv').allTextContents();

/** The centre of a square of the board (the analysis board where there are several), in page coordinates. */
async function centre(page: Page, square: string, within = '[data-testid="analysis-board"] '): Promise<{ x: number; y: number }> {
  const box = await page.locator(`${within}[data-square="${square}"]`).boundingBox();
  if (!box) throw new Error(`no square ${square}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe.runIf(run)('browser: the analysis board', () => {
  let server: TestServer;
  let browser: Browser;
  let ann: Player;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer();
    browser = await launchChromium();
    ann = await openPlayer(browser, `${server.url}/analysis`, 'Ann');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks the computer for its series, plays a variation, finds the mate line and plays it, draws an arrow, and shares the position by link', async () => {
    const { page } = ann;
    await page.getByTestId('analysis-board').waitFor();
    // The computer's series (level 3, in a Web Worker) with its evaluation, from the initial position.
    await page.getByRole('button', { name: "Computer's series" }).click();
    const computer = page.getByTestId('engine-answer');
    await computer.waitFor({ timeout: 20_000 });
    expect(await computer.textContent()).toMatch(/^Computer: \S+ \([+-]?\d+\.\d for White\)$/);
    for (const uci of ['e2e4', 'e7e5', 'g8f6', 'f1c4', 'd1h5']) await clickMove(page, uci);
    expect(await moveList(page)).toEqual(['e4', 'e5', 'Nf6', 'Bc4', 'Qh5']);

    // A variation: back one move, Qf3 instead of Qh5; the main line's move is offered beside it.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await clickMove(page, 'd1f3');
    expect(await moveList(page)).toEqual(['e4', 'e5', 'Nf6', 'Bc4', 'Qf3']);
    await page.getByTestId('variations').getByText('Instead of Qf3').waitFor();

    // From Bc4 (move 2 of White's 3), the mate finder (in a Web Worker) finds Qh5 Qxf7#.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await page.getByRole('button', { name: 'Is there a mate in this series?' }).click();
    const answer = page.getByTestId('engine-answer');
    await answer.waitFor({ timeout: 20_000 });
    expect(await answer.textContent()).toBe('Mate in this series: Qh5 Qxf7#');
    await page.getByRole('button', { name: 'Play this line' }).click();
    await page.getByTestId('analysis-result').getByText('Game over: 1-0 (checkmate)').waitFor();
    expect(await moveList(page)).toEqual(['e4', 'e5', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#']);

    // A right-drag draws an arrow, a right-click a circle; a left click clears them.
    const e2 = await centre(page, 'e2');
    const e4 = await centre(page, 'e4');
    await page.mouse.move(e2.x, e2.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(e4.x, e4.y, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    await page.mouse.click(e4.x, e4.y, { button: 'right' });
    const drawings = page.locator('[data-testid="analysis-board"] [data-testid="board-drawings"]');
    // (a vertical line has an empty box: Playwright calls it hidden, so wait for it to be there)
    await drawings.locator('line.arrow').waitFor({ state: 'attached' });
    expect(await drawings.locator('line.arrow').count()).toBe(1);
    expect(await drawings.locator('circle.circle').count()).toBe(1);
    await page.screenshot({ path: new URL('analysis-board.png', ARTIFACTS).pathname });
    await page.mouse.click(e2.x, e2.y);
    await drawings.waitFor({ state: 'detached' });

    // The link opens the same moves.
    const link = await page.getByTestId('share-link').inputValue();
    expect(new URL(link).searchParams.get('moves')).toBe('e2e4,e7e5,g8f6,f1c4,d1h5,h5f7');
    await page.goto(link);
    await page.getByTestId('analysis-result').getByText('Game over: 1-0 (checkmate)').waitFor();
    expect(await moveList(page)).toEqual(['e4', 'e5', 'Nf6', 'Bc4', 'Qh5', 'Qxf7#']);
  });

  it("the game page's board draws arrows too (a spectator's right-drag)", async () => {
    const gameId = await server.app.services.games.create({
      variant: 'scottish',
      timeControl: { kind: 'none' },
      white: { id: 'w-player', name: 'Wes' },
      black: { id: 'b-player', name: 'Bea' },
    });
    const { page } = ann;
    await page.goto(`${server.url}/game/${gameId}`);
    await page.locator('[data-square="g1"]').waitFor();
    const g1 = await centre(page, 'g1', '');
    const f3 = await centre(page, 'f3', '');
    await page.mouse.move(g1.x, g1.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(f3.x, f3.y, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    await page.locator('[data-testid="board-drawings"] line.arrow').waitFor({ state: 'attached' });
  });

  it('the rules pages play their sample series on small boards', async () => {
    const { page } = ann;
    await page.goto(`${server.url}/rules/italian`);
    const sample = page.getByTestId('rule-sample');
    await sample.waitFor();
    expect(await sample.locator('[data-square]').count()).toBe(64);
    // The sample plays by itself: its move and the progressive checkmate appear.
    await sample.getByTestId('sample-end').getByText('1-0 (progressive checkmate)').waitFor({ timeout: 10_000 });
    expect(await sample.getByTestId('sample-moves').textContent()).toBe('Ra8+');
    await page.screenshot({ path: new URL('rules-italian.png', ARTIFACTS).pathname });
    await page.goto(`${server.url}/rules`);
    await page.getByTestId('rule-sample').first().waitFor();
    expect(await page.getByTestId('rule-sample').count()).toBeGreaterThanOrEqual(9);
  });
});
