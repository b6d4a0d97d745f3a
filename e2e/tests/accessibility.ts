/**
 * The accessibility check of a page: axe-core's WCAG 2.0 / 2.1 A and AA rules over what is on screen
 * (an open dialog or drawer included), failing with each rule broken and the elements that break it.
 *
 * axe-core is loaded once per document (evaluated: the content security policy lets no inline
 * script in) and run in place, well under a second a check. The @axe-core/playwright builder
 * injects it again into every frame on every check and finishes each run in a new blank page: 4 to
 * 7 seconds a check, minutes over the tour of every page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';

declare global {
  interface Window {
    axe?: typeof Axe;
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** The violations as lines: rule id, what it asks, and each element (its selector and axe's summary). */
export function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((v) => [
    `${v.id}: ${v.help}`,
    ...v.nodes.map((n) => `  ${n.target}${n.summary ? ` — ${n.summary}` : ''}`),
  ]);
}

/**
 * Fails the test when axe finds any WCAG 2 A / AA violation on the page as it is now (`where` names
 * it); a soft failure, so a tour goes on and reports every page that has one.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags): Promise<Violation[]> => {
    if (!window.axe) throw new Error('axe-core is not loaded');
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' > '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
      })),
    }));
  }, WCAG_AA);
  expect.soft(describeViolations(violations), `axe (WCAG 2 A/AA) on ${where}`).toEqual([]);
}
