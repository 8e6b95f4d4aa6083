import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { botToken } from '../support/api-accounts.js';
import { chromiumAvailable, clickMove } from './support/browser.js';
import { moveSans } from './support/reconnect.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();
const PCHESS = fileURLToPath(new URL('../../shared/bin/pchess.js', import.meta.url));

/** A bot account on the server (as its owner would make it: account, token, upgrade) played by `pchess bot`. */
async function startBot(url: string, username: string): Promise<ChildProcess> {
  const token = await botToken(url, username);
  const engine = `"${process.execPath}" "${PCHESS}" engine --level 1`;
  return spawn(process.execPath, [PCHESS, 'bot', '--server', url, '--token', token, '--engine', engine], { stdio: 'ignore' });
}

describe.runIf(run)('browser: a person challenges a bot from its profile and plays it', () => {
  const ctx = twoPlayers({ database: true });
  let bot: ChildProcess | null = null;
  afterAll(() => {
    bot?.kill();
  });

  it('the profile says BOT; the challenge is accepted by the program, and it answers the first move with its series', async () => {
    const { server, alice } = ctx;
    const page = alice.page;
    bot = await startBot(server.url, 'enginebot');
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/@\/alice$/);

    await page.goto(`${server.url}/@/enginebot`);
    await page.locator('[data-testid="profile-name"] .bot-badge', { hasText: 'BOT' }).waitFor();
    await page.getByRole('button', { name: 'Challenge', exact: true }).click();
    const form = page.getByRole('form', { name: 'Challenge enginebot' });
    await form.locator('label.chip', { hasText: 'White' }).click();
    await form.getByRole('button', { name: 'Challenge enginebot' }).click();
    await page.waitForURL(/\/game\//, { timeout: 30_000 });
    await page.locator('.bar[data-color="black"]', { hasText: 'enginebot' }).locator('.bot-badge').waitFor();

    await clickMove(page, 'e2e4');
    // Black's turn 2 is two moves: the bot's series arrives
    await expect.poll(async () => (await moveSans(page)).length, { timeout: 30_000 }).toBe(3);
  }, 120_000);
});
