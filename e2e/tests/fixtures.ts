/**
 * The tests' `test`: an uncaught page error or a console error fails the test (the browser's own
 * 'Failed to load resource' line for a request the server refused, as the test meant, aside).
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ noConsoleErrors: undefined }>({
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
