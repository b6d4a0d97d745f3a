/**
 * The tests' `test`: on the main panel of its worker (playwright.config.ts), and an uncaught page
 * error or a console error fails the test (the browser's own 'Failed to load resource' line for a
 * request the server refused, as the test meant, aside).
 */
import { test as base, expect } from '@playwright/test';
import { MAIN_URLS } from '../playwright.config.ts';

/** The main panel of the running test's worker. */
export const panelURL = (): string => MAIN_URLS[test.info().parallelIndex] ?? MAIN_URLS[0] ?? '';

export const test = base.extend<{ noConsoleErrors: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(panelURL());
  },
  noConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      await use(undefined);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
