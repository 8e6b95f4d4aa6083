import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutRedis, startRedis, type RedisHandle } from '../support/redis-server.js';
import { chromiumAvailable, clickMove, launchChromium, openPlayer, type Player } from './support/browser.js';
import { expectClocksAgree, newTable, notices, playClicks, redisBackedServer, waitBadge, waitMoves, type RestartableServer, type Suite } from './support/reconnect.js';

const run = chromiumAvailable() && !skipWithoutRedis();
/** A port of this suite's own range: the pages reconnect to the same address after the restart. */
const PORT = 4201;

const OPENING = ['e4', 'e5', 'Nf6'];

describe.runIf(run)('browser: the game server restarts (Redis store): the pages reconnect and the game goes on', () => {
  let redis: RedisHandle;
  let server: RestartableServer;
  let browser: Browser;
  let alice: Player;
  let bob: Player;
  const t = {} as Suite;

  beforeAll(async () => {
    redis = await startRedis();
    server = await redisBackedServer(redis.url, PORT);
    browser = await launchChromium();
    alice = await openPlayer(browser, server.url, 'Alice');
    bob = await openPlayer(browser, server.url, 'Bob');
    Object.assign(t, { server, browser, alice, bob });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await redis?.stop();
  });

  async function restart(pages: readonly Player[], during: () => Promise<void> = async () => undefined): Promise<void> {
    await server.stop();
    for (const p of pages) await waitBadge(p.page, /Offline|Connecting/);
    await during();
    await server.start();
    for (const p of pages) await waitBadge(p.page, 'Online');
  }

  it('mid-series: the moves stay, a move made while the server is down is sent once, the rest is played', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    await playClicks(white.page, ['d2d4']);
    await waitMoves(spectator.page, [...OPENING, 'd4']);
    await restart([white, black, spectator], () => playClicks(white.page, ['b1c3']));
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4', 'Nc3']);
    await playClicks(white.page, ['f1c4']);
    const all = [...OPENING, 'd4', 'Nc3', 'Bc4'];
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await black.page.getByTestId('series-label').filter({ hasText: 'Move 1 of 4' }).waitFor();
    await expectClocksAgree([white, black, spectator], 'black');
    expect(await notices(white.page)).not.toContain('not');
    await spectator.context.close();
  });

  it('down longer than a request waits: a move made meanwhile is said not sent, and can be played once the server is back', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    await restart([white, black, spectator], async () => {
      await playClicks(white.page, ['d2d4']);
      await white.page.getByTestId('notice').filter({ hasText: 'Not sent: there is no connection to the server.' }).waitFor({ timeout: 15_000 });
      await waitMoves(white.page, OPENING);
    });
    await white.page.getByTestId('notice').waitFor({ state: 'detached', timeout: 15_000 });
    for (const p of [white, black, spectator]) await waitMoves(p.page, OPENING);
    await playClicks(white.page, ['d2d4']);
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4']);
    await spectator.context.close();
  });

  it("in the opponent's series with premoves queued: after the restart the opponent finishes and the premoves are played", async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5']);
    await clickMove(white.page, 'd2d4');
    await clickMove(white.page, 'b1c3');
    await white.page.locator('.notices', { hasText: '2 premoves queued for your series' }).waitFor();
    await restart([white, black, spectator]);
    await playClicks(black.page, ['g8f6']);
    const all = [...OPENING, 'd4', 'Nc3'];
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await white.page.getByTestId('series-label').filter({ hasText: 'Move 3 of 3' }).waitFor();
    await expectClocksAgree([white, black, spectator], 'white');
    await spectator.context.close();
  });

  it('the lobby: an open seek survives the restart and can be accepted after it', async () => {
    for (const p of [alice, bob]) await p.page.goto(server.url);
    await alice.page.locator('label.chip', { hasText: '10+5' }).first().click();
    await alice.page.getByRole('button', { name: 'Create game' }).click();
    await alice.page.getByTestId('waiting-seek').waitFor();
    await bob.page.getByRole('button', { name: 'Play Alice' }).waitFor();
    await restart([alice, bob]);
    await alice.page.getByTestId('waiting-seek').waitFor();
    await bob.page.getByRole('button', { name: 'Play Alice' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
  });
});
