import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { buyGold, connectedPage, grantAdmin, type Member, register } from './members';

withBrowser();

/** The sizes of issue #39: a phone and a desktop; every dialog is looked at in both. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const birthday = { year: 1990, month: 4, day: 12 };
const headers = { origin: baseURL };

async function post(who: Member, call: string, data: object) {
  const res = await who.context.request.post(`${API}/${call}`, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Both sizes of what is on screen now: `<name>-390.png` and `<name>-1280.png`. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
}

describe('dialogs and sheets of spec section 2 open from their triggers', () => {
  let lia: Member; // a member without VIP
  let tom: Member; // sends her gifts, visits her profile, owns a photo
  let photoId = 0;

  beforeAll(async () => {
    [lia, tom] = [
      await register(`lidia${stamp}`, 'f', birthday),
      await register(`tomas${stamp}`, 'm', birthday),
    ];
    await buyGold(tom);
    const visit = await tom.context.request.get(
      `${API}/profile/updateProfileVisit.do?profileOwnerId=${lia.uid}`,
    );
    expect(visit.ok(), await visit.text()).toBe(true);
    const buffer = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0e7490' } })
      .jpeg()
      .toBuffer();
    const uploaded = await tom.context.request.post(`${API}/album/uploadPhoto.do`, {
      headers,
      multipart: { image: { name: 'lago.jpg', mimeType: 'image/jpeg', buffer }, caption: 'El lago' },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    photoId = (await uploaded.json()).Photo[0].uid;
  });
  afterAll(async () => {
    for (const who of [lia, tom]) await who?.context.close();
  });

  it('VIP sheets: hidden visitors, "¿Quieres ver más?", invisibility and a VIP gift', async () => {
    const page = await connectedPage(lia, '/html/gold/profile-visits.jsp');
    await page.setViewportSize(PHONE);
    await page.getByTestId('visit-hidden').first().click();
    const visits = page.getByRole('dialog', { name: '¿Quién vio tu perfil?' });
    await visits.getByTestId('vip-prompt-visits').waitFor();
    await shots(page, 'vip-sheet-visits');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await visits.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Hazte VIP' }).click();
    const upgrade = page.getByRole('dialog', { name: '¿Quieres ver más?' });
    await upgrade.getByTestId('vip-prompt-upgrade').waitFor();
    expect(page.url()).toContain('/html/gold/profile-visits.jsp');
    await shots(page, 'vip-sheet-upgrade');
    await page.keyboard.press('Escape');
    await upgrade.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `${lia.name}, menú de la cuenta` }).click();
    await page.getByRole('button', { name: 'Invisible' }).click();
    await page.getByTestId('vip-prompt-invisible').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`/html/profile-view.jsp?user=${tom.uid}`);
    await page
      .getByRole('button', { name: /Regalo/ })
      .first()
      .click();
    const gifts = page.getByRole('dialog', { name: /Enviar un regalo a/ });
    await gifts.getByRole('tab', { name: 'VIP' }).click();
    await gifts.getByTestId('gift-tile').filter({ hasText: 'Corona VIP' }).click();
    await page.getByTestId('vip-prompt-gifts').waitFor();
    await shots(page, 'vip-sheet-gifts');
    await page.close();
  });

  it('the gift video dialog plays a gift as it arrives, with its entrance, and again from the account', async () => {
    const page = await connectedPage(lia, '/html/index.jsp', true);
    const catalogue = (await (await tom.context.request.get(`${API}/gift/getAll.do`)).json()).Gift as {
      id: number;
      name: string;
      video?: string;
    }[];
    const ring = catalogue.find((g) => g.name === 'Anillo')!;
    expect(ring.video).toBe(`/gifts/video/${ring.id}.webm`);
    await post(tom, 'gift/purchase.do', {
      giftId: ring.id,
      receiverId: lia.uid,
      idempotencyKey: `fd-ring-${stamp}`,
    });
    const dialog = page.getByRole('dialog', { name: 'Anillo' });
    await dialog.getByTestId('gift-stage').waitFor(QUEUED);
    await dialog.getByText(`${tom.name} te ha enviado Anillo`).waitFor();
    // The entrance first (the artwork zooms in), then the video made from the artwork plays.
    const video = dialog.getByTestId('gift-video');
    await video.waitFor(QUEUED);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.ended), QUEUED)
      .toBe(true);
    await shots(page, 'gift-video-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    // After the video the gift leaves (its exit) and rests; "Ver otra vez" plays it again.
    await dialog.locator('[data-phase="done"]').waitFor(QUEUED);
    await dialog.getByRole('button', { name: 'Ver otra vez' }).click();
    await dialog.locator('[data-phase="entering"]').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

    // The received-gift help opens on the account page until seen: seen here, so only the gift plays.
    await post(lia, 'user/setGiftHelper.do', { type: 'received' });
    await page.goto('/html/gifts/account.jsp');
    await page.getByTestId('gift-play').first().click();
    await page.getByRole('dialog', { name: 'Anillo' }).getByTestId('gift-stage').waitFor();
    await page.close();
  });

  it('the gold bonus/reward dialog: a spin prize and a gem exchange', async () => {
    const page = await connectedPage(lia, '/html/gifts/spin.jsp');
    await page.getByRole('button', { name: 'Girar' }).click();
    const spin = page.getByRole('dialog', { name: '¡Premio de la ruleta!' });
    await spin.getByTestId('reward-dialog').waitFor(QUEUED);
    expect(await spin.textContent()).toMatch(/\+\d+ (de oro|gemas)/);
    await shots(page, 'reward-dialog-spin');
    expect(await seriousViolations(page)).toEqual([]);
    await spin.getByRole('button', { name: '¡Genial!' }).click();

    // The ring brought her 125 gems: 60 of them become 50 gold (the first offer).
    await page.goto('/html/gifts/gems.jsp');
    await page.getByRole('button', { name: 'Cambiar' }).first().click();
    const exchange = page.getByRole('dialog', { name: 'Cambio hecho' });
    await exchange.getByText('+50 de oro').first().waitFor(QUEUED);
    await shots(page, 'reward-dialog-exchange');
    await page.close();
  });

  it('the promo dialog opens by itself once on the gold shop, then from its button', async () => {
    const page = await connectedPage(lia, '/html/gold/shop.jsp');
    const promo = page.getByRole('dialog', { name: 'Ofertas de hoy' });
    await promo.getByTestId('promo-dialog').waitFor();
    await promo.getByText('Corazón dorado').waitFor();
    await shots(page, 'promo-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await promo.getByRole('button', { name: 'Ahora no' }).click();
    await page.reload();
    await page.getByTestId('promo-open').waitFor();
    expect(await promo.count()).toBe(0);
    await page.getByTestId('promo-open').click();
    await promo.getByText('Corazón dorado').waitFor();
    await page.close();
  });

  it('the report-photo dialog sends a reason and a comment', async () => {
    const page = await connectedPage(lia, `/html/album/photoalbum-view.jsp?postid=${photoId}&u=${tom.uid}`);
    await page.getByTestId('photo-view').waitFor();
    await page.getByRole('button', { name: 'Denunciar foto' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Denunciar esta foto?' });
    const send = dialog.getByRole('button', { name: 'Denunciar foto' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('No es suya (derechos de autor)').check();
    await dialog.getByLabel('Cuéntanos más (opcional)').fill('Es una foto de mi web.');
    await shots(page, 'report-photo-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await send.click();
    await dialog
      .getByText('Gracias por ayudarnos a que Tertulia siga siendo un lugar divertido y seguro.')
      .waitFor();
    await page.close();
  });
  it('the admin area adds a gift drawn with its emoji; the about page credits the artwork', async () => {
    await grantAdmin(tom);
    const page = await connectedPage(tom, '/html/admin/gifts.jsp');
    const form = page.getByTestId('gift-admin-new');
    await form.getByLabel('Nombre', { exact: true }).fill(`Piruleta ${stamp}`);
    await form.getByLabel('Ilustración').fill('twemoji:1f36d');
    await form.getByText('🍭').waitFor();
    await form.getByLabel('Ilustración').fill('twemoji:fffff');
    await form.getByRole('button', { name: 'Añadir regalo' }).click();
    await form
      .getByRole('alert')
      .getByText(/Esa ilustración no existe/)
      .waitFor();
    await form.getByLabel('Ilustración').fill('twemoji:1f36d');
    await form.getByRole('button', { name: 'Añadir regalo' }).click();
    const row = page.getByTestId('gift-admin-row').filter({ hasText: `Piruleta ${stamp}` });
    await row.waitFor(QUEUED);
    await expect
      .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shots(page, 'admin-gifts');
    expect(await seriousViolations(page)).toEqual([]);

    // The about page is linked from the settings page (the account menu is full on a phone).
    await page.goto(new URL('/html/settings.jsp', page.url()).href);
    await page.getByRole('link', { name: 'Acerca de Tertulia' }).click();
    await page.getByRole('heading', { name: 'Acerca de Tertulia' }).waitFor();
    const credits = page.getByTestId('about-credits');
    expect(await credits.textContent()).toContain('CC-BY 4.0');
    expect(await credits.textContent()).toContain('CC BY-SA 4.0');
    await shots(page, 'about');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
