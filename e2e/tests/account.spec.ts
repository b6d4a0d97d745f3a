import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, panelURL, test } from './fixtures.ts';
import { PASSWORD, sidebar, signIn } from './helpers.ts';

const NEW_PASSWORD = 'Fresh-Start-9';

/** The newest set-password link mailed to `to`, read from the provider admin's outbox (the sandbox mail provider). */
async function mailedLink(to: string): Promise<string> {
  const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: panelURL() });
  try {
    const login = await admin.post('/api/v1/users/auth/login', { data: { username: 'admin', password: PASSWORD } });
    expect(login.ok()).toBe(true);
    let text = '';
    await expect
      .poll(async () => {
        const res = await admin.post('/api/v1/mail/outbox/0/20', { data: { search: to } });
        const body = (await res.json()) as { records: Array<{ to: string; text: string }> };
        text = body.records.find((m) => m.to === to)?.text ?? '';
        return text;
      })
      .toContain('/activate?token=');
    const m = /\/activate\?token=[A-Za-z0-9_-]+/.exec(text);
    if (!m) throw new Error('no link');
    return m[0];
  } finally {
    await admin.dispose();
  }
}

/** Registers through /registration (screenshots on the way when asked); answers the e-mail address. */
async function register(page: Page, screenshots = false): Promise<string> {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@newcomer.example`;
  await page.goto('/registration');
  await expect(page.getByRole('heading', { name: 'Register for an account' })).toBeVisible();
  await page.getByLabel('First Name').fill('Nina');
  await page.getByLabel('Surname').fill('Newcomer');
  await page.getByLabel('We are a company registered at Companies House').check();
  await page.getByLabel('Company Registration Number').fill('ABC');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText('Please enter a valid UK Company Number')).toBeVisible();
  await page.getByLabel('Company Registration Number').fill('12345678');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText('Company not found')).toBeVisible();
  await page.getByLabel('Company Registration Number').fill('445790');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('TESCO PLC');
  await page.getByLabel('Address Line 1').fill('2 Mill Lane');
  await page.getByLabel('City').fill('York');
  await page.getByLabel('Postcode').fill('YO1 7HH');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Telephone').fill('01904550000');
  // Without the terms and the captcha the form says what is missing.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('There are multiple errors, please correct these errors and save again')).toBeVisible();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel("I'm not a robot").click();
  await expect(page.getByText('Verified')).toBeVisible();
  if (screenshots) await page.screenshot({ path: 'test-results/registration.png', fullPage: true });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/registration\/success$/);
  await expect(page.getByRole('heading', { name: 'Account Created Successfully' })).toBeVisible();
  await expect(page.getByText(/check your e-mails/)).toBeVisible();
  if (screenshots) await page.screenshot({ path: 'test-results/registration-success.png', fullPage: true });
  return email;
}

/**
 * Opens the mailed link, takes the identity check it offers first (through the sandbox window) or
 * skips it, sets the password (a weak one first when asked), and signs in.
 */
async function activate(page: Page, email: string, screenshots = false, verify = false): Promise<void> {
  await page.goto(await mailedLink(email));
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByText(email.toLowerCase())).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  if (screenshots) await page.screenshot({ path: 'test-results/activate-identity.png', fullPage: true });
  if (verify) {
    await page.getByRole('button', { name: 'Verify your identity' }).click();
    const window = page.getByRole('dialog', { name: /Verify your identity/ });
    await window.getByRole('button', { name: 'Submit document' }).click();
    await expect(page.getByText('Your identity has been verified. Now choose your password.')).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'Skip for now' }).click();
  }
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass');
  await page.getByLabel('Confirm Password').fill('weakpass');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(
    page.getByText(
      'Password must be 8-50 characters with an upper case letter, a lower case letter, a digit and a symbol',
    ),
  ).toBeVisible();
  if (screenshots) await page.screenshot({ path: 'test-results/activate.png', fullPage: true });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password has been set. You can now sign in.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(sidebar(page)).toBeVisible();
}

test.describe('account', () => {
  test('registration end to end: form, company lookup, captcha, activation mail from the outbox, then sign-in', async ({
    page,
  }) => {
    const email = await register(page, true);
    // The link works once: after it sets the password it is refused.
    const link = await mailedLink(email);
    await activate(page, email, true, true);
    await page.goto(link);
    await expect(page.getByText('This link is invalid or has expired. Please ask for a new one.')).toBeVisible();
  });

  test('a visitor outside the UK sees Unauthorised Access Detected', async ({ page }) => {
    await page.route('**/api/v1/ip/check/details', (route) => route.fulfill({ json: { isoCode: 'US' } }));
    await page.goto('/registration');
    await expect(page.getByRole('heading', { name: 'Unauthorised Access Detected' })).toBeVisible();
    await expect(page.getByText(/outside the UK, please contact our support team/)).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/registration-blocked.png', fullPage: true });
  });

  test('edit account details: a bad postcode is refused under its field, a good save persists', async ({ page }) => {
    const email = await register(page);
    await activate(page, email);
    await sidebar(page).getByRole('link', { name: 'Account Details' }).click();
    await expect(page.getByRole('heading', { name: /^Account Details \(\d+\)$/ })).toBeVisible();
    await expect(page.getByLabel('Company')).toHaveValue('TESCO PLC');
    await page.getByLabel('Postcode').fill('XYZ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a valid UK postcode.')).toBeVisible();
    await page.getByLabel('Postcode').fill('YO1 9AB');
    await page.getByLabel('Address Line 2').fill('Unit 7');
    await page.getByLabel('Mobile').fill('07700900123');
    await page.getByLabel('Balance Alert').click();
    await page.getByRole('option', { name: 'Below £5.00' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Account has been updated')).toBeVisible();
    await page.screenshot({ path: 'test-results/account-details.png', fullPage: true });
    await page.reload();
    await expect(page.getByLabel('Address Line 2')).toHaveValue('Unit 7');
    await expect(page.getByLabel('Postcode')).toHaveValue('YO1 9AB');
    await expect(page.getByLabel('Mobile')).toHaveValue('07700900123');
  });

  test('delete an account: wrong then right password, logged out, cannot sign in again', async ({ page }) => {
    const email = await register(page);
    await activate(page, email);
    await sidebar(page).getByRole('link', { name: 'Account Details' }).click();
    await page.getByRole('tab', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/This permanently closes account/)).toBeVisible();
    await page.screenshot({ path: 'test-results/delete-account-warning.png' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Password').fill('Not-The-Password-1');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Password seems to be incorrect, please try again.')).toBeVisible();
    await page.screenshot({ path: 'test-results/delete-account-password.png' });
    await dialog.getByLabel('Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(/Delete account \d+ now\?/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByText('Your account has been deleted')).toBeVisible();
    await page.screenshot({ path: 'test-results/delete-account-feedback.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The username or password is incorrect')).toBeVisible();
  });

  test("'Forgot password?' on the sign-in page, and Reset Password in the user manager", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Username or e-mail address').fill('viewer');
    await page.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByText(/If that username or e-mail address is known/)).toBeVisible();
    await page.screenshot({ path: 'test-results/forgot-password.png' });

    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'User Manager' }).click();
    await page.getByRole('row').filter({ hasText: 'viewer' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(/a link to set a new password/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('A password reset e-mail has been sent to Victor Hale (viewer)')).toBeVisible();
  });
});
