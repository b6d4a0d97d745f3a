import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Switchboard-1';

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, username: string, baseURL?: string): Promise<void> {
  await page.goto(`${baseURL ?? ''}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}
