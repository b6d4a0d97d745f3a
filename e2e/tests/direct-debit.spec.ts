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

  // Your Details start from the account.
  await expect(wizard.getByLabel('First Name')).toHaveValue('Alice');
  await expect(wizard.getByLabel('Last Name')).toHaveValue('Morgan');
  await expect(wizard.getByLabel('Company')).toHaveValue('Acme Plumbing Ltd');
  await expect(wizard.getByLabel('Telephone')).toHaveValue('01214960000');
  // A bad telephone number stops at Your Details, its message under it; nothing typed is lost.
  await wizard.getByLabel('Telephone').fill('0121 496 abc');
  await next.click();
  await expect(wizard.getByText('Please enter a valid telephone number.')).toBeVisible();
  await page.screenshot({ path: 'test-results/direct-debit-details-refused.png' });
  await expect(wizard.getByLabel('First Name')).toHaveValue('Alice');
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
  await next.click();
  await expect(wizard.getByLabel('Sort Code')).toBeVisible();
  await wizard.getByLabel('Account Number').fill('41011166');
  await wizard.getByLabel('Account Holder Name').click();
  await expect(wizard.getByText('Bank: Barclays Bank')).toBeVisible();
  // Nine digits are refused, never cut to the eight that pass the bank check.
  await wizard.getByLabel('Account Number').fill('410111661');
  await wizard.getByLabel('Account Holder Name').click();
  await expect(wizard.getByText('Bank: Barclays Bank')).toHaveCount(0);
  await next.click();
  await expect(wizard.getByText('Please enter a valid UK bank account number')).toBeVisible();
  await expect(wizard.getByLabel('Account Number')).toHaveValue('410111661');
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
