import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { smtpMailer } from '../../server/src/mail/mailer.js';
import { linkIn, startSmtpSink } from '../support/smtp-sink.js';
import { chromiumAvailable, launchChromium, openPlayer } from './support/browser.js';
import { startServer } from './support/server.js';
import { signUp } from './support/accounts.js';

const run = chromiumAvailable();

describe.runIf(run)('browser: a lost password, recovered by e-mail', () => {
  let browser: Browser;
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await db?.close();
  });

  it('Alice verifies her address in the settings, forgets her password, and sets a new one from the mailed link', async () => {
    const smtp = await startSmtpSink();
    const server = await startServer({ database: db, mailer: smtpMailer(smtp.url, 'Progressive Chess <noreply@example.test>') });
    try {
      const { page } = await openPlayer(browser, server.url, 'Alice');
      await signUp(page, server.url, 'alice');
      await page.goto(`${server.url}/settings`);
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('alice@example.test');
      await page.getByRole('button', { name: 'Send a confirmation link' }).click();
      await page.goto(`${server.url}${linkIn(await smtp.next(), '/api/account/email/verify?token=')}`);
      await page.waitForURL(`${server.url}/?email=verified`);
      await page.goto(`${server.url}/settings`);
      await page.locator('[data-testid="email-state"]', { hasText: 'alice@example.test: verified' }).waitFor();

      await page.locator('[data-testid="user-menu"] button.who').click();
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Lost your password?' }).click();
      await page.getByLabel('Username or e-mail address').fill('alice');
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await page.locator('[data-testid="recover-note"]', { hasText: 'a link to choose a new password is on its way' }).waitFor();

      await page.goto(`${server.url}${linkIn(await smtp.next(), '/reset-password?token=')}`);
      await page.getByLabel('New password', { exact: true }).fill('a brand new password');
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.locator('[data-testid="recover-note"]', { hasText: 'Your password is changed' }).waitFor();

      await page.goto(`${server.url}/login`);
      await page.getByLabel('Username').fill('alice');
      await page.getByLabel('Password').fill('a brand new password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.locator('[data-testid="user-menu"] button.who', { hasText: 'alice' }).waitFor();
    } finally {
      await server.close();
    }
  });
});
