/**
 * Tariff and call costs (issue 27): the retail holder looks up a call cost (refused first with the
 * spec's message), opens the call tariff PDF in the viewer and downloads the CSV; a provider admin
 * edits a rate of the deck and the look-up answers it. Each page checked with axe, also at 390 px.
 */
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

test.describe('tariff', () => {
  test('the retail holder looks up a call cost and opens the tariff PDF', async ({ page }) => {
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Tariff' }).click();
    await expect(page).toHaveURL(/\/tariff$/);
    await expect(page.getByRole('heading', { name: 'Tariff', level: 1 })).toBeVisible();

    const number = page.getByRole('textbox', { name: 'Telephone Number' });
    await number.fill('+44 7700 900123');
    await page.getByRole('button', { name: 'Look Up' }).click();
    await expect(page.getByText('Please enter a valid telephone number.')).toBeVisible();

    await number.fill('07700900123');
    await page.getByRole('button', { name: 'Look Up' }).click();
    const rates = page.getByRole('table', { name: 'Rates for UK Mobile' });
    await expect(rates).toBeVisible();
    await expect(rates.getByRole('row', { name: /On-peak \(per min\)\s*2.50p/ })).toBeVisible();
    await expect(page.getByText(/A 3-minute call now \(.+\) costs £0.08 ex/)).toBeVisible();
    await expect(page.getByText('Call tariff (PDF)')).toBeVisible();
    await expectAccessible(page, '/tariff with a look-up');
    await page.screenshot({ path: 'test-results/tariff.png', fullPage: true });

    const csv = page.waitForEvent('download');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Call tariff (CSV)' })
      .getByRole('button', { name: 'Download' })
      .click();
    expect((await csv).suggestedFilename()).toBe('call-tariff.csv');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rates).toBeVisible();
    await page.screenshot({ path: 'test-results/tariff-390.png', fullPage: true });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/tariff\/call-tariff\.pdf\/2$/);
    await expect(page.getByRole('heading', { name: 'Call tariff (PDF)' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toHaveText('Dashboard/Tariff/Call tariff (PDF)');
    const frame = page.locator('iframe[title="Call tariff (PDF)"]');
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await expectAccessible(page, 'the tariff PDF viewer');
    await page.screenshot({ path: 'test-results/tariff-pdf.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(frame).toBeVisible();
    await page.screenshot({ path: 'test-results/tariff-pdf-390.png', fullPage: true });
    await expectNoSidewaysScroll(page);
  });

  test('a provider admin edits a rate and the look-up answers the new rate', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/tariff');
    await expect(page.getByRole('heading', { name: 'Rate Deck' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search destination or prefix' }).fill('Corporate');
    await page.getByRole('button', { name: 'Edit UK Corporate (055) (4455)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit rate 4455' });
    const onPeak = dialog.getByRole('textbox', { name: 'On-peak (per min)', exact: true });
    await onPeak.fill('5.5p');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a rate in pence with up to two decimals, e.g. 1.25')).toBeVisible();
    await expectAccessible(page, 'the rate dialog');
    await onPeak.fill('5.75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Rate updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Rate deck' }).getByRole('cell', { name: '5.75p' })).toBeVisible();
    await page.screenshot({ path: 'test-results/tariff-rate-deck.png', fullPage: true });

    // The SMS rate, edited where the call rates are: checked, saved with the rate's version.
    await page.getByRole('textbox', { name: 'Search destination or prefix' }).fill('447');
    await page.getByRole('button', { name: 'Edit UK Mobile (447)' }).click();
    const mobile = page.getByRole('dialog', { name: 'Edit rate 447' });
    const sms = mobile.getByRole('textbox', { name: 'SMS (per message part)' });
    await expect(sms).toHaveValue('4.00');
    await sms.fill('4.255');
    await mobile.getByRole('button', { name: 'Save' }).click();
    await expect(
      mobile.getByText(
        'Please enter an SMS rate in pence with up to two decimals, e.g. 4.00, or leave it empty for no texts',
      ),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/tariff-sms-rate.png' });
    await sms.fill('4.25');
    await mobile.getByRole('button', { name: 'Save' }).click();
    await expect(mobile).toBeHidden();
    const row = page.getByRole('table', { name: 'Rate deck' }).getByRole('row', { name: /^447 UK Mobile/ });
    await expect(row.getByRole('cell', { name: '4.25p' })).toBeVisible();
    // Put back as it was.
    await page.getByRole('button', { name: 'Edit UK Mobile (447)' }).click();
    await page
      .getByRole('dialog', { name: 'Edit rate 447' })
      .getByRole('textbox', { name: 'SMS (per message part)' })
      .fill('4.00');
    await page.getByRole('dialog', { name: 'Edit rate 447' }).getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('cell', { name: '4.00p' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Telephone Number' }).fill('05512345678');
    await page.getByRole('button', { name: 'Look Up' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Rates for UK Corporate (055)' })
        .getByRole('row', { name: /On-peak \(per min\)\s*5.75p/ }),
    ).toBeVisible();
  });
});
