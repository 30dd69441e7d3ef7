import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './browser';
import { baseURL, browser, QUEUED, stamp, withBrowser } from './journey';
import { type Member, register } from './members';

withBrowser();

/**
 * The installed app's share target (manifest `share_target`): another app shares a photo to
 * Tertulia; the browser POSTs it to /share-target, the service worker keeps it and opens the home,
 * where the new-post dialog shows it. The test posts the same form the browser would.
 */
describe('share target journey', () => {
  let ana: Member;
  beforeAll(async () => {
    ana = await register(`ansh${stamp}`, 'f', { year: 1993, month: 1, day: 15 });
  });
  afterAll(async () => {
    await ana?.context.close();
  });

  it('a photo shared from another app opens the new-post dialog with it and its text', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: VIEWPORTS.phone,
      locale: 'es-ES',
      serviceWorkers: 'allow',
      storageState: await ana.context.storageState(),
    });
    const page = await context.newPage();
    await page.goto('/html/index.jsp');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } },
    })
      .png()
      .toBuffer();
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.id = 'share-form';
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      form.innerHTML = '<input type="file" name="photo"><input name="text" value="Desde otra app">';
      document.body.append(form);
    });
    await page.setInputFiles('#share-form input[type=file]', {
      name: 'atardecer.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await page.evaluate(() => (document.getElementById('share-form') as HTMLFormElement).submit());

    const dialog = page.getByRole('dialog', { name: 'Nueva publicación' });
    await dialog.waitFor(QUEUED);
    await dialog.getByRole('img', { name: 'Foto' }).waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe('Desde otra app');
    // The share is read once: the address no longer asks for it.
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'share-target-phone');
    await context.close();
  });
});
