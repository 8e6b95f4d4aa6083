import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, openPlayer, type Player } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { playClicks, waitMoves } from './support/reconnect.js';
import { startServer, type TestServer } from './support/server.js';

const TIMEOUT = 10_000;
/**
 * Where the game's buttons stand in their group (the notice area on top, the buttons under it): an
 * offer or a notice coming must not move them. Measured from the group's top, so that what stands
 * above the group (a refusal or a connection notice, which a loaded machine may bring) is not counted.
 */
const resignTop = (page: Page): Promise<number> =>
  page
    .getByRole('button', { name: 'Resign' })
    .evaluate((el) => el.getBoundingClientRect().top - (el.closest('[role=group]')?.getBoundingClientRect().top ?? Number.NaN));

describe.runIf(chromiumAvailable())('browser: the opponent closes the tab', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    server = await startServer({ firstMoveGraceMs: 600_000, limits: { claimAfterMs: 3_000 } });
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice');
    bob = await openPlayer(browser, server.url, 'Bob');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the present player is offered the abort before the game really started, then the countdown in the reserved notice area, claims victory, then finds a new opponent', async () => {
    const [present, absent] = await startLobbyGame(alice, bob);
    const absentName = absent === alice ? 'Alice' : 'Bob';
    await present.page.getByRole('button', { name: 'Resign' }).waitFor({ timeout: TIMEOUT });
    // both players counted in the game (a page still loading is away until its socket joins, and
    // its "left the game" notice would stand in the room the offer takes below)
    await present.page.waitForFunction(() => document.querySelectorAll('.dot.online').length === 2, null, { timeout: TIMEOUT });
    const top = await resignTop(present.page);

    // a draw offer takes the reserved room: nothing below it moves
    await absent.page.getByRole('button', { name: 'Offer draw' }).click();
    await present.page.getByTestId('notice-area').getByText('Your opponent offers a draw').waitFor({ timeout: TIMEOUT });
    expect(await resignTop(present.page)).toBe(top);
    await present.page.getByRole('button', { name: 'Decline' }).click();
    await present.page.getByTestId('notice-area').getByText('Your opponent offers a draw').waitFor({ state: 'detached', timeout: TIMEOUT });

    // White's first turn, then Black leaves: the game has not really started, so the notice offers
    // the abort, not a claim
    await playClicks(present.page, ['e2e4']);
    const gameUrl = present.page.url();
    await absent.page.close();
    const notice = present.page.getByTestId('opponent-left');
    await notice.getByText(`${absentName} left the game. It has not really started: you can abort it.`).waitFor({ timeout: TIMEOUT });
    expect(await present.page.getByRole('button', { name: 'Abort' }).isVisible()).toBe(true);
    expect(await present.page.getByRole('button', { name: 'Claim victory' }).count()).toBe(0);

    // Black comes back, completes its turn and leaves again: now the countdown, then the claim
    const back = await absent.context.newPage();
    await back.goto(gameUrl);
    await notice.waitFor({ state: 'detached', timeout: TIMEOUT });
    await playClicks(back, ['e7e5', 'g8f6']);
    await waitMoves(present.page, ['e4', 'e5', 'Nf6']);
    await back.close();
    await notice.getByText(/You can claim victory in \d+ s/).waitFor({ timeout: TIMEOUT });
    expect(await notice.textContent()).toContain(`${absentName} left the game.`);
    expect(await resignTop(present.page)).toBe(top);

    await present.page.getByRole('button', { name: 'Claim victory' }).click({ timeout: TIMEOUT });
    await present.page.getByTestId('game-over').getByText('left the game, and').waitFor({ timeout: TIMEOUT });

    await present.page.getByRole('button', { name: 'New opponent' }).click();
    await present.page.waitForURL((u) => new URL(u).pathname === '/', { timeout: TIMEOUT });
    await present.page.getByTestId('waiting-seek').getByText('Waiting for an opponent').waitFor({ timeout: TIMEOUT });
    expect(await present.page.getByTestId('my-seeks').textContent()).toContain('5+3');
  });
});
