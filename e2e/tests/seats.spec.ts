import { MESSAGES, SEAT_MESSAGES } from '@switchboard/domain';
import { expect, test } from './fixtures.ts';
import { choose, openList, sidebar, signIn } from './helpers.ts';

test.describe('seats', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'retail');
  });

  test('bulk adds seats with per-item feedback, and the dashboard count follows', async ({ page }) => {
    await expect(page.getByTestId('count-seats')).toHaveText('12');
    await openList(page, 'Seats');
    await expect(page.getByRole('row', { name: /201 Reception/ }).getByLabel('Desk: Registered')).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('From')).toHaveValue('213');
    // The confirmation prices what will be created: £6 a month a seat (spec 1 §9).
    await expect(dialog.getByTestId('form-summary')).toHaveText('Monthly cost: £6.00 (1 × £6.00)');
    await dialog.getByLabel('To', { exact: true }).fill('400');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(
      dialog.getByText(
        'You cannot add more than 100 seats at one time, please contact your account manager to add more',
      ),
    ).toBeVisible();
    await expect(dialog.getByTestId('form-summary')).toHaveCount(0);
    await dialog.getByLabel('To', { exact: true }).fill('215');
    await expect(dialog.getByTestId('form-summary')).toHaveText('Monthly cost: £18.00 (3 × £6.00)');
    await dialog.getByLabel('Nickname').fill('Hot desk');
    await dialog.getByRole('button', { name: 'Create' }).click();
    for (const ext of [213, 214, 215]) {
      await expect(dialog.getByText(`Seat ${ext} - Hot desk created successfully`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /214 Hot desk/ }).getByLabel('Desk: Unregistered')).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('count-seats')).toHaveText('15');
  });

  test('the status column shows the desk phone and both softphones', async ({ page }) => {
    await openList(page, 'Seats');
    const row = page.getByRole('row', { name: /201 Reception/ });
    await expect(row.getByLabel('Desk: Registered')).toBeVisible();
    await expect(row.getByLabel(/^Desktop: (Registered|Unregistered)$/)).toBeVisible();
    await expect(row.getByLabel('Mobile: Unregistered')).toBeVisible();
  });

  test('adds a seat as a softphone user; a taken username is refused under its field', async ({ page }) => {
    await openList(page, 'Seats');
    await page.getByRole('button', { name: 'Add Softphone User' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Extension')).toHaveValue('216');
    await expect(dialog.getByTestId('form-summary')).toHaveText('Monthly cost: £6.00 (1 × £6.00)');
    await dialog.getByLabel('Nickname').fill('Jo mobile');
    await dialog.getByLabel('First Name').fill('Jo');
    await dialog.getByLabel('Last Name').fill('Bloggs');
    await dialog.getByLabel('Username').fill('viewer');
    await dialog.getByLabel('Email').fill('jo@acmeplumbing.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(/^This username is not available\. You could use /)).toBeVisible();
    await dialog.getByLabel('Username').fill('jo.bloggs');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Jo mobile created successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search').fill('Jo mobile');
    await expect(page.getByRole('row', { name: /216 Jo mobile/ })).toBeVisible();
    // Its softphone user signs in to the mobile app with the seat's QR code.
    await page.getByRole('link', { name: '216' }).click();
    await page.getByRole('tab', { name: 'Mobile Softphone' }).click();
    await expect(page.getByText('Softphone user: jo.bloggs')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Mobile app QR code' })).toBeVisible();
  });

  test('bulk edits seats, changing only the fields that were set', async ({ page }) => {
    await openList(page, 'Seats');
    const dialog = page.getByRole('dialog');
    await page.getByRole('checkbox', { name: 'Select 213 - Hot desk' }).check();
    await page.getByRole('button', { name: 'Edit (1)' }).click();
    await expect(dialog.getByLabel('Call Recording')).toHaveText('Leave unchanged');
    await choose(dialog, 'Withhold Number', 'On');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('213 - Hot desk edited successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /213 Hot desk/ })).toContainText('Withheld');

    await page.getByRole('checkbox', { name: 'Select 213 - Hot desk' }).check();
    await page.getByRole('checkbox', { name: 'Select 214 - Hot desk' }).check();
    await page.getByRole('button', { name: 'Edit (2)' }).click();
    await choose(dialog, 'Call Recording', 'Permanent');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('213 - Hot desk edited successfully')).toBeVisible();
    await expect(dialog.getByText('214 - Hot desk edited successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: /213 Hot desk/ })).toContainText('Permanent');
    await expect(page.getByRole('row', { name: /214 Hot desk/ })).toContainText('Permanent');
    await expect(page.getByRole('row', { name: /213 Hot desk/ })).toContainText('Withheld');
    await expect(page.getByRole('row', { name: /214 Hot desk/ })).not.toContainText('Withheld');
  });

  test('edits a seat on several tabs and shows "{name} has been updated"', async ({ page }) => {
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '203' }).click();
    await expect(page.getByRole('heading', { name: 'Office manager (203)' })).toBeVisible();
    await page.getByLabel('Nickname').fill('Office desk');
    await page.getByRole('tab', { name: 'Voicemail' }).click();
    await expect(page.getByLabel('Voicemail to Email')).toBeVisible();
    await page.getByLabel('Voicemail to Email').fill('office@acmeplumbing.example');
    await page.getByRole('tab', { name: 'Call Recording' }).click();
    await choose(page, 'Call Recording', 'Pausable');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Office desk has been updated')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Voicemail' }).click();
    await expect(page.getByLabel('Voicemail to Email')).toHaveValue('office@acmeplumbing.example');
    // Disabled voicemail hides the email field.
    await choose(page, 'Voicemail', 'Disabled', { exact: true });
    await expect(page.getByLabel('Voicemail to Email')).toHaveCount(0);
  });

  test('shows a validation error under its field', async ({ page }) => {
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '206' }).click();
    await page.getByRole('tab', { name: 'Diverts' }).click();
    await page.getByLabel('Divert When Busy').fill('12ab');
    // Saved from another tab: the tab holding the error is opened and marked, the field focused.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('tab', { name: /Diverts/, selected: true })).toHaveAttribute('data-errors', 'true');
    await expect(page.getByText('Please enter a valid telephone number')).toBeVisible();
    await expect(page.getByLabel('Divert When Busy')).toBeFocused();
    await page.getByLabel('Divert When Busy').fill('07700900555');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Workshop has been updated')).toBeVisible();
  });

  test('shows and resets the SIP password', async ({ page }) => {
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '208' }).click();
    await page.getByRole('button', { name: 'Show Password' }).click();
    const first = await page.getByTestId('sip-secret').textContent();
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/);
    // A reset asks first, saying what stops working; Cancel changes nothing.
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset SIP Password' });
    await expect(confirm).toContainText(SEAT_MESSAGES.confirmPasswordReset);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'Show Password' }).click();
    await expect(page.getByTestId('sip-secret')).toHaveText(first ?? '');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await confirm.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByTestId('sip-secret')).not.toHaveText(first ?? '');
  });
});

