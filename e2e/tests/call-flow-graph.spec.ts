import type { Locator } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { choose, signIn } from './helpers.ts';

/** The zoom the graph opens at, at least (graph-viewport.ts READABLE_ZOOM): its captions read without zooming. */
const READABLE = 0.8;
/** The graph's zoom: the scale of React Flow's viewport transform. */
const zoomOf = (graph: Locator) =>
  graph.locator('.react-flow__viewport').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
/** Whether every one of `nodes` lies wholly within the graph's box (on screen in it, not panned away). */
async function allWithin(graph: Locator, nodes: Locator): Promise<boolean> {
  const outer = await graph.boundingBox();
  const boxes = await Promise.all((await nodes.all()).map((n) => n.boundingBox()));
  return (
    outer !== null &&
    boxes.length > 0 &&
    boxes.every(
      (b) =>
        b !== null &&
        b.x >= outer.x &&
        b.y >= outer.y &&
        b.x + b.width <= outer.x + outer.width &&
        b.y + b.height <= outer.y + outer.height,
    )
  );
}

test.describe('Call flow graph', () => {
  test('draws the demo main number, highlights Saturday 10:00’s closed path, and a node opens its page', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'retail');
    await page.goto('/call-flow');
    await choose(page, 'Number or destination', /^01214960000/);
    const graph = page.getByRole('figure', { name: 'Call flow graph' });
    const nodes = graph.getByTestId('graph-node');
    // The whole routing: both sides of office hours, the menu, the group, the queue, the weekend cover.
    await expect(nodes.filter({ hasText: 'Office hours' })).toBeVisible();
    for (const name of [
      '370 - Main menu',
      'Sales team',
      'Customer support',
      '301 - Weekend cover',
      'Out of hours engineer',
    ]) {
      await expect(nodes.filter({ hasText: name })).toHaveCount(1);
    }
    await expect(nodes.filter({ hasText: 'Mon–Fri 09:00–17:30' })).toBeVisible();
    await expect(graph.locator('.routing-edge-label', { hasText: 'closed' }).first()).toBeVisible();
    await expect(graph.locator('.react-flow__minimap')).toBeVisible();
    await expect(graph.locator('[data-on-path]')).toHaveCount(0);
    // A laptop opens it readable (not shrunk to fit: 6 layers), the start and where it leads in view.
    const start = nodes.filter({ hasText: '· start' });
    await expect(start).toHaveCount(1);
    // Its name whole, not ellipsised.
    const name = start.getByRole('link', { name: '01214960000 (Main line)' }).locator('..');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect.poll(() => allWithin(graph, nodes.filter({ hasText: /start|Office hours/ }))).toBe(true);
    expect(await zoomOf(graph)).toBeGreaterThanOrEqual(READABLE);

    await page.getByRole('button', { name: 'Saturday 10:00' }).click();
    await page.getByRole('button', { name: 'Trace' }).click();
    await expect(page.getByRole('list', { name: 'Steps' })).toBeVisible();
    // The path: the number → 'Office hours' (closed) → 'Weekend cover' (open) → seat 205.
    const onPath = graph.locator('[data-on-path]');
    await expect(onPath).toHaveCount(4);
    await expect(onPath.filter({ hasText: 'Weekend cover' })).toHaveCount(1);
    await expect(onPath.filter({ hasText: '205 - On-call' })).toHaveCount(1);
    await expect(onPath.filter({ hasText: 'Main menu' })).toHaveCount(0);
    await expect(graph.locator('.react-flow__edge.on-path')).toHaveCount(3);
    await expect(graph.locator('.react-flow__edge.on-path', { hasText: 'closed' })).toHaveCount(1);
    // The traced path in view, readable, from its start to seat 205.
    await expect.poll(() => allWithin(graph, onPath)).toBe(true);
    expect(await zoomOf(graph)).toBeGreaterThanOrEqual(READABLE);
    await page.screenshot({ path: 'test-results/screens/call-flow-graph-1280.png', fullPage: true });
    await expectAccessible(page, '/call-flow with its graph');

    await page.setViewportSize({ width: 390, height: 844 });
    await graph.scrollIntoViewIfNeeded();
    await expect(graph.locator('.react-flow__minimap')).toHaveCount(0);
    await expect(graph.getByRole('button', { name: /fit view/i })).toBeVisible();
    // A phone opens it readable too, on the traced path's start (panned from there).
    await expect.poll(() => allWithin(graph, start)).toBe(true);
    expect(await zoomOf(graph)).toBeGreaterThanOrEqual(READABLE);
    await page.screenshot({ path: 'test-results/screens/call-flow-graph-390.png' });
    await expectAccessible(page, '/call-flow with its graph at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A node opens its object's page, whose Call Flow tab draws its own routing.
    await nodes.filter({ hasText: '301 - Weekend cover' }).click();
    await expect(page).toHaveURL(/\/time-profiles\/\d+$/);
    await expect(page.getByRole('heading', { name: /Weekend cover/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Call Flow' }).click();
    const own = page.getByRole('figure', { name: 'Call flow graph' });
    // The cover's seat and its voicemail, the engineer's NTS, and the seat's no-answer divert outside.
    await expect(own.getByTestId('graph-node')).toHaveCount(5);
    await expect(own.getByTestId('graph-node').filter({ hasText: 'Sat 08:00–16:00, Sun 10:00–14:00' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/call-flow-graph-tab.png' });
    await expectAccessible(page, 'a time profile’s Call Flow tab');
  });
});
