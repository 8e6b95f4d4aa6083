import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, openPlayer, type Player } from './support/browser.js';
import { ARTIFACTS, twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

const waitText = (page: Page, selector: string, text: string | RegExp) =>
  page.locator(selector, { hasText: text }).first().waitFor({ timeout: 10_000 });
const movesShown = (page: Page, n: number) =>
  page.waitForFunction((count) => document.querySelectorAll('.movelist button.mv').length >= count, n, { timeout: 10_000 });
const kingInCheck = (page: Page, square: string) => page.locator(`[data-square="${square}"].check`);

describe.runIf(run)('browser: variants played through, as the players and a spectator see them', () => {
  const t = twoPlayers();
  let carol: Player;

  beforeAll(async () => {
    carol = await openPlayer(t.browser, t.server.url, 'Carol');
  });

  /** Alice invites Bob to `variant` with White for herself; Carol watches. Returns [white, black]. */
  async function start(variant: string): Promise<[Page, Page]> {
    const { alice, bob } = t;
    for (const p of [alice, bob]) await p.page.goto(t.server.url);
    await alice.page.getByLabel('Variant').selectOption(variant);
    await alice.page.locator('label.chip', { hasText: 'No clock' }).click();
    await alice.page.locator('label.chip', { hasText: 'White' }).click();
    await alice.page.getByText('Private game').click();
    await alice.page.getByRole('button', { name: 'Create invitation' }).click();
    await bob.page.goto(await alice.page.locator('[data-testid="invite-url"]').inputValue());
    await bob.page.getByRole('button', { name: 'Accept and play' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
    await carol.page.goto(alice.page.url());
    await waitText(carol.page, '.info', 'You are watching');
    return [alice.page, bob.page];
  }

  it('Escalation: a check in the middle of the series marks the king for everyone and the series goes on', async () => {
    const [white, black] = await start('escalation');
    await clickMove(white, 'e2e4');
    await movesShown(black, 1);
    await clickMove(black, 'd7d6');
    await black.dragAndDrop('[data-square="h7"]', '[data-square="h6"]');
    await movesShown(white, 3);
    await clickMove(white, 'f1b5');
    for (const page of [white, black, carol.page]) {
      await kingInCheck(page, 'e8').waitFor({ timeout: 10_000 });
      await waitText(page, '[data-testid="check-mid-series"]', "Black is in check, and the series goes on: in Escalation a check or mate counts only if it still stands when Black's turn starts");
      await waitText(page, '[data-testid="series-label"]', 'Move 2 of 3');
    }
    await carol.page.screenshot({ path: new URL('escalation-mid-series-check.png', ARTIFACTS).pathname });
    // The check stands to the end of the series: Black starts in check and must answer it.
    await clickMove(white, 'g1f3');
    await clickMove(white, 'b1c3');
    for (const page of [white, black, carol.page]) {
      await waitText(page, '[data-testid="check-ended"]', 'Black is in check: the first move of the series must answer it');
      expect(await kingInCheck(page, 'e8').count()).toBe(1);
      expect(await page.locator('[data-testid="check-mid-series"]').count()).toBe(0);
    }
    // Black blocks: no king is marked any more.
    await clickMove(black, 'c7c6');
    await waitText(carol.page, '[data-testid="series-label"]', 'Move 2 of 4');
    expect(await carol.page.locator('[data-square].check').count()).toBe(0);
  });

  it('Cost: a piece that costs more than the points left is explained by its price on the board', async () => {
    const [white, black] = await start('cost');
    await clickMove(white, 'e2e4');
    await movesShown(black, 1);
    await clickMove(black, 'e7e5');
    await movesShown(white, 2);
    await clickMove(white, 'd2d4');
    await clickMove(white, 'a2a3');
    await waitText(black, '[data-testid="series-label"]', '2 points left of 2');
    await black.click('[data-square="d8"]');
    await waitText(black, '[data-testid="board-message"]', 'A queen move costs 9 points, and only 2 points are left in this turn.');

    // Black resigns; the spectator steps back through the finished game.
    await black.getByRole('button', { name: 'Resign' }).click();
    await black.getByRole('button', { name: 'Yes, resign' }).click();
    await waitText(carol.page, '[data-testid="game-over"]', 'Black resigned');
    expect(await carol.page.locator('.movelist .nav').textContent()).toContain('Last move');
    await carol.page.getByRole('button', { name: 'Turn 3, move 1: d4' }).click();
    await waitText(carol.page, '[data-testid="browsing"]', 'Viewing move 3 of 4.');
    expect(await carol.page.getByTestId('browsing').textContent()).not.toContain('takes moves');
    // on a phone, the move list's buttons keep one line each
    await carol.page.setViewportSize({ width: 360, height: 740 });
    const endLines = async () =>
      carol.page.locator('.movelist .nav button').last().evaluate((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
    expect(await endLines()).toBe(1);
    await carol.page.locator('.movelist .nav').getByRole('button', { name: 'Go to the last move' }).click();
    await waitText(carol.page, '[data-testid="game-over"]', 'Black resigned');
    expect(await endLines()).toBe(1);
    await carol.page.setViewportSize({ width: 1200, height: 900 });
  });

  it('a tablet held upright: the board is centred inside the page margins, not pushed against the right edge', async () => {
    const [white] = await start('scottish');
    for (const size of [{ width: 768, height: 1024 }, { width: 600, height: 960 }, { width: 390, height: 844 }]) {
      await white.setViewportSize(size);
      await white.waitForTimeout(100);
      const label = `${size.width}x${size.height}`;
      const board = (await white.locator('.board').boundingBox())!;
      expect(Math.abs(board.x - (size.width - board.x - board.width)), `margins ${label}`).toBeLessThan(2);
      expect(board.width / size.width, `fill ${label}`).toBeGreaterThan(0.9);
    }
    await white.setViewportSize({ width: 1200, height: 900 });
  });
});
