/**
 * The Direct Debit wizard (issue 13) as the retail account (already postpay: the prepay → postpay
 * change is the API tests', so the demo's prepay account stays prepay for the other specs).
 */
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

test('direct debit: the checks, the address and bank look-ups, a mismatch, then a Pending mandate', async ({
  page,
}) => {
  await signIn(page, 'retail');
  await page.goto('/invoice');
  await page.getByRole('link', { name: 'Direct Debit' }).click();
  await expect(page.getByRole('heading', { name: 'Direct Debit' })).toBeVisible();
  await expect(page.getByText('You have no Direct Debit set up.')).toBeVisible();
  await page.getByRole('button', { name: 'Set Up Direct Debit' }).click();
  const wizard = page.getByRole('dialog', { name: 'Direct Debit' });
  const next = wizard.getByRole('button', { name: 'Next' });

  // Not the sole signatory: the flow ends with the dual-signatory message.
  await wizard
    .getByRole('radiogroup', { name: /in your name/ })
    .getByLabel('Yes')
    .check();
  await wizard
    .getByRole('radiogroup', { name: /only person/ })
    .getByLabel('No')
    .check();
  await expect(wizard.getByText(/cannot be set up online/)).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard
    .getByRole('radiogroup', { name: /only person/ })
    .getByLabel('Yes')
    .check();
  await next.click();

  await wizard.getByLabel('First Name').fill('Alice');
  await wizard.getByLabel('Last Name').fill('Morgan');
  await wizard.getByLabel('Company').fill('Acme Plumbing Ltd');
  await wizard.getByLabel('Telephone').fill('01214960000');
  await wizard.getByLabel('Postcode').fill('LS1 4AP');
  await wizard.getByRole('button', { name: 'Find Address' }).click();
  await wizard.getByRole('combobox', { name: 'Address' }).click();
  await page.getByRole('option', { name: '2 Park Row, Leeds' }).click();
  await expect(wizard.getByLabel('City')).toHaveValue('Leeds');
  await next.click();

  await wizard.getByLabel('Account Holder Name').fill('Acme Plumbing Ltd');
  await wizard.getByLabel('Sort Code').fill('20-00-00');
  await wizard.getByLabel('Account Number').fill('31926819');
  await wizard.getByLabel('Account Holder Name').click();
  await expect(
    wizard.getByText('Account number and sort code do not match any GB bank. Please confirm the details are correct'),
  ).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Account Number').fill('41011166');
  await wizard.getByLabel('Account Holder Name').click();
  await expect(wizard.getByText('Bank: Barclays Bank')).toBeVisible();
  await next.click();

  const create = wizard.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await wizard.getByLabel(/I confirm I may authorise debits/).check();
  await page.screenshot({ path: 'test-results/direct-debit-confirm.png' });
  await create.click();
  await expect(wizard.getByText(/Your direct debit has been set up/)).toBeVisible();
  await wizard.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Your Direct Debit (Pending)')).toBeVisible();
  await expect(page.getByText('Barclays Bank, account ending 1166')).toBeVisible();
});
