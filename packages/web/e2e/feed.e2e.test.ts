import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { QUEUED, stamp, withBrowser } from './journey';
import { befriend, connectedPage, darkContext, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 9, day: 14 });

const STATUS = `Hoy estreno **Tertulia** ${stamp}`;
// The status's own card (friends' like cards quote its text too).
const item = (page: Page) =>
  page
    .locator('[data-testid="feed-item"][data-type="1"]')
    .filter({ hasText: `Hoy estreno Tertulia ${stamp}` });
/** Every card that shows the status: its own and the like cards about it. */
const cardsQuoting = (page: Page) =>
  page.getByTestId('feed-item').filter({ hasText: `Hoy estreno Tertulia ${stamp}` });

describe('feed journey', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`anaf${stamp}`, 'f');
    beto = await member(`betof${stamp}`, 'm');
    // B asks and A accepts, so A's notifications start empty (the acceptance notice is B's).
    await befriend(beto, ana);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A posts a status; B, already reading the feed, is told "1 publicación nueva" live', async () => {
    betoPage = await connectedPage(beto, '/html/index.jsp');
    await betoPage.getByRole('tab', { name: 'Todo', selected: true }).waitFor();

    anaPage = await connectedPage(ana, '/html/index.jsp', true);
    await anaPage.getByRole('button', { name: '¿Qué estás pensando' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Actualizar estado' });
    await dialog.getByRole('textbox', { name: '¿Qué estás pensando?' }).fill(STATUS);
    await dialog.getByRole('button', { name: 'Publicar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A's own post goes straight to the top of A's feed, rich text and all.
    await item(anaPage).waitFor();
    expect(await item(anaPage).locator('strong').first().textContent()).toBe('Tertulia');
    expect(await item(anaPage).getByRole('button', { name: 'Eliminar publicación' }).count()).toBe(1);

    const pill = betoPage.getByTestId('new-posts');
    await pill.waitFor(QUEUED);
    expect(await pill.textContent()).toBe('1 publicación nueva');
    expect(await item(betoPage).count()).toBe(0);
    await screenshot(betoPage, 'feed-new-posts-360');
    await pill.click();
    await item(betoPage).waitFor();
    // On top, from A, and not B's to delete.
    expect(await betoPage.getByTestId('feed-item').first().textContent()).toContain(ana.name);
    expect(await item(betoPage).getByRole('button', { name: 'Eliminar publicación' }).count()).toBe(0);
    await pill.waitFor({ state: 'detached' });
  });

  it('B likes and comments; the count and the comment show at once', async () => {
    const post = item(betoPage);
    await post.getByRole('button', { name: 'Me gusta' }).click();
    const liked = post.getByRole('button', { name: /Ya no me gusta/ });
    await liked.waitFor();
    expect(await liked.getByTestId('like-count').textContent()).toBe('1');
    await post.getByTestId('liked-by').waitFor();
    expect(await post.getByTestId('liked-by').textContent()).toContain('Te gusta esto');

    await post.getByRole('button', { name: 'Comentar' }).click();
    const field = post.getByRole('textbox', { name: 'Escribe un comentario' });
    await field.fill('¡Enhorabuena! :)');
    await field.press('Enter');
    const comment = post.getByTestId('comment').first();
    await comment.waitFor();
    expect(await comment.textContent()).toContain(beto.name);
    expect(await comment.textContent()).toContain('¡Enhorabuena!');
    expect(await field.inputValue()).toBe('');
    await post.getByText('1 comentario').waitFor();
    await screenshot(betoPage, 'feed-liked-commented-360');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('A gets the notifications live: the badge, the notice, and the list linking to the status', async () => {
    const bell = anaPage.getByTestId('notifications-button');
    await expect.poll(() => bell.getAttribute('aria-label'), QUEUED).toBe('Notificaciones: 2 sin leer');
    expect(await anaPage.getByTestId('notifications-badge').textContent()).toBe('2');
    await expect
      .poll(() => anaPage.getByTestId('toast').textContent(), QUEUED)
      .toMatch(new RegExp(`${beto.name} (le gusta|ha comentado)`));

    await bell.click();
    const entries = anaPage.getByTestId('notification');
    await entries.nth(1).waitFor();
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain(`${beto.name} ha comentado tu publicación.`);
    expect(texts[1]).toContain(`A ${beto.name} le gusta tu publicación.`);
    await screenshot(anaPage, 'feed-notifications-desktop');
    expect(await seriousViolations(anaPage)).toEqual([]);

    // The comment notice opens the status, with B's comment under it; the badge goes down.
    await entries.first().click();
    await anaPage.waitForURL(/\/feed\?status=\d+&u=/);
    await item(anaPage).waitFor();
    await item(anaPage).getByText('¡Enhorabuena!').waitFor();
    await expect.poll(() => bell.getAttribute('aria-label'), QUEUED).toBe('Notificaciones: 1 sin leer');

    await bell.click();
    await anaPage.getByRole('button', { name: 'Marcar todo como leído' }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), QUEUED).toBe('Notificaciones');
  });

  it('the filter choice is remembered across visits; the feed passes axe in light and dark', async () => {
    await betoPage.getByRole('tab', { name: 'Amigos' }).click();
    await item(betoPage).waitFor();
    await betoPage.reload();
    await betoPage.getByRole('tab', { name: 'Amigos', selected: true }).waitFor();
    await item(betoPage).waitFor();
    await screenshot(betoPage, 'feed-friends-360');

    await betoPage.setViewportSize(VIEWPORTS.desktop);
    await screenshot(betoPage, 'feed-friends-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);

    const dark = await darkContext(beto);
    const page = await dark.newPage();
    await page.goto('/html/index.jsp');
    await item(page).waitFor();
    await screenshot(page, 'feed-dark-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dark.close();
  });

  it('B sees A’s status on A’s profile and writes in A’s guestbook', async () => {
    await betoPage.setViewportSize(VIEWPORTS.phone);
    await betoPage.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    const status = betoPage.getByTestId('profile-status');
    await status.waitFor();
    expect(await status.textContent()).toContain(`Hoy estreno Tertulia ${stamp}`);
    await item(betoPage).waitFor();

    const field = betoPage.getByRole('textbox', { name: `Escribe en el libro de visitas de ${ana.name}` });
    await field.fill('¡Qué alegría verte por aquí!');
    await betoPage.locator('#guestbook').getByRole('button', { name: 'Publicar' }).click();
    const entry = betoPage.getByTestId('guestbook-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('¡Qué alegría verte por aquí!');
    expect(await field.inputValue()).toBe('');
    await screenshot(betoPage, 'feed-profile-guestbook-360');
    expect(await seriousViolations(betoPage)).toEqual([]);

    // A's own profile has no guestbook form (the server refuses one's own), but shows the entry.
    await expect
      .poll(() => anaPage.getByTestId('notifications-button').getAttribute('aria-label'), QUEUED)
      .toBe('Notificaciones: 1 sin leer');
    await anaPage.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    await anaPage.getByTestId('guestbook-entry').first().waitFor();
    expect(await anaPage.locator('#guestbook textarea').count()).toBe(0);
  });

  it('A deletes the status after confirming; it leaves A’s feed', async () => {
    await anaPage.goto('/html/index.jsp');
    await item(anaPage).getByRole('button', { name: 'Eliminar publicación' }).click();
    const confirm = anaPage.getByRole('alertdialog', { name: '¿Eliminar la publicación?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await item(anaPage).waitFor({ state: 'detached' });
    // A like card about the deleted status leaves with it.
    await expect.poll(() => cardsQuoting(anaPage).count()).toBe(0);
    await expect
      .poll(() => anaPage.getByTestId('toast').textContent(), QUEUED)
      .toContain('Publicación eliminada');
  });
});
