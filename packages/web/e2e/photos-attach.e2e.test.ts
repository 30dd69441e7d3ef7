import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { befriend, connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 6, day: 9 });

const scene = async (color: string, name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

/** Attaches the member's first album photo through the photo select dialog. */
async function attachFirst(page: Page, scope = page.locator('body')) {
  await scope.getByTestId('attach-photo').click();
  const picker = page.getByRole('dialog', { name: 'Elige una foto' });
  await picker.getByTestId('photo-select-tile').first().click();
  await picker.waitFor({ state: 'detached' });
  await scope.getByTestId('attached-photo').waitFor();
}

/**
 * The photo select / upload / view dialogs in the four composers (status, photo comment,
 * guestbook, offline message), and the owner's album management with the backstage unlock.
 */
describe('photo dialogs and album management', () => {
  let dora: Member;
  let eva: Member;
  let page: Page;

  beforeAll(async () => {
    dora = await member(`dorap${stamp}`, 'f');
    eva = await member(`evap${stamp}`, 'f');
    await befriend(dora, eva);
  });
  afterAll(async () => {
    await dora?.context.close();
    await eva?.context.close();
  });

  it('the select dialog uploads a photo, then the status composer attaches and shows it', async () => {
    page = await connectedPage(dora, '/html/index.jsp');
    await page.getByRole('button', { name: '¿Qué estás pensando' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actualizar estado' });
    await dialog.getByTestId('attach-photo').click();
    const picker = page.getByRole('dialog', { name: 'Elige una foto' });
    await picker.getByText('Todavía no tienes fotos que adjuntar.').waitFor();
    await screenshot(page, 'photos-select-empty-390');
    // Upload inside the dialog: the new photo goes to the album and is attached at once.
    await picker.getByTestId('photo-select-file').setInputFiles(await scene('#264653', 'playa.jpg'));
    await picker.waitFor({ state: 'detached', ...QUEUED });
    await dialog.getByTestId('attached-photo').waitFor();
    // The view dialog shows it larger.
    await dialog.getByRole('button', { name: 'Ver la foto adjunta' }).click();
    const view = page.getByTestId('photo-view-dialog');
    await view.waitFor();
    // The image itself arrives (a real, decoded picture, not a broken one).
    await expect
      .poll(() => view.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), QUEUED)
      .toBeGreaterThan(0);
    await screenshot(page, 'photos-view-dialog-390');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: '¿Qué estás pensando?' }).fill(`Playa ${stamp}`);
    await dialog.getByRole('button', { name: 'Publicar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const post = page
      .getByTestId('feed-item')
      .filter({ hasText: `Playa ${stamp}` })
      .first();
    await post.waitFor(QUEUED);
    await expect.poll(() => post.locator('img[src*="/media/img/"]').count(), QUEUED).toBeGreaterThan(0);
  });

  it('a photo comment, a guestbook entry and an offline message each attach an album photo', async () => {
    // A second photo from the album page.
    await page.goto(`/html/album/photoalbums.jsp?u=${dora.uid}`);
    await page.getByTestId('photo-input').setInputFiles(await scene('#e9c46a', 'sol.jpg'));
    await expect.poll(() => page.getByTestId('photo-tile').count(), QUEUED).toBe(2);

    await page.getByTestId('photo-tile').first().click();
    await page.getByTestId('photo-view').waitFor();
    await page.getByTestId('photo-comment-input').fill('Con foto');
    await attachFirst(page, page.locator('form', { has: page.getByTestId('photo-comment-input') }));
    await screenshot(page, 'photos-comment-attached-390');
    await page.getByRole('button', { name: 'Comentar' }).click();
    const comment = page.getByTestId('photo-comments').locator('li', { hasText: 'Con foto' });
    await comment.waitFor(QUEUED);
    await comment.locator('img').waitFor(QUEUED);

    await page.goto(`/html/profile-view.jsp?user=${eva.uid}`);
    const book = page.locator('#guestbook');
    await book.getByRole('textbox', { name: `Escribe en el libro de visitas de ${eva.name}` }).fill('Mira');
    await attachFirst(page, book);
    await book.getByRole('button', { name: 'Publicar' }).click();
    const entry = book.getByTestId('guestbook-entry').filter({ hasText: 'Mira' }).first();
    await entry.waitFor(QUEUED);
    await entry.getByRole('img', { name: 'Foto adjunta' }).waitFor(QUEUED);
    await screenshot(page, 'photos-guestbook-attached-390');

    await page.goto(`/offline/offline-compose.jsp?destid=${eva.uid}`);
    const form = page.getByTestId('offline-compose');
    await expect.poll(() => form.getByLabel('Para').inputValue(), QUEUED).toBe(eva.name);
    await form.getByLabel('Asunto').fill(`Foto ${stamp}`);
    await form.getByLabel('Mensaje', { exact: true }).fill('Una foto para ti');
    await attachFirst(page, form);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Se envió el mensaje').waitFor(QUEUED);

    const evaPage = await eva.context.newPage();
    await evaPage.goto('/offline/offline-inbox.jsp');
    const mail = evaPage.getByTestId('offline-mail').filter({ hasText: `Foto ${stamp}` });
    await mail.waitFor(QUEUED);
    await mail.getByRole('button').first().click();
    await mail.getByText('Una foto para ti').waitFor();
    await mail.locator('img').waitFor(QUEUED);
    expect((await evaPage.request.get((await mail.locator('img').getAttribute('src'))!)).status()).toBe(200);
    await screenshot(evaPage, 'photos-mail-attached-390');
    await evaPage.close();
  });

  it('an instant message attaches an album photo; the partner sees the picture in the line', async () => {
    // The IM exists (its first message and pledge are messaging.e2e's journey).
    const started = await dora.context.request.post(`${API}/message/send.do`, {
      headers: { origin: baseURL },
      data: { targetIds: [eva.uid], message: 'Hola Eva' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const cid = ((await started.json()) as { Conversation: { conversationId: number }[] }).Conversation[0]
      .conversationId;
    await page.goto(`/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
    const view = page.getByTestId('im-view');
    await view.getByTestId('im-message').first().waitFor(QUEUED);
    await attachFirst(page, view);
    await view.getByTestId('im-input').fill('Te mando una foto');
    await screenshot(page, 'messaging-photo-attached-390');
    await view.getByTestId('im-send').click();
    const line = view.getByTestId('im-message').filter({ hasText: 'Te mando una foto' }).last();
    await line.locator('img').waitFor(QUEUED);
    // Sent: the stored line (with the server's own copy of the picture) replaces the optimistic one.
    await expect.poll(() => line.getAttribute('data-status'), QUEUED).toBe(null);
    await expect
      .poll(() => line.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), QUEUED)
      .toBeGreaterThan(0);
    // The first send may offer push notices (webpush's own journey covers it): not now.
    const notNow = page.getByRole('button', { name: 'Ahora no' });
    if (await notNow.isVisible()) await notNow.click();
    await screenshot(page, 'messaging-photo-sent-390');

    const evaPage = await eva.context.newPage();
    await evaPage.setViewportSize(VIEWPORTS.desktop);
    await evaPage.goto(`/html/online/message-view.jsp?cid=${cid}&u=&type=1`);
    const received = evaPage
      .getByTestId('im-view')
      .getByTestId('im-message')
      .filter({ hasText: 'Te mando una foto' });
    await received.waitFor(QUEUED);
    const picture = received.getByRole('img', { name: 'Foto' });
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), QUEUED)
      .toBeGreaterThan(0);
    // Both see the line's stored picture (the server's copy), not the sender's optimistic one.
    const src = (await picture.getAttribute('src'))!;
    expect(src).toMatch(/^\/media\/img\//);
    expect(await line.locator('img').getAttribute('src')).toBe(src);
    await screenshot(evaPage, 'messaging-photo-received-desktop');
    await evaPage.close();
  });

  it('the owner makes, renames, reorders and deletes albums, moves a photo and unlocks the backstage', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/html/album/photoalbums.jsp?u=${dora.uid}`);
    await page.getByTestId('album-manage').click();
    const manager = page.getByTestId('album-manager');
    await manager.getByTestId('album-new-name').fill('Viaje');
    await manager.getByRole('button', { name: 'Crear álbum' }).click();
    await page.getByText('Álbum creado').waitFor(QUEUED);
    await expect.poll(() => manager.getByTestId('album-row').count(), QUEUED).toBe(2);
    const rows = () =>
      manager.getByTestId('album-rename').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const [first] = await rows();
    // The new album last; moved up it comes first.
    await manager.getByRole('button', { name: 'Subir «Viaje»' }).click();
    await expect.poll(rows, QUEUED).toEqual(['Viaje', first]);
    await expect.poll(() => page.getByTestId('album-tab').first().textContent(), QUEUED).toContain('Viaje');
    // Rename.
    const rename = manager.getByRole('textbox', { name: 'Nombre de «Viaje»' });
    await rename.fill('Viaje a Cádiz');
    await rename.press('Enter');
    await page.getByText('Álbum renombrado').waitFor(QUEUED);
    await expect.poll(rows, QUEUED).toEqual(['Viaje a Cádiz', first]);
    await screenshot(page, 'photos-album-manager-desktop');

    // Move a photo into it from the photo page.
    await page.getByTestId('photo-tile').first().click();
    await page.getByTestId('photo-view').waitFor();
    await page.getByTestId('photo-album').selectOption('Viaje a Cádiz');
    await page.getByText('Foto movida a «Viaje a Cádiz»').waitFor(QUEUED);
    await page.goto(`/html/album/photoalbums.jsp?u=${dora.uid}`);
    await expect.poll(() => page.getByTestId('album-tab').first().textContent(), QUEUED).toContain('· 1');

    // The backstage: made here, opened for Eva by name.
    await page.getByTestId('album-manage').click();
    await manager.getByRole('button', { name: 'Crear mi backstage' }).click();
    await page.getByTestId('album-tab').filter({ hasText: 'Backstage' }).waitFor(QUEUED);
    await page.getByTestId('album-tab').filter({ hasText: 'Backstage' }).click();
    const access = page.getByTestId('backstage-access');
    await access.getByText('Nadie más tiene acceso todavía.').waitFor(QUEUED);
    await access.getByLabel('Dar acceso a').fill(eva.name);
    await access.getByTestId('backstage-unlock').click();
    await page.getByText(`${eva.name} ya puede ver tu backstage`).waitFor(QUEUED);
    await access.getByTestId('backstage-member').filter({ hasText: eva.name }).waitFor();
    await screenshot(page, 'photos-backstage-access-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'photos-backstage-access-390');
    await access.getByRole('button', { name: `Quitar acceso a ${eva.name}` }).click();
    await access.getByText('Nadie más tiene acceso todavía.').waitFor(QUEUED);

    // Delete the trip album with its photo.
    await page.goto(`/html/album/photoalbums.jsp?u=${dora.uid}`);
    await page.getByTestId('album-manage').click();
    await manager.getByRole('button', { name: 'Eliminar «Viaje a Cádiz»' }).click();
    const sure = page.getByRole('alertdialog');
    await sure.getByText('Se borrarán también sus 1 fotos').waitFor();
    await sure.getByRole('button', { name: 'Eliminar «Viaje a Cádiz»' }).click();
    await page.getByText('Álbum eliminado').waitFor(QUEUED);
    await expect.poll(rows, QUEUED).not.toContain('Viaje a Cádiz');
    await expect.poll(() => page.getByTestId('photo-tile').count(), QUEUED).toBe(1);
  });
});