test.describe('seat call options, provisioning, Teams and softphones', () => {
  test('call restrictions: the PIN only with international, call times range, TPS; saved and read back', async ({
    page,
  }) => {
    await signIn(page, 'retail');
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '209' }).click();
    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await expect(page.getByLabel('International PIN')).toHaveCount(0);
    await page.getByRole('switch', { name: 'International', exact: true }).check();
    await page.getByLabel('International PIN').fill('2468');
    await choose(page, 'Weekday outbound calls', 'Between set times');
    await page.getByLabel('From').fill('18:00');
    await page.getByLabel('To', { exact: true }).fill('08:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please ensure the start time is before the end time')).toBeVisible();
    await page.getByLabel('From').fill('07:30');
    await page.getByLabel('To', { exact: true }).fill('18:00');
    await page.getByRole('tab', { name: 'TPS/CTPS' }).click();
    await choose(page, 'TPS', 'Block', { exact: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Estimating has been updated')).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: 'Call Restrictions' }).click();
    await expect(page.getByLabel('International PIN')).toHaveValue('2468');
    await expect(page.getByLabel('From')).toHaveValue('07:30');
    // Only provider admins change the channel limit.
    await expect(page.getByLabel('Channel Limit')).toBeDisabled();
  });

  test('provisioning: unlock a device and regenerate its LDAP password', async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '202' }).click();
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    const row = page.getByRole('row', { name: /Yealink/ });
    await expect(row).toContainText('Locked');
    await row.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Unlocked Successfully')).toBeVisible();
    await expect(row).toContainText('Unlocked until');
    await row.getByRole('button', { name: 'Regenerate LDAP Password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate LDAP Password' });
    await expect(confirm).toContainText(SEAT_MESSAGES.confirmLdapPassword);
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByText('Reset Successfully')).toBeVisible();
    await row.getByRole('button', { name: 'Re-Initialise' }).click();
    const reinit = page.getByRole('dialog', { name: /^Re-Initialise / });
    await expect(reinit).toContainText(SEAT_MESSAGES.confirmReinit);
    await reinit.getByRole('button', { name: 'Re-Initialise' }).click();
    await expect(page.getByText(SEAT_MESSAGES.reinitialised)).toBeVisible();
  });

  test('Teams: no tenant offers the invitation and Create Teams Account, then the switch', async ({ page }) => {
    await signIn(page, 'prepay');
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '203' }).click();
    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.getByLabel('Teams Administrator Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Admin Invitation' }).click();
    await expect(page.getByText('Please enter a valid email to enable teams')).toBeVisible();
    await page.getByLabel('Teams Administrator Email').fill('it@bellahair.example');
    await page.getByRole('button', { name: 'Send Admin Invitation' }).click();
    await expect(page.getByText('Admin invitation sent')).toBeVisible();
    await page.getByRole('button', { name: 'Create Teams Account' }).click();
    await expect(page.getByText('Teams account created')).toBeVisible();
    await page.getByRole('switch', { name: 'Enable Microsoft Teams' }).check();
    await choose(page, 'Teams Number', /01179460000/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Back office has been updated')).toBeVisible();
  });

  test('softphones and the emergency location dialog', async ({ page }) => {
    await signIn(page, 'retail');
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '210' }).click();
    await page.getByRole('tab', { name: 'Mobile Softphone' }).click();
    // No softphone user: no code to sign in with.
    await expect(page.getByText(/This seat has no softphone user/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Mobile app QR code' })).toHaveCount(0);
    await expect(page.getByText('Registered', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByRole('button', { name: 'Choose Location' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await dialog.getByRole('button', { name: /01214960001/ }).click();
    await expect(page.getByTestId('seat-location')).toContainText('01214960001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Van 1 has been updated')).toBeVisible();
  });
});

test('a user without the softphone and call-restriction permissions sees the section message on those tabs', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  await openList(page, 'Seats');
  await page.getByRole('link', { name: '201' }).click();
  await expect(page.getByRole('heading', { name: 'Reception (201)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  for (const tab of ['Call Restrictions', 'Desktop Softphone', 'Mobile Softphone']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText('You do not have the required permissions to access this section.')).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Voicemail' }).click();
  await expect(page.getByText('You do not have the required permissions to access this section.')).toHaveCount(0);
});

test('two people editing the same seat: the second save, based on what has changed since, is refused and changes nothing', async ({
  browser,
  baseURL,
}) => {
  const people = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  const [first, second] = await Promise.all(people.map((c) => c.newPage()));
  if (!first || !second) throw new Error('two pages');
  for (const page of [first, second]) {
    await signIn(page, 'retail');
    await openList(page, 'Seats');
    await page.getByRole('link', { name: '212' }).click();
    await expect(page.getByRole('heading', { name: 'Training room (212)' })).toBeVisible();
  }
  await first.getByLabel('Nickname').fill('Training A');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Training A has been updated')).toBeVisible();

  // The second person's form was filled before that save: theirs is refused, nothing written.
  await second.getByRole('tab', { name: 'Diverts' }).click();
  await second.getByLabel('Divert When Busy').fill('07700900123');
  await second.getByRole('button', { name: 'Save' }).click();
  const refused = second.getByRole('alert').filter({ hasText: MESSAGES.staleVersion });
  await expect(refused).toBeVisible();
  await first.reload();
  await expect(first.getByLabel('Nickname')).toHaveValue('Training A');
  await first.getByRole('tab', { name: 'Diverts' }).click();
  await expect(first.getByLabel('Divert When Busy')).toHaveValue('');

  // Reloaded, the second person sees the first's change and saves theirs on top of it.
  await refused.getByRole('button', { name: 'Reload' }).click();
  await expect(second.getByLabel('Divert When Busy')).toHaveValue('');
  await second.getByLabel('Divert When Busy').fill('07700900123');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Training A has been updated')).toBeVisible();
  await second.reload();
  await expect(second.getByLabel('Divert When Busy')).toHaveValue('07700900123');
  await second.getByRole('tab', { name: 'General' }).click();
  await expect(second.getByLabel('Nickname')).toHaveValue('Training A');
  await Promise.all(people.map((c) => c.close()));
});

test('bulk edit changes only the set field of each row, and never reverts a change made meanwhile', async ({
  browser,
  baseURL,
}) => {
  const people = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  const [lister, editor] = await Promise.all(people.map((c) => c.newPage()));
  if (!lister || !editor) throw new Error('two pages');
  await signIn(lister, 'retail');
  await openList(lister, 'Seats');
  await lister.getByRole('checkbox', { name: 'Select 211 - Van 2' }).check();
  // Meanwhile someone renames the seat on its page.
  await signIn(editor, 'retail');
  await openList(editor, 'Seats');
  await editor.getByRole('link', { name: '211' }).click();
  await editor.getByLabel('Nickname').fill('Van 2 (new)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Van 2 (new) has been updated')).toBeVisible();
  // The list's copy is older: the row is refused, not overwritten with the old nickname.
  await lister.getByRole('button', { name: 'Edit (1)' }).click();
  const dialog = lister.getByRole('dialog');
  await choose(dialog, 'Call Recording', 'Pausable');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(MESSAGES.rowEditRefused(`211 - Van 2: ${MESSAGES.staleVersion}`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(lister.getByRole('row', { name: /211 Van 2 \(new\)/ })).toContainText('Off');
  // From the fresh list it goes through, and only the call recording changes.
  await lister.getByRole('checkbox', { name: 'Select 211 - Van 2 (new)' }).check();
  await lister.getByRole('button', { name: 'Edit (1)' }).click();
  await choose(dialog, 'Call Recording', 'Pausable');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('211 - Van 2 (new) edited successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(lister.getByRole('row', { name: /211 Van 2 \(new\)/ })).toContainText('Pausable');
  await Promise.all(people.map((c) => c.close()));
});

test('a softphone tab save leaves the seat’s unsaved General edits savable (nothing they hold changed)', async ({
  page,
}) => {
  await signIn(page, 'retail');
  await openList(page, 'Seats');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('From')).toHaveValue(/^\d+$/);
  const extension = Number(await dialog.getByLabel('From').inputValue());
  await dialog.getByLabel('Nickname').fill('Softy');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(`Seat ${extension} - Softy created successfully`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Other tests' seats may push it past the first page.
  await page.getByRole('textbox', { name: /Search/ }).fill(String(extension));
  await page.getByRole('link', { name: String(extension), exact: true }).click();
  await expect(page.getByRole('heading', { name: `Softy (${extension})` })).toBeVisible();
  await page.getByLabel('Nickname').fill('Softy two');
  await page.getByRole('tab', { name: 'Desktop Softphone' }).click();
  await page.getByLabel('Call Waiting').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${extension} - Softy has been updated`)).toBeVisible();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Nickname')).toHaveValue('Softy two');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Softy two has been updated')).toBeVisible();
  await expect(page.getByText(MESSAGES.staleVersion)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Nickname')).toHaveValue('Softy two');
  await page.getByRole('tab', { name: 'Desktop Softphone' }).click();
  await expect(page.getByLabel('Call Waiting')).not.toBeChecked();
});
