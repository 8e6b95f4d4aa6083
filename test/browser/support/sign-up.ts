import type { Page } from 'playwright-core';

/** Signs `username` up from the page (password "a long password"); resolves once the header shows the account. */
export async function signUp(page: Page, url: string, username: string): Promise<void> {
  await page.goto(`${url}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(new RegExp(`/@/${username}$`));
  await page.locator('[data-testid="user-menu"]', { hasText: username }).waitFor();
}
