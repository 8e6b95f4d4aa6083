import { describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove } from './support/browser.js';
import { clockSeconds, expectClocksAgree, newTable, notices, playClicks, suite, waitBadge, waitMoves } from './support/reconnect.js';

const run = chromiumAvailable();

/** 1.e4 2.e5 Nf6: White's third series (three moves) comes next. */
const OPENING = ['e4', 'e5', 'Nf6'];

describe.runIf(run)('browser: a player (and a spectator) offline, then online again', () => {
  const t = suite();

  it('2 s offline in its own series: the moves made meanwhile are all sent once, in order, when the connection is back', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    await white.context.setOffline(true);
    await waitBadge(white.page, 'Offline, reconnecting…');
    await playClicks(white.page, ['d2d4', 'b1c3', 'f1c4']);
    await white.page.waitForTimeout(2000);
    await white.context.setOffline(false);
    await waitBadge(white.page, 'Online');
    const all = [...OPENING, 'd4', 'Nc3', 'Bc4'];
    // Before, the snapshot of the reconnection dropped the moves not sent yet: Bc4 vanished, unsaid.
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await black.page.getByTestId('series-label').filter({ hasText: 'Move 1 of 4' }).waitFor();
    await white.page.waitForTimeout(1000);
    for (const p of [white, black, spectator]) expect(await waitMoves(p.page, all)).toBeUndefined();
    expect(await notices(white.page)).toBe('');
    await spectator.context.close();
  });

  it('40 s offline in its own series: a move made offline is taken back and said not sent; nothing is sent twice; the clocks agree again', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    await playClicks(white.page, ['d2d4']);
    await white.context.setOffline(true);
    await waitBadge(white.page, 'Offline, reconnecting…');
    await playClicks(white.page, ['b1c3']);
    // The request waits for the connection 10 s, then the page says the move was not sent.
    await white.page.getByTestId('notice').filter({ hasText: 'Not sent: there is no connection to the server.' }).waitFor({ timeout: 15_000 });
    await waitMoves(white.page, [...OPENING, 'd4']);
    // The opponent is told White is away, and so is White's own bar (it said connected).
    await black.page.locator('.bar[data-color="white"] .away', { hasText: 'offline' }).waitFor();
    await white.page.locator('.bar[data-color="white"] .away', { hasText: 'offline' }).waitFor();
    await white.page.waitForTimeout(28_000);
    expect(await white.page.getByTestId('connection').innerText()).toBe('Offline, reconnecting…');
    await white.context.setOffline(false);
    await waitBadge(white.page, 'Online');
    // Back online, the notice of the outage goes; the move is on no page, and can be played now, once.
    await white.page.getByTestId('notice').waitFor({ state: 'detached', timeout: 15_000 });
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4']);
    await expectClocksAgree([white, black, spectator], 'white');
    expect(await clockSeconds(black.page, 'white')).toBeLessThan(5 * 60 + 3 - 38);
    for (const p of [white, black]) await p.page.locator('.bar[data-color="white"] .away').waitFor({ state: 'detached' });
    await playClicks(white.page, ['b1c3']);
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4', 'Nc3']);
    await spectator.context.close();
  }, 120_000);

  it('2 s offline in the opponent series, premoves queued while offline: back online, they are played once', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], []);
    await playClicks(black.page, ['e7e5']);
    await waitMoves(white.page, ['e4', 'e5']);
    await white.context.setOffline(true);
    await waitBadge(white.page, 'Offline, reconnecting…');
    await clickMove(white.page, 'd2d4');
    await clickMove(white.page, 'b1c3');
    await white.page.locator('.notices', { hasText: '2 premoves queued for your series' }).waitFor();
    await playClicks(black.page, ['g8f6']);
    await white.page.waitForTimeout(2000);
    await white.context.setOffline(false);
    const all = [...OPENING, 'd4', 'Nc3'];
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await white.page.getByTestId('series-label').filter({ hasText: 'Move 3 of 3' }).waitFor();
    await white.page.waitForTimeout(1000);
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    expect(await notices(white.page)).toBe('');
    await spectator.context.close();
  });

  it('40 s offline in the opponent series with premoves queued: back online, the premoves are played once when its series comes', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], []);
    await playClicks(black.page, ['e7e5']);
    await waitMoves(white.page, ['e4', 'e5']);
    await clickMove(white.page, 'd2d4');
    await clickMove(white.page, 'b1c3');
    await white.page.locator('.notices', { hasText: '2 premoves queued for your series' }).waitFor();
    await white.context.setOffline(true);
    await waitBadge(white.page, 'Offline, reconnecting…');
    await playClicks(black.page, ['g8f6']);
    await white.page.waitForTimeout(40_000);
    // Offline, the page knows nothing of Black's last move: the queue waits.
    await waitMoves(white.page, ['e4', 'e5']);
    await white.context.setOffline(false);
    await waitBadge(white.page, 'Online');
    const all = [...OPENING, 'd4', 'Nc3'];
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await white.page.getByTestId('series-label').filter({ hasText: 'Move 3 of 3' }).waitFor();
    await white.page.waitForTimeout(1000);
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await expectClocksAgree([white, black, spectator], 'white');
    await spectator.context.close();
  }, 120_000);

  it('40 s offline, the player and a spectator, while the opponent plays its series and resigns: back online both see the moves, the result and the clocks', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], []);
    await clickMove(white.page, 'd2d4');
    await white.context.setOffline(true);
    await spectator.context.setOffline(true);
    await playClicks(black.page, ['e7e5', 'g8f6']);
    await black.page.waitForTimeout(3000);
    await black.page.getByRole('button', { name: 'Resign' }).click();
    await black.page.getByRole('button', { name: 'Yes, resign' }).click();
    await white.page.waitForTimeout(37_000);
    await waitBadge(spectator.page, 'Offline, reconnecting…');
    await white.context.setOffline(false);
    await spectator.context.setOffline(false);
    for (const p of [white, black, spectator]) {
      await p.page.getByTestId('game-over').filter({ hasText: 'Black resigned' }).waitFor({ timeout: 15_000 });
      await waitMoves(p.page, OPENING);
    }
    await expectClocksAgree([white, black, spectator], 'white');
    await expectClocksAgree([white, black, spectator], 'black');
    // The spectator who came back is counted once.
    for (const p of [white, black, spectator]) await p.page.getByTestId('spectators').filter({ hasText: /^1 spectator$/ }).waitFor();
    await spectator.context.close();
  }, 120_000);
});
