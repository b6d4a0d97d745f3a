import { expect, test } from './fixtures.ts';
import { choose, sidebar, signIn } from './helpers.ts';

/** A few MPEG audio frames: what the server takes for an MP3 by its content. */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: 20 }, () => frame));
}

test.describe('music on hold', () => {
  test('retail: upload an MP3, choose it for a seat, see its use, and delete it once unused', async ({ page }) => {
    const name = `Hold Tune ${Date.now().toString(36)}`;
    await signIn(page, 'retail');
    await sidebar(page).getByRole('link', { name: 'Music On Hold' }).click();
    await expect(page.getByRole('heading', { name: 'Music On Hold' })).toBeVisible();
    // The provider's music is listed and cannot be selected for delete.
    const jazz = page.getByRole('row', { name: /Jazz/ });
    await expect(jazz.getByText('Provider')).toBeVisible();
    await expect(jazz.getByRole('checkbox')).toBeDisabled();

    await page.getByRole('button', { name: 'Upload Music' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Choose MP3 file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(dialog.getByText('Invalid file format')).toBeVisible();
    await dialog
      .getByLabel('Choose MP3 file')
      .setInputFiles({ name: 'tune.mp3', mimeType: 'audio/mpeg', buffer: mp3() });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await page.screenshot({ path: 'test-results/screens/music-upload.png' });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Music on hold added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/music-list.png' });

    // Chosen on a seat's General tab.
    await sidebar(page).getByRole('link', { name: 'Seats' }).click();
    await page.getByRole('row', { name: /201/ }).getByRole('link').first().click();
    await choose(page, 'Music On Hold', name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/has been updated/)).toBeVisible();

    // Its detail shows the use and no Delete.
    await sidebar(page).getByRole('link', { name: 'Music On Hold' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Usage' }).getByRole('row', { name: /Seat.*201/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Its player streams the uploaded bytes back.
    const player = page.getByLabel(`Play ${name}`);
    await expect(player).toBeVisible();
    const src = await player.getAttribute('src');
    const audio = await page.request.get(src ?? '');
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/mpeg');
    expect((await audio.body()).equals(mp3())).toBe(true);

    // Back to the default music, then the upload can go.
    await sidebar(page).getByRole('link', { name: 'Seats' }).click();
    await page.getByRole('row', { name: /201/ }).getByRole('link').first().click();
    await choose(page, 'Music On Hold', 'Default');
    await page.getByRole('button', { name: 'Save' }).click();
    // The first save's toast may still be up (3 s): the newest one, and the usage below proves the save.
    await expect(page.getByText(/has been updated/).last()).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Music On Hold' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link')
      .click();
    await expect(page.getByRole('table', { name: 'Usage' }).getByText('No items found.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Deleted Successfully')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Music On Hold' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});
