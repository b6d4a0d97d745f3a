import { readFile } from 'node:fs/promises';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { choose, sidebar, signIn } from './helpers.ts';

/** A 1×1 PNG: what the server takes for a PNG by its content. */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'),
]);

/** Letters only (names allow letters and apostrophes): a name of this run. */
const lettersOf = (n: number) =>
  n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
    .join('');

test.describe('international addresses', () => {
  test('wholesale: add an address with a proof, download its proofs, and link a number', async ({ page }) => {
    const surname = `Tester${lettersOf(Date.now() % 1_000_000)}`;
    await signIn(page, 'reseller');
    await sidebar(page).getByRole('link', { name: 'International Addresses' }).click();
    await expect(page.getByRole('heading', { name: 'International Addresses' })).toBeVisible();
    // The demo's address with its proof.
    const demo = page.getByRole('table', { name: 'Addresses' }).getByRole('row', { name: /Rachel Reid/ });
    await expect(demo).toBeVisible();
    await expect(page.getByRole('table', { name: 'Documents' }).getByText('utility-bill.pdf')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/international-documentation.png', fullPage: true });
    await expectAccessible(page, 'international addresses: documentation');

    // Every rule says its message before anything is sent.
    await page.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This is a required field').first()).toBeVisible();
    await expect(
      dialog.getByText('Please accept that you are aware of the regulation requirements before continuing.'),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: /^First Name/ }).fill('Jean Paul');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Only letters and apostrophes are allowed')).toBeVisible();

    for (const [label, value] of [
      ['Title', 'Mr'],
      ['First Name', "D'Arcy"],
      ['Last Name', surname],
      ['Address Line 1', '8 Rue Cler'],
      ['Address Line 2', 'Paris'],
      ['County', 'Ile de France'],
      ['Country', 'France'],
      ['Postcode', '75007'],
    ] as const) {
      await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    }
    await choose(dialog, 'Regulations of', 'France');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // France asks for proof: its type and document are required.
    await expect(dialog.getByText('This is a required field').first()).toBeVisible();
    await choose(dialog, 'Proof Type', 'Passport');
    await dialog
      .getByLabel('Choose PDF, JPEG or PNG')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('checkbox').check();
    await page.screenshot({ path: 'test-results/screens/international-address-form.png' });
    await expectAccessible(page, 'international addresses: the address form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Documents added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Its proofs as one ZIP holding the uploaded file.
    const row = page.getByRole('table', { name: 'Addresses' }).getByRole('row', { name: new RegExp(surname) });
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download Proofs' }).click();
    const download = await downloading;
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('passport.png'))).toBe(true);
    expect(zip.includes(PNG)).toBe(true);

    // The linked-numbers modal and its add-link action.
    await row.getByRole('button', { name: 'Numbers (0)' }).click();
    const links = page.getByRole('dialog');
    await expect(links.getByText('There are no records to show')).toBeVisible();
    await choose(links, 'Telephone Number', /\+33199000001/);
    await links.getByRole('button', { name: 'Add Link' }).click();
    await expect(links.getByText('Telephone number linked successfully')).toBeVisible();
    await expect(
      links.getByRole('table', { name: 'Linked telephone numbers' }).getByText('+33199000001'),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/international-links.png' });
    await expectAccessible(page, 'international addresses: linked numbers');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/international-links-390.png' });
    await links.getByRole('button', { name: 'Close' }).click();
    // Narrow, each address is a card.
    const card = page.getByRole('list', { name: 'Addresses' }).getByRole('listitem').filter({ hasText: surname });
    await expect(card.getByRole('button', { name: 'Numbers (1)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/international-documentation-390.png', fullPage: true });

    // The International Restrictions tab.
    await page.getByRole('tab', { name: 'International Restrictions' }).click();
    const france = page.getByRole('table', { name: 'International restrictions' }).getByRole('row', { name: /France/ });
    await expect(france).toContainText('An address in the country');
    await expect(france).toContainText('+33');
    await page.screenshot({ path: 'test-results/screens/international-restrictions-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/screens/international-restrictions.png', fullPage: true });
    await expectAccessible(page, 'international addresses: restrictions');
  });

  test('retail: international is not for them (spec 3 §6)', async ({ page }) => {
    await signIn(page, 'retail');
    await expect(sidebar(page).getByRole('link', { name: 'International Addresses' })).toHaveCount(0);
    await page.goto('/international-addresses');
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  });
});
