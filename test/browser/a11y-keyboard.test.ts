import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { twoPlayers } from './support/two-players.js';

/** What has the keyboard focus: a board square's name, a button's accessible text, an input's label, or the tag. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
    return el.getAttribute('data-square') ?? el.getAttribute('aria-label') ?? label ?? el.textContent?.trim() ?? el.tagName;
  });
}

/** Contrast ratio (WCAG) of the focused element's outline against its background. */
function focusContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const lum = (css: string): number => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return 0;
    const [hi, lo] = [lum(style.outlineColor), lum(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  });
}

/** The lines the screen reader's log of the game has said. */
const announced = (page: Page) => page.getByRole('log', { name: 'Game announcements' }).locator('p').allTextContents();

async function waitAnnounced(page: Page, line: string): Promise<void> {
  await page.getByRole('log', { name: 'Game announcements' }).locator('p', { hasText: line }).waitFor({ timeout: 10_000 });
}

/** Plays a move with the arrow keys and Enter, from the square that has the focus. */
async function keyMove(page: Page, from: string, path: string[]): Promise<void> {
  expect(await focused(page)).toBe(from);
  await page.keyboard.press('Enter');
  for (const key of path) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
}

describe.runIf(chromiumAvailable())('browser a11y: a game with the keyboard alone, as a screen reader hears it', () => {
  const ctx = twoPlayers();

  it("moves with the arrow keys; each of the opponent's moves is announced; offers, resigning and the rematch keep the focus", async () => {
    const [white, black] = await startLobbyGame(ctx.alice, ctx.bob);
    const [wp, bp] = [white.page, black.page];

    // White reaches the board with Tab (the roving square starts on e2) and plays e2-e4.
    await wp.locator('body').focus();
    await wp.keyboard.press('Tab');
    await keyMove(wp, 'e2', ['ArrowUp', 'ArrowUp']);
    expect(await focused(wp)).toBe('e4');
    await waitAnnounced(bp, 'White, move 1: e4.');

    // While Black plays, a premove queued from the keys and cancelled: 'Cancel' goes, the focus goes to the board.
    await wp.locator('[data-square="g1"]').focus();
    await keyMove(wp, 'g1', ['ArrowUp', 'ArrowUp', 'ArrowRight']);
    const cancel = wp.locator('.notices').getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    await wp.keyboard.press('Enter');
    await cancel.waitFor({ state: 'detached' });
    await wp.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 });
    expect(await focused(wp)).toBe('h3');

    // Black: a move with the keys, one typed as UCI; White hears both moves of the series.
    await bp.locator('[data-square="d7"]').focus();
    await keyMove(bp, 'd7', ['ArrowUp', 'ArrowUp']); // arrows go by the screen: up is towards White for Black
    expect(await focused(bp)).toBe('d5');
    await bp.getByRole('textbox', { name: 'Type a move' }).fill('g8f6');
    await bp.keyboard.press('Enter');
    await waitAnnounced(wp, 'Black, move 2: knight f6.');
    expect(await announced(wp)).toEqual(['Black, move 1: d5.', 'Black, move 2: knight f6.']);
    expect(await announced(bp)).toEqual(['White, move 1: e4.']);

    // Browsing the moves: the step buttons keep the focus at either end (a disabled one dropped it)...
    await wp.getByRole('button', { name: 'Previous move' }).focus();
    await wp.keyboard.press('Enter');
    await wp.getByTestId('browsing').waitFor();
    await wp.getByRole('button', { name: 'Next move' }).focus();
    await wp.keyboard.press('Enter');
    await wp.getByTestId('browsing').waitFor({ state: 'detached' });
    expect(await focused(wp)).toBe('Next move');
    // ...and 'Back to live' in the notices, gone once pressed, hands the focus to the board.
    await wp.getByRole('button', { name: 'First position' }).focus();
    await wp.keyboard.press('Enter');
    await wp.getByTestId('browsing').getByRole('button', { name: 'Back to live' }).focus();
    await wp.keyboard.press('Enter');
    await wp.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 });
    expect(await focused(wp)).toBe('h3'); // the board's square last focused

    // A draw offer: the button says it was offered and keeps the focus; Black hears it and declines.
    await wp.getByRole('button', { name: 'Offer draw' }).focus();
    await wp.keyboard.press('Enter');
    await wp.getByRole('button', { name: 'Draw offered' }).waitFor();
    expect(await focused(wp)).toBe('Draw offered');
    await waitAnnounced(bp, 'Your opponent offers a draw.');
    await bp.getByRole('button', { name: 'Decline' }).focus();
    await bp.keyboard.press('Enter');
    await bp.getByRole('button', { name: 'Decline' }).waitFor({ state: 'detached' });
    expect(await focused(bp)).toBe('Offer draw'); // still in the game's actions, not on the page's body

    // Resign asks first: the focus goes to "No" in the question's group; No goes back to Resign.
    await wp.getByRole('button', { name: 'Resign' }).focus();
    await wp.keyboard.press('Enter');
    expect(await focused(wp)).toBe('No');
    await expect(wp.getByRole('group', { name: 'Resign this game?' }).getByRole('button', { name: 'Yes, resign' }).count()).resolves.toBe(1);
    await wp.keyboard.press('Enter');
    expect(await focused(wp)).toBe('Resign');
    await wp.keyboard.press('Enter');
    await wp.keyboard.press('Shift+Tab');
    expect(await focused(wp)).toBe('Yes, resign');
    await wp.keyboard.press('Enter');
    await wp.getByTestId('game-over').waitFor();
    await waitAnnounced(bp, 'Game over. Black wins: White resigned.');
    expect(await focused(wp)).toBe('Rematch');

    // The rematch: offered and answered from the keyboard.
    await wp.keyboard.press('Enter');
    await wp.getByRole('button', { name: 'Rematch offered' }).waitFor();
    expect(await focused(wp)).toBe('Rematch offered');
    await waitAnnounced(bp, 'Your opponent wants a rematch.');
    const finished = bp.url();
    await bp.getByRole('button', { name: 'Accept rematch' }).focus();
    await bp.keyboard.press('Enter');
    await bp.waitForURL((u) => u.href !== finished);
    await wp.waitForURL((u) => u.href !== finished);
  });

  it('the focused square is marked in a colour that stands out (3:1) from light, dark and selected squares', async () => {
    const page = ctx.alice.page; // on the rematch's page: a board with the pieces at home
    const white = (await page.locator('.board [data-square]').first().getAttribute('data-square')) === 'a8';
    const pawn = white ? 'd2' : 'e7'; // a dark square; its neighbours on the rank are light
    const contrasts: Record<string, number> = {};
    await page.locator(`[data-square="${pawn}"]`).focus();
    for (const [key, name] of [['ArrowLeft', 'light'], ['ArrowDown', 'dark'], ['ArrowUp', 'light again'], ['ArrowRight', 'dark again']] as const) {
      await page.keyboard.press(key);
      contrasts[name] = await focusContrast(page);
    }
    expect(await focused(page)).toBe(pawn);
    await page.keyboard.press('Enter'); // Alice's own pawn: selected (a move, or a premove while White plays)
    await page.locator(`[data-square="${pawn}"][aria-pressed="true"]`).waitFor();
    contrasts.selected = await focusContrast(page);
    for (const [name, ratio] of Object.entries(contrasts)) expect(ratio, name).toBeGreaterThanOrEqual(3);
  });

  it('a typed move that ends the game leaves the focus on the board, not on the page (the move box goes)', async () => {
    for (const p of [ctx.alice, ctx.bob]) await p.page.goto(ctx.server.url);
    await ctx.alice.page.getByLabel('Variant').selectOption('italian');
    const [white, black] = await startLobbyGame(ctx.alice, ctx.bob);
    const type = async (page: Page, san: string) => {
      const box = page.getByRole('textbox', { name: 'Type a move' });
      await box.fill(san);
      await box.press('Enter');
      await page.locator('.movelist button', { hasText: san }).waitFor({ timeout: 10_000 });
    };
    await type(white.page, 'e4');
    for (const san of ['f6', 'g5']) await type(black.page, san);
    for (const san of ['a3', 'b3']) await type(white.page, san);
    expect(await focused(white.page)).toBe('Type a move');
    await type(white.page, 'Qh5#');
    await white.page.getByTestId('game-over').waitFor();
    await white.page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 });
    expect(await focused(white.page)).toMatch(/^[a-h][1-8]$/);
    await waitAnnounced(black.page, 'White, move 3: queen h5, checkmate.');
  });

  it("cost variant: 'Pass the rest' pressed from the keyboard, gone once the turn ends, leaves the focus on the board", async () => {
    for (const p of [ctx.alice, ctx.bob]) await p.page.goto(ctx.server.url);
    await ctx.alice.page.getByLabel('Variant').selectOption('cost');
    const [white, black] = await startLobbyGame(ctx.alice, ctx.bob);
    const type = async (page: Page, san: string) => {
      await page.getByRole('textbox', { name: 'Type a move' }).fill(san);
      await page.getByRole('textbox', { name: 'Type a move' }).press('Enter');
      await page.locator('.movelist button', { hasText: san }).waitFor({ timeout: 10_000 });
    };
    await type(white.page, 'e4');
    await type(black.page, 'e5');
    await type(white.page, 'd4'); // turn 3: 2 points, 1 left
    const pass = white.page.getByRole('button', { name: 'Pass the rest' });
    await pass.focus();
    await white.page.keyboard.press('Enter');
    await pass.waitFor({ state: 'detached' });
    await white.page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 5000 });
    expect(await focused(white.page)).toMatch(/^[a-h][1-8]$/);
  });
});
