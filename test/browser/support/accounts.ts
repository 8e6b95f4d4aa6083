import type { Page } from 'playwright-core';

/** Signs up on the page's identity through the form; waits until the profile page shows the account signed in. */
export async function signUp(page: Page, url: string, username: string, password = 'a long password'): Promise<void> {
  await page.goto(`${url}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(new RegExp(`/@/${username}$`));
  await page.locator('[data-testid="user-menu"]', { hasText: username }).waitFor();
}
