import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, darkContext, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1993, month: 4, day: 11 });
const toastText = (page: Page) => page.getByTestId('toast').textContent();

async function onlineCount(who: Member): Promise<number> {
  const res = await who.context.request.get(`${API}/user/getNumberFriendsOnline.do`);
  return (await res.json()).Integer[0] as number;
}

describe('friends journey', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;

  beforeAll(async () => {
    ana = await member(`ana${stamp}`, 'f');
    beto = await member(`beto${stamp}`, 'm');
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A sends a request from B’s profile; B’s badge and notice follow at once', async () => {
    const betoPage = await connectedPage(beto, '/html/index.jsp');
    await betoPage.getByRole('link', { name: 'Solicitudes de amistad', exact: true }).waitFor();

    anaPage = await connectedPage(ana, `/html/profile-view.jsp?user=${beto.uid}`);
    await anaPage.getByRole('button', { name: 'Añadir a amigos' }).click();
    await expect.poll(() => toastText(anaPage)).toContain('Solicitud de amistad enviada');
    await anaPage.getByRole('button', { name: 'Solicitud enviada' }).waitFor();

    // B, in another browser context: the badge counts the request and a notice links to the inbox.
    await betoPage.getByRole('link', { name: 'Solicitudes de amistad: 1' }).waitFor();
    await expect.poll(() => toastText(betoPage), QUEUED).toContain(`${ana.name} quiere ser tu amigo`);
    await betoPage.getByTestId('toast').getByRole('button').first().click();
    await betoPage.waitForURL('**/html/buddies-requests.jsp');
    await betoPage.getByText('Tienes 1 solicitud pendiente').waitFor();
    await screenshot(betoPage, 'buddies-requests-360');
    expect(await seriousViolations(betoPage)).toEqual([]);
    await betoPage.setViewportSize(VIEWPORTS.desktop);
    await screenshot(betoPage, 'buddies-requests-desktop');
    expect(await seriousViolations(betoPage)).toEqual([]);
  });

  it('B accepts from the inbox; A is told and counts B among friends online', async () => {
    const betoPage = beto.context.pages()[0];
    await betoPage.getByRole('button', { name: `Aceptar a ${ana.name}` }).click();
    await expect.poll(() => toastText(betoPage)).toContain(`Ahora ${ana.name} y tú sois amigos`);
    await betoPage.getByText('No tienes solicitudes pendientes.').waitFor();
    await betoPage.getByRole('link', { name: 'Solicitudes de amistad', exact: true }).waitFor();

    // A's tab hears of it: the acceptance notice, and B (online now) in the header count.
    await expect.poll(() => toastText(anaPage), QUEUED).toContain(`${beto.name} ha aceptado`);
    await anaPage.getByRole('link', { name: 'Amigos en línea: 1' }).waitFor();
    expect(await anaPage.getByRole('button', { name: 'Añadir a amigos' }).count()).toBe(0);
  });

  it('when B comes back online, A gets the notice and the count goes up', async () => {
    // B leaves: every socket closes.
    for (const page of beto.context.pages()) await page.close();
    await expect.poll(() => onlineCount(ana), QUEUED).toBe(0);
    await anaPage.goto('/html/buddies.jsp');
    await anaPage.getByRole('link', { name: 'Amigos en línea: 0' }).waitFor();
    await anaPage.getByTestId('friend').first().waitFor();

    const again = await connectedPage(beto, '/html/index.jsp');
    await expect.poll(() => toastText(anaPage), QUEUED).toContain(`${beto.name} está en línea`);
    await anaPage.getByRole('link', { name: 'Amigos en línea: 1' }).waitFor();
    // The notice opens B's profile.
    await anaPage.getByTestId('toast').getByRole('button').first().click();
    await anaPage.waitForURL(`**/html/profile-view.jsp?user=${beto.uid}`);
    await again.close();
  });

  it('the friends page passes axe on a phone and on a desktop', async () => {
    await anaPage.goto('/html/buddies.jsp');
    const row = anaPage.getByTestId('friend').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(beto.name);
    await screenshot(anaPage, 'buddies-friends-360');
    expect(await seriousViolations(anaPage)).toEqual([]);
    await anaPage.setViewportSize(VIEWPORTS.desktop);
    await screenshot(anaPage, 'buddies-friends-desktop');
    expect(await seriousViolations(anaPage)).toEqual([]);
    await anaPage.setViewportSize(VIEWPORTS.phone);
  });

  it('in a dark theme the friends page and the inbox pass axe too', async () => {
    const dark = await darkContext(ana);
    const page = await dark.newPage();
    await page.goto('/html/buddies.jsp');
    await page.getByTestId('friend').first().waitFor();
    await screenshot(page, 'buddies-friends-dark-360');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/html/buddies-requests.jsp');
    await page.getByText('No tienes solicitudes pendientes.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dark.close();
  });
});

describe('a private list asks who you are', () => {
  it('the request goes through the confirmation page with her phone (a last name proves nothing)', async () => {
    const eva = await member(`eva${stamp}`, 'f');
    const teo = await member(`teo${stamp}`, 'm');
    const set = await eva.context.request.post(`${API}/buddy/setPrivate.do`, {
      headers: { origin: baseURL },
      data: { isPrivate: true },
    });
    expect(set.ok()).toBe(true);
    // The proof is compared with the phone eva keeps on her profile (shown to nobody).
    const named = await eva.context.request.post(`${API}/profile/updateProfile.do`, {
      headers: { origin: baseURL },
      data: { lastName: 'Ortega', phone: '+34 611 222 333' },
    });
    expect(named.ok()).toBe(true);

    const page = await teo.context.newPage();
    await page.goto(`/html/profile-view.jsp?user=${eva.uid}`);
    await page.getByRole('button', { name: 'Añadir a amigos' }).click();
    await page.waitForURL('**/html/buddies-show.jsp?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('action')).toBe('add');
    expect(url.searchParams.get('u')).toBe(String(eva.uid));
    const message = url.searchParams.get('pageerrormsg') ?? '';
    expect(message.length).toBeGreaterThan(0);
    await page.getByText(message).waitFor();
    await screenshot(page, 'buddies-confirm-360');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Su teléfono').fill('611 222 333');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.waitForURL(`**/html/profile-view.jsp?user=${eva.uid}`);
    await expect.poll(() => toastText(page)).toContain('Solicitud de amistad enviada');

    // Eva's own list is still hers to see; teo, not a friend, gets the 403's reason.
    await page.goto(`/html/buddies.jsp?u=${eva.uid}`);
    await page.getByRole('heading', { name: 'No puedes ver esta lista' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await eva.context.close();
    await teo.context.close();
  });
});
