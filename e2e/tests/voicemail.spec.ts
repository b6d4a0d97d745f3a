/**
 * Voicemail (spec 3 §2): the demo's Reception mailbox — its spoken messages played with their
 * waveform (playing a new one files it as old), a message's page, a delete (asked first), and the
 * mailbox settings with their PIN rule and a greeting's upload; pictured at 1280 and 390 px.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, sidebar, signIn } from './helpers.ts';

/** A short WAV (`seconds` of a 440 Hz tone, 8 kHz 16-bit mono): audio by its content. */
function wav(seconds = 1): Buffer {
  const samples = Buffer.alloc(16000 * seconds);
  for (let i = 0; i < 8000 * seconds; i++)
    samples.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/**
 * A message the media server deposits into Reception's mailbox (the demo's media server credential,
 * README) from `caller`: the test's own new message, whatever other specs opened before it.
 */
async function deposit(page: Page, caller: string, seconds = 1): Promise<void> {
  const deposited = await page.request.post('/api/v1/voicemail/deposit', {
    headers: { authorization: 'Server 2.DemoMediaSecret-NotForProduction-0001' },
    multipart: {
      mailbox: '30000*201',
      callerIdName: caller,
      callerIdNumber: '07700900321',
      file: { name: 'message.wav', mimeType: 'audio/wav', buffer: wav(seconds) },
    },
  });
  expect(deposited.status(), await deposited.text()).toBe(200);
}

/** The page at 1280 px and at 390 px (nothing wider than the screen), checked by axe at both. */
async function picture(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/screens/voicemail-${name}.png`, fullPage: true });
  await expectAccessible(page, `voicemail ${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/screens/voicemail-${name}-390.png`, fullPage: true });
  await expectAccessible(page, `voicemail ${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('voicemail', () => {
  test('plays a message with its waveform, opens one, deletes one and sets up the mailbox', async ({ page }) => {
    // Pictures and axe at two widths on four pages: longer than one page's test.
    test.setTimeout(180_000);
    // A new message of the test's own (the page tour may have opened the demo's), long enough to see it play.
    const caller = `Dave Mercer ${Date.now().toString(36)}`;
    await deposit(page, caller, 6);
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Voicemail' }).click();
    await expect(page.getByRole('heading', { name: 'Voicemail', exact: true })).toBeVisible();
    await expect(page.getByLabel('Mailbox')).toContainText('201 - Reception');
    const dave = page.getByRole('row', { name: new RegExp(caller) });
    await expect(dave.getByText('New').first()).toBeVisible();

    // Listen: the waveform is drawn from the audio, and the audio element plays.
    await dave.getByRole('button', { name: new RegExp(`Listen to message from ${caller}`) }).click();
    await expect(page.getByTestId('waveform')).toHaveAttribute('data-drawn', 'true');
    await expect(page.getByTestId('waveform').locator('div').first()).toBeAttached();
    await page.getByRole('button', { name: new RegExp(`^Play message from ${caller}`) }).click();
    // Playing (the player's own audio element is not in the page): the button pauses, the position moves.
    await expect(page.getByRole('button', { name: new RegExp(`^Pause message from ${caller}`) })).toBeVisible();
    await expect
      .poll(async () => Number(await page.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    // Played: filed as old.
    await expect(dave.getByText('Old').first()).toBeVisible();
    await picture(page, 'messages');

    // A message's page.
    await page.getByRole('link', { name: /^Midland Supplies/ }).click();
    await expect(page.getByRole('heading', { name: /Voicemail from Midland Supplies/ })).toBeVisible();
    await expect(page.getByTestId('waveform')).toHaveAttribute('data-drawn', 'true');
    await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /download=1$/);
    await picture(page, 'message');
    await page.goBack();

    // Delete one, asked first.
    const radiator = page.getByRole('row', { name: /01214960871/ });
    await radiator.getByRole('button', { name: /^Delete message/ }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 voicemail message deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: /01214960871/ })).toHaveCount(0);

    // The mailbox's settings: the PIN's rule, then a save; a greeting uploaded.
    await page.getByRole('link', { name: 'Mailbox Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Mailbox 201 Settings' })).toBeVisible();
    await page.getByLabel('PIN').fill('12a4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('PIN must be numerical with a maximum of 10 digits').first()).toBeVisible();
    await page.getByLabel('PIN').fill('2468013579');
    await page.getByLabel('Full Name').fill('Acme Reception');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('201 - Reception has been updated')).toBeVisible();

    const busy = page.getByRole('region', { name: 'Busy' });
    await busy.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Choose MP3 or WAV file')
      .setInputFiles({ name: 'busy.wav', mimeType: 'audio/wav', buffer: wav() });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Prerecorded Voicemail added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Play Busy greeting' })).toBeVisible();
    await picture(page, 'settings');
  });

  test('a deposited message is e-mailed with its audio: the Outbox shows and downloads the attachment', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The media server's deposit (the demo's media server credential, README), into Reception's mailbox (e-mailed).
    const caller = `E2E Caller ${Date.now().toString(36)}`;
    const audio = wav();
    await deposit(page, caller);

    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Outbox' }).click();
    const row = page.getByRole('row').filter({ hasText: caller });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').last().locator('xpath=preceding-sibling::td[1]')).toHaveText('1');
    await row.getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog');
    const attachments = dialog.getByRole('list', { name: 'Attachments' });
    await expect(attachments.getByRole('listitem')).toHaveCount(1);
    await expect(attachments.getByRole('listitem')).toHaveText(
      /^voicemail-\d{8}T\d{6}\.wavaudio\/wav · 16\.0 KBDownload$/,
    );
    await expectAccessible(page, 'an outbox mail with its attachment');
    await page.screenshot({ path: 'test-results/screens/outbox-attachment.png' });
    const downloading = page.waitForEvent('download');
    await attachments.getByRole('button', { name: /^Download voicemail-/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^voicemail-\d{8}T\d{6}\.wav$/);
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(audio)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    // At a phone's width the file's name, type, size and its Download all show, nothing cut off.
    await expect(attachments.getByRole('button', { name: /^Download voicemail-/ })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, { box: attachments });
    await page.screenshot({ path: 'test-results/screens/outbox-attachment-390.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // At a phone's width the status and the attachment go under the subject: nothing scrolls sideways.
    await expect(row).toContainText(/(Queued|In sandbox|Sent), 1 attachment/);
    await expectNoSidewaysScroll(page, { box: '.MuiTableContainer-root' });
    await page.screenshot({ path: 'test-results/screens/outbox-390.png', fullPage: true });
  });
});
