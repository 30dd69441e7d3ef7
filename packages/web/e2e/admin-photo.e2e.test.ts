import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, baseURL, stamp, withBrowser } from './journey';
import { connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

const SHOTS = '/tmp/shots-admin';
const birthday = { year: 1990, month: 4, day: 2 };

/**
 * The journey: a member reports a photo, an admin quarantines it from the queue, the
 * photo is gone for others (its owner still sees it), and the reporter is told.
 */
describe('a reported photo, quarantined from the queue', () => {
  let owner: Member;
  let reporter: Member;
  let other: Member;
  let admin: Member;
  let photoId = 0;
  const photoPath = () => `/html/album/photoalbum-view.jsp?postid=${photoId}&u=${owner.uid}`;

  beforeAll(async () => {
    [owner, reporter, other, admin] = await Promise.all([
      register(`duena${stamp}`, 'f', birthday),
      register(`vigia${stamp}`, 'f', birthday),
      register(`otro${stamp}`, 'm', birthday),
      register(`jefe${stamp}`, 'm', birthday),
    ]);
    await grantAdmin(admin);
    const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await owner.context.request.post(`${API}/album/uploadPhoto.do`, {
      headers: { origin: baseURL },
      multipart: {
        image: { name: 'playa.jpg', mimeType: 'image/jpeg', buffer },
        caption: 'En la playa',
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    photoId = (await uploaded.json()).Photo[0].uid;
  });
  afterAll(async () => {
    for (const m of [owner, reporter, other, admin]) await m?.context.close();
  });

  it('the reporter reports from the photo page with a reason and is thanked at once', async () => {
    const page = await connectedPage(reporter, photoPath());
    await page.getByTestId('photo-view').waitFor();
    await page.getByRole('button', { name: 'Denunciar foto' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Denunciar esta foto?' });
    await dialog.getByLabel('Spam o engaño').check();
    await dialog.getByRole('button', { name: 'Denunciar foto' }).click();
    await page
      .getByText('Gracias por ayudarnos a que Tertulia siga siendo un lugar divertido y seguro.')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/photo-reported-390.png` });
    await page.close();
  });

  it('the admin sees the photo in the queue and quarantines it; others lose it, the owner keeps it', async () => {
    const page = await connectedPage(admin, '/html/admin/reports.jsp');
    const card = page.getByTestId('report').filter({ hasText: reporter.name });
    await card.waitFor();
    await expect.poll(() => card.locator('img').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/photo-queue-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/photo-queue-1280.png`, fullPage: true });
    await card.getByRole('button', { name: 'Poner en cuarentena' }).click();
    await expect.poll(() => page.getByTestId('report').filter({ hasText: reporter.name }).count()).toBe(0);

    const seen = await connectedPage(other, photoPath());
    await seen
      .getByText(/no existe|no encontr|no está disponible/i)
      .first()
      .waitFor();
    await seen.screenshot({ path: `${SHOTS}/photo-gone-390.png` });
    expect(await seen.getByTestId('photo-view').count()).toBe(0);
    await seen.close();
    const own = await connectedPage(owner, photoPath());
    await own.getByTestId('photo-view').waitFor();
    await own.close();
    await page.close();
  });

  it('the reporter is told their report was acted on', async () => {
    const notices = await reporter.context.request.get(`${API}/user/getNotifications.do`);
    const list = (await notices.json()).Notification as { kind: string; text: string }[];
    expect(list[0]).toMatchObject({ kind: 'reportActed', text: expect.stringContaining('tomamos medidas') });
    const page = await connectedPage(reporter, '/html/notifications.jsp');
    await page
      .getByText(/tomamos medidas/)
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/photo-notice-390.png` });
    await page.close();
  });
});
