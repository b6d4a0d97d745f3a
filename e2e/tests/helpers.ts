import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Switchboard-1';

/**
 * Signs in as a session the panel's own sign-in call makes (the cookie lands in the page's
 * context), then opens the panel and waits for the shell: for the tests that are not about the
 * login page (about 2 s less each than typing it in; shell.spec signs in through the page).
 */
export async function signIn(page: Page, username: string, baseURL?: string): Promise<void> {
  const base = baseURL ?? '';
  const reply = await page.request.post(`${base}/api/v1/users/auth/login`, { data: { username, password: PASSWORD } });
  expect(reply.status(), await reply.text()).toBe(200);
  await page.goto(`${base}/`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** Signs in through the login page and waits for the shell. */
export async function signInThroughPage(page: Page, username: string, baseURL?: string): Promise<void> {
  await page.goto(`${baseURL ?? ''}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/**
 * Nothing scrolls sideways at the viewport's width (a phone's 390 px): the document grows no wider
 * than the viewport, polled since the layout follows a new width a frame or more later. Given `box`
 * (a table's scrolling wrapper, a list: a locator, or a selector whose first match is taken), its
 * content is no wider than it either, so it does not scroll sideways inside the page.
 */
export async function expectNoSidewaysScroll(page: Page, options: { box?: Locator | string } = {}): Promise<void> {
  const width = page.viewportSize()?.width;
  if (width === undefined) throw new Error('expectNoSidewaysScroll needs a page with a viewport');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `the page is no wider than the viewport (${width} px)`,
    })
    .toBeLessThanOrEqual(width);
  if (options.box === undefined) return;
  const box = typeof options.box === 'string' ? page.locator(options.box).first() : options.box;
  await expect
    .poll(() => box.evaluate((el) => el.scrollWidth - el.clientWidth), {
      message: 'the box does not scroll sideways (its content minus its width, px)',
    })
    .toBeLessThanOrEqual(0);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The count a Dashboard widget shows for an area ('seats', 'time-profiles', 'ems-errors'). */
export async function dashboardCount(page: Page, area: string): Promise<number> {
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  const count = page.getByTestId(`count-${area}`);
  await expect(count).toHaveText(/^\d+$/);
  return Number(await count.textContent());
}

/**
 * Picks an option of a select by its visible label ('201 - Reception', never a stored value such as
 * 'seat:201'): opens the field labelled `label` within `scope`, then the option.
 */
export async function choose(
  scope: Page | Locator,
  label: string | RegExp,
  option: string | RegExp,
  labelOptions?: { exact?: boolean },
): Promise<void> {
  const field = scope.getByLabel(label, labelOptions);
  // Read before the click: a select's open menu hides the rest of the page (a dialog included).
  const searched = (await field.getAttribute('aria-autocomplete')) === 'list';
  await field.click();
  const page = 'page' in scope ? scope.page() : scope;
  // A server-searched picker (an autocomplete) offers a page at a time: the option is searched for.
  if (searched) {
    // The list says Loading… while a search is asked for or awaited (it waits for typing to pause).
    const loading = page.locator('.MuiAutocomplete-loading');
    // First the opened list's own page: arriving after the typing, it puts the held choice back in the field.
    await expect(loading).toHaveCount(0);
    // The name after '201 - ' (a seat search looks in each column, not in the whole label).
    const term = typeof option === 'string' ? (option.split(' - ').pop() ?? option) : option.source;
    await field.first().fill(term.replace(/[^\w -]/g, '').trim());
    await expect(loading).toHaveCount(0);
  }
  // The option named exactly, when there is one ('201 - Reception', not 'Voicemail 201 - Reception').
  const options = page.getByRole('option', { name: option });
  await expect(options.first()).toBeVisible();
  const exact = page.getByRole('option', { name: option, exact: true });
  await (typeof option === 'string' && (await exact.count()) > 0 ? exact : options).click();
}

/**
 * Types digits into a date-time picker labelled `label` (DD/MM/YYYY HH:mm): from its first section,
 * each section taking its digits in turn ('050320271200' is 05/03/2027 12:00; fewer leave it unfinished).
 */
export async function typeDateTime(scope: Page | Locator, label: string, digits: string): Promise<void> {
  const field = scope.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.keyboard.type(digits);
}

/** Opens a list page from the sidebar and waits for its heading. */
export async function openList(page: Page, name: string): Promise<void> {
  await sidebar(page).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Opens a numbered list's range add; answers the modal and its From, the next free number. */
export async function openRangeAdd(page: Page): Promise<{ dialog: Locator; from: number }> {
  await page.getByRole('button', { name: /^Add/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('From')).toHaveValue(/^\d+$/);
  return { dialog, from: Number(await dialog.getByLabel('From').inputValue()) };
}

/** Range-adds `count` records named `name` from the next free number; answers the first number. */
export async function rangeAdd(page: Page, name: string, count = 1, nameLabel = 'Name'): Promise<number> {
  const { dialog, from } = await openRangeAdd(page);
  if (count > 1) await dialog.getByLabel('To', { exact: true }).fill(String(from + count - 1));
  await dialog.getByLabel(nameLabel).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  for (let n = from; n < from + count; n++) {
    await expect(dialog.getByText(`${n} - ${name} created successfully`)).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  return from;
}

/** Ticks the rows named by `rows`, then Delete and its confirm; answers the modal with the results. */
export async function deleteRows(page: Page, ...rows: RegExp[]): Promise<Locator> {
  for (const name of rows) {
    await page.getByRole('row', { name }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: /Delete|Confirm/ })
    .last()
    .click();
  return dialog;
}

/** In an open range add: eleven at once are refused with the area's message ('call groups'). */
export async function rangeRefusesEleven(dialog: Locator, from: number, name: string, plural: string): Promise<void> {
  await dialog.getByLabel('To', { exact: true }).fill(String(from + 10));
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    dialog.getByText(
      `You cannot add more than 10 ${plural} at one time, please contact your account manager to add more`,
    ),
  ).toBeVisible();
}
