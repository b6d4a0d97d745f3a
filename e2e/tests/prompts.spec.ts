import { expect, test } from './fixtures.ts';
import { sidebar, signIn } from './helpers.ts';

/** A short silent WAV (RIFF header, PCM format, a data chunk): what the server takes for a WAV by its content. */
function wav(): Buffer {
  const samples = Buffer.alloc(8000);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples.fill(0x80)]);
}

test.describe('custom prompts', () => {
  test('uploads a WAV (refusing other content), plays it, renames and deletes it', async ({ page }) => {
    const uid = Date.now().toString(36);
    const name = `Welcome ${uid}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Custom Prompts' }).click();
    await expect(page.getByRole('heading', { name: 'Custom Prompts' })).toBeVisible();
    // The provider's system prompts are listed, read-only.
    const system = page.getByRole('row', { name: /Welcome to our company/ });
    await expect(system.getByText('Provider')).toBeVisible();
    await expect(system.getByRole('checkbox')).toBeDisabled();

    await page.getByRole('button', { name: 'Upload Custom Prompt' }).click();
    const dialog = page.getByRole('dialog');
    const choose = dialog.getByLabel('Choose MP3 or WAV file');
    await choose.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(dialog.getByText('Invalid file format')).toBeVisible();
    // Named and typed as audio, but text inside: the server refuses it by its content.
    await choose.setInputFiles({
      name: 'fake.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('this is not audio at all, only text'),
    });
    await dialog.getByLabel('Name').fill(`Fake ${uid}`);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Invalid file format')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Fake ${uid}`) })).toHaveCount(0);

    await page.getByRole('button', { name: 'Upload Custom Prompt' }).click();
    await choose.setInputFiles({ name: 'welcome.wav', mimeType: 'audio/wav', buffer: wav() });
    await expect(dialog.getByLabel('Name')).toHaveValue('welcome');
    await dialog.getByLabel('Name').fill(name);
    await page.screenshot({ path: 'test-results/screens/custom-prompts-upload.png' });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Custom Prompt added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('This account');
    await expect(row).toContainText('0');
    await page.screenshot({ path: 'test-results/screens/custom-prompts-list.png' });

    // Its page: the usage table and a player whose source the server answers with the audio.
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Usage' }).getByText('No items found.')).toBeVisible();
    const player = page.locator('audio');
    await expect(player).toHaveCount(1);
    const src = await player.getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/prompt\/\d+\/audio$/);
    const audio = await page.request.get(src as string);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect((await audio.body()).subarray(0, 4).toString()).toBe('RIFF');
    // The browser can read it as audio.
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(1, 1);
    await page.screenshot({ path: 'test-results/screens/custom-prompt-detail.png' });

    // Renamed: the name is required.
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This is a required field')).toBeVisible();
    const renamed = `Greeting ${uid}`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${renamed} has been updated`)).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    // Deleted with a confirm; back to the list without it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(renamed);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Deleted Successfully')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Custom Prompts' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  });

  test('a prompt in use shows its uses and offers no Delete', async ({ page }) => {
    const uid = Date.now().toString(36);
    const name = `Menu greeting ${uid}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Custom Prompts' }).click();
    await page.getByRole('button', { name: 'Upload Custom Prompt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Choose MP3 or WAV file').setInputFiles({
      name: 'menu.wav',
      mimeType: 'audio/wav',
      buffer: wav(),
    });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Custom Prompt added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The demo IVR 370 greets with it.
    await sidebar(page).getByRole('link', { name: 'IVRs' }).click();
    await page.getByRole('link', { name: '370', exact: true }).click();
    await page.getByLabel('Greeting Prompt').click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Main menu has been updated').last()).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Custom Prompts' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('1');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link')
      .click();
    await expect(
      page.getByRole('table', { name: 'Usage' }).getByRole('row', { name: 'IVR 370 - Main menu' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Put back as it was.
    await sidebar(page).getByRole('link', { name: 'IVRs' }).click();
    await page.getByRole('link', { name: '370', exact: true }).click();
    await page.getByLabel('Greeting Prompt').click();
    await page.getByRole('option', { name: 'None', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Main menu has been updated').last()).toBeVisible();
  });
});
