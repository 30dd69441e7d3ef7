import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHello, screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, browser, stamp, withBrowser } from './journey';
import { type Member as Registered, register } from './members';

withBrowser();

/** A member created through the API, with a context (cookie jar) and a page of their own. */
type Member = Registered & { page: Page };

async function member(
  name: string,
  gender: 'f' | 'm',
  profile: Record<string, unknown> = {},
): Promise<Member> {
  const registered = await register(name, gender, { year: 1994, month: 5, day: 17 });
  if (Object.keys(profile).length > 0) await updateProfile(registered.context, profile);
  // These journeys are about profiles: the push permission offer (webpush.e2e.test.ts), which
  // follows a first message on a later visit, would cover the IM window they close.
  const declined = await registered.context.request.post(`${API}/push/setSettings.do`, {
    headers: { origin: baseURL },
    data: { prompt: 2 },
  });
  expect(declined.ok()).toBe(true);
  return { ...registered, page: await registered.context.newPage() };
}

async function updateProfile(context: BrowserContext, profile: Record<string, unknown>) {
  const res = await context.request.post(`${API}/profile/updateProfile.do`, {
    headers: { origin: baseURL },
    data: profile,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A real PNG (solid colour, 320x240) written for the upload journey. */
function pngFile(): string {
  const width = 320;
  const height = 240;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([15, 118, 110], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'tertulia-png-')), 'foto.png');
  writeFileSync(path, png);
  return path;
}

/** Every toast text shown from now on, in order (progress toasts change quickly). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = el.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const toasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
const toastText = (page: Page) => page.getByTestId('toast').textContent();

describe('people', () => {
  let ana: Member;
  let leo: Member;

  beforeAll(async () => {
    leo = await member(`leo${stamp}`, 'm', {
      firstName: 'Leo',
      lastName: 'Márquez',
      about: 'Me gusta el **café** y ~~viajar~~.',
      lookingFor: 2,
      relationshipStatus: 1,
      education: 4,
      children: 2,
      city: 'Valencia',
      country: 'España',
      imPermission: 0,
    });
    ana = await member(`ana${stamp}`, 'f');
  });
  afterAll(async () => {
    await ana?.context.close();
    await leo?.context.close();
  });

  it('views a profile: names, age, words, presence and actions; the owner is told of the visit', async () => {
    // Leo is on his home page with the push socket open when Ana arrives.
    const hello = pushHello(leo.page);
    await leo.page.goto('/html/index.jsp');
    await hello;
    await leo.page.getByRole('heading', { name: `Hola, ${leo.name}` }).waitFor();

    const page = ana.page;
    await page.goto(`/html/profile-view.jsp?user=${leo.uid}`);
    await page.getByRole('heading', { name: 'Leo Márquez' }).waitFor();
    // Leo is not VIP: the notice hides the name and opens the visits page. Read at once: a notice
    // lasts 5 s, less than the checks of Ana's page below take on a busy machine.
    await expect.poll(() => toastText(leo.page)).toContain('Alguien ha visitado tu perfil');
    await leo.page.getByTestId('toast').getByRole('button').first().click();
    await leo.page.waitForURL('**/html/gold/profile-visits.jsp');
    const main = page.getByRole('main');
    expect(await main.getByText(`@${leo.name}`).isVisible()).toBe(true);
    expect(await main.getByText(/\d+ años · Hombre · Valencia, España/).isVisible()).toBe(true);
    expect(await main.getByText('Una relación seria').isVisible()).toBe(true);
    expect(await main.getByText('Soltero/a').isVisible()).toBe(true);
    expect(await main.getByText('Título universitario').isVisible()).toBe(true);
    expect(await main.getByText('Quiero tener hijos algún día').isVisible()).toBe(true);
    // About is rich text, never HTML.
    expect(await main.locator('strong', { hasText: 'café' }).count()).toBe(1);
    expect(await main.locator('em', { hasText: 'viajar' }).count()).toBe(1);
    expect(
      await main
        .getByText(/En línea|Última conexión/)
        .first()
        .isVisible(),
    ).toBe(true);
    for (const action of ['Enviar mensaje', 'Bloquear', 'Denunciar'])
      expect(await main.getByRole('button', { name: action }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: 'Expulsar de Tertulia' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Editar perfil' }).count()).toBe(0);
    await screenshot(page, 'profile-other-360');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'profile-other-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);

    // Leo's visits page, opened from the notice above.
    await expect.poll(() => leo.page.getByRole('main').textContent()).toContain('1 persona visitó tu perfil');
    // The offer links the VIP page of the gold section, with where the member came from.
    const offer = leo.page.getByRole('link', { name: 'Hazte VIP' });
    await offer.waitFor();
    expect(await offer.getAttribute('href')).toBe('/html/gold/vip.jsp?utm_campaign=profile_visits');
    await screenshot(leo.page, 'profile-visits-360');
    expect(await seriousViolations(leo.page)).toEqual([]);
  });

  it('edits her own profile from the profile page and sees the change', async () => {
    const page = ana.page;
    await page.goto('/html/profile-view.jsp');
    await page.waitForURL(`**/html/profile-view.jsp?user=${ana.uid}`);
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar perfil' });
    await dialog.waitFor();
    await dialog.getByLabel('Nombre', { exact: true }).fill('Ana');
    await dialog.getByLabel('Apellidos').fill('Ruiz');
    await dialog.getByLabel('Sobre mí').fill('Hola a **todos**');
    await dialog.getByLabel('Busca', { exact: true }).selectOption({ label: 'Amistad' });
    await dialog.getByLabel('Orientación').selectOption({ label: 'Bisexual' });
    await dialog.getByLabel('Ciudad').fill('Lima');
    await dialog.getByLabel('País').fill('Perú');
    await dialog
      .getByLabel('Quién puede enviarme mensajes instantáneos')
      .selectOption({ label: 'Solo mis amigos' });
    await dialog.getByLabel('Acepto videollamadas').check();
    await screenshot(page, 'profile-edit-dialog-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toastText(page)).toContain('Actualizaciones guardadas');
    await page.getByRole('heading', { name: 'Ana Ruiz' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('Amistad').isVisible()).toBe(true);
    expect(await main.getByText('Bisexual').isVisible()).toBe(true);
    expect(await main.getByText(/Lima, Perú/).isVisible()).toBe(true);
    expect(await main.locator('strong', { hasText: 'todos' }).count()).toBe(1);
    // The server kept it: a fresh load shows the same.
    await page.reload();
    await page.getByRole('heading', { name: 'Ana Ruiz' }).waitFor();
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    expect(
      await page.getByRole('dialog').getByLabel('Quién puede enviarme mensajes instantáneos').inputValue(),
    ).toBe('1');
    await page.keyboard.press('Escape');
    await screenshot(page, 'profile-own-360');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'profile-own-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('uploads a profile photo with a progress toast, and shows it', async () => {
    const page = ana.page;
    await page.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    await page.getByRole('heading', { name: 'Ana Ruiz' }).waitFor();
    await recordToasts(page);
    await page.getByLabel('Cambiar foto').setInputFiles(pngFile());
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toContain('Foto de perfil actualizada');
    const shown = await toasts(page);
    expect(shown.some((text) => /Subiendo tu foto|Procesando/.test(text))).toBe(true);
    const photo = page.getByRole('main').getByRole('img', { name: `Foto de ${ana.name}` });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/media\/img\/.+\?w=320&crop=1&q=75$/);
    await expect
      .poll(() =>
        photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'profile-photo-360');
  });

  it('searches with a filter and gets member cards', async () => {
    const page = ana.page;
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/html/search.jsp');
    await page.getByRole('heading', { name: 'Buscar gente' }).waitFor();
    const filters = page.getByRole('form', { name: 'Filtros' });
    await filters.getByLabel('Sexo').selectOption({ label: 'Hombre' });
    await filters.getByLabel('Ciudad').fill('Valencia');
    await filters.getByLabel('Busca', { exact: true }).selectOption({ label: 'Una relación seria' });
    await filters.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/gender=m/);
    expect(page.url()).toContain('city=Valencia');
    expect(page.url()).toContain('lookingFor=2');
    expect(page.url()).not.toContain('minAge');
    const results = page.getByRole('list', { name: 'Resultados' });
    await results.getByRole('link', { name: leo.name }).waitFor();
    expect(await results.getByRole('link', { name: ana.name }).count()).toBe(0);
    await screenshot(page, 'search-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/html/search.jsp?gender=f&city=Valencia');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('No encontramos a nadie');
    await screenshot(page, 'search-empty-360');

    // Quick search by name: suggestions after typing, Enter lists every match.
    await page.getByLabel('Buscar por nombre').pressSequentially(leo.name.slice(0, 5));
    const suggestions = page.getByRole('list', { name: 'Sugerencias' });
    await suggestions.getByRole('link', { name: leo.name }).waitFor();
    await screenshot(page, 'search-suggestions-360');
    await page.getByLabel('Buscar por nombre').press('Enter');
    await page.waitForURL(/name=/);
    await page.getByRole('heading', { name: `Resultados para «${leo.name.slice(0, 5)}»` }).waitFor();
    await page.getByRole('main').getByRole('link', { name: leo.name }).first().waitFor();
    await screenshot(page, 'search-name-360');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the hover card opens after a pause, hides after leaving, and follows the message rules', async () => {
    const page = ana.page;
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/html/search.jsp?name=${leo.name}`);
    const link = page.getByRole('main').getByRole('heading', { name: leo.name }).getByRole('link');
    await link.waitFor();
    const card = page.getByTestId('profile-card');
    await link.hover();
    await page.waitForTimeout(250);
    expect(await card.count()).toBe(0);
    await card.waitFor();
    // First names for members (ids over 1100): "Leo", not "Leo Márquez".
    expect(await card.getByRole('link', { name: 'Leo', exact: true }).isVisible()).toBe(true);
    const message = card.getByLabel('Mensaje para Leo');
    await message.waitFor();
    await screenshot(page, 'hover-card-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Empty message: its warning, nothing sent.
    await card.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => toastText(page)).toContain('No se puede enviar un mensaje vacío');

    // Not pledged yet: the pledge dialog comes first; after it, delivery (the IM is sent and its window opens).
    await message.fill('¡Hola, Leo!');
    await card.getByRole('button', { name: 'Enviar' }).click();
    const pledge = page.getByRole('dialog', { name: 'Nuestro compromiso' });
    await pledge.waitFor();
    await screenshot(page, 'pledge-dialog-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await pledge.getByRole('button', { name: 'Lo prometo' }).click();
    await page.getByTestId('im-view').getByTestId('im-message').filter({ hasText: '¡Hola, Leo!' }).waitFor();
    // The window would stay open (and come back on every page): closed here to go on.
    await page
      .getByRole('dialog')
      .filter({ has: page.getByTestId('im-view') })
      .getByRole('button', { name: 'Cerrar' })
      .click();

    // Moving away hides the card.
    await page.goto(`/html/search.jsp?name=${leo.name}`);
    await link.waitFor();
    await link.hover();
    await card.waitFor();
    await page.mouse.move(5, 500);
    await card.waitFor({ state: 'detached' });

    // Leo lets nobody IM him: the card has no message form any more.
    await updateProfile(leo.context, { imPermission: 2 });
    await page.reload();
    await link.waitFor();
    await link.hover();
    await card.waitFor();
    await card.getByText(/En línea|Última conexión|Desconectado/).waitFor();
    await expect.poll(() => card.getByLabel('Mensaje para Leo').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Expulsar de Tertulia' }).count()).toBe(0);
    await page.mouse.move(5, 500);
    await updateProfile(leo.context, { imPermission: 0 });
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('reports, blocks and unblocks; the blocked list lives in the settings', async () => {
    const page = ana.page;
    await page.goto(`/html/profile-view.jsp?user=${leo.uid}`);
    await page.getByRole('heading', { name: 'Leo Márquez' }).waitFor();

    await page.getByRole('button', { name: 'Denunciar' }).click();
    const report = page.getByRole('dialog', { name: `Denunciar a ${leo.name}` });
    await report.getByLabel('Cuéntanos qué pasó (opcional)').fill('Mensajes molestos');
    await report.getByRole('button', { name: 'Enviar denuncia' }).click();
    await report.getByText('Gracias por ayudarnos').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await report.getByRole('button', { name: 'Cerrar' }).first().click();

    await page.getByRole('button', { name: 'Bloquear' }).click();
    const confirm = page.getByRole('alertdialog', { name: `¿Bloquear a ${leo.name}?` });
    await confirm.getByRole('button', { name: 'Bloquear' }).click();
    await expect.poll(() => toastText(page)).toContain(`Has bloqueado a ${leo.name}`);
    await page.getByRole('button', { name: 'Desbloquear' }).waitFor();

    await page.goto('/html/settings.jsp');
    const blocked = page.getByRole('region', { name: 'Miembros bloqueados' });
    await blocked.getByRole('link', { name: leo.name }).waitFor();
    await screenshot(page, 'settings-blocked-360');
    expect(await seriousViolations(page)).toEqual([]);
    await blocked.getByRole('button', { name: `Desbloquear a ${leo.name}` }).click();
    await blocked.getByText('No has bloqueado a nadie.').waitFor();
  });

  it('verification: asks for the email, and a bad link shows the server error', async () => {
    const page = ana.page;
    await page.goto('/link/profile-verify.jsp');
    await page.getByRole('button', { name: 'Enviarme el correo' }).click();
    await page.getByText('Te enviamos un correo con el enlace de verificación').waitFor();
    await screenshot(page, 'verify-sent-360');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/link/profile-verify.jsp?token=esto-no-es-un-token');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(0);
    expect(await page.getByText('Tu cuenta ya fue verificada.').count()).toBe(0);
  });

  it('the profile page in a dark theme passes axe', async () => {
    const dark = await browser.newContext({
      baseURL,
      viewport: VIEWPORTS.phone,
      colorScheme: 'dark',
      serviceWorkers: 'block',
      storageState: await ana.context.storageState(),
    });
    const page = await dark.newPage();
    await page.goto(`/html/profile-view.jsp?user=${leo.uid}`);
    await page.getByRole('heading', { name: 'Leo Márquez' }).waitFor();
    await screenshot(page, 'profile-other-dark-360');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/html/search.jsp');
    await page.getByRole('heading', { name: 'Buscar gente' }).waitFor();
    await page
      .getByText(/personas|persona|No encontramos/)
      .first()
      .waitFor();
    await screenshot(page, 'search-dark-360');
    expect(await seriousViolations(page)).toEqual([]);
    await dark.close();
  });
});
