import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, pushHello, screenshot, seriousViolations } from './browser';
import { API, baseURL, browser, password, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const NEW_PASSWORD = 'otra-clave-larga-7';
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

describe('account safety journey', () => {
  let ana: Member;
  let beto: Member;
  let anaElsewhere: Member;

  beforeAll(async () => {
    ana = await register(`anacc${stamp}`, 'f', { year: 1990, month: 3, day: 4 });
    beto = await register(`betacc${stamp}`, 'm', { year: 1989, month: 7, day: 8 });
    // Ana signed in a second time, in another browser (context).
    const context = await newContext(browser, baseURL);
    const login = await context.request.post(`${API}/profile/login.do`, {
      headers: { origin: baseURL },
      data: { name: ana.name, password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    anaElsewhere = { ...ana, context };
  });
  afterAll(async () => {
    for (const m of [ana, beto, anaElsewhere]) await m?.context.close();
  });

  const sendToAna = async (text: string) => {
    const sent = await beto.context.request.post(`${API}/message/send.do`, {
      headers: { origin: baseURL },
      data: { targetIds: [ana.uid], message: text },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  };

  it('a password change signs the other browser out at once; it stops receiving messages', async () => {
    // The other browser sits on a profile page with its push socket connected.
    const elsewhere = await anaElsewhere.context.newPage();
    const sockets: WebSocket[] = [];
    const frames: string[] = [];
    elsewhere.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('framereceived', (f) => frames.push(String(f.payload)));
    });
    const hello = pushHello(elsewhere);
    await elsewhere.goto(`/html/profile-view.jsp?user=${beto.uid}`);
    await hello;
    const ws = sockets[0];
    const closed = ws.waitForEvent('close', { timeout: 20_000 });

    // This browser: the settings page, its sessions list shows both.
    const page = await connectedPage(ana, '/html/settings.jsp');
    const sessions = page.getByRole('list', { name: 'Sesiones abiertas' }).getByRole('listitem');
    await expect.poll(() => sessions.count(), QUEUED).toBe(2);
    await page.getByLabel('Contraseña actual').fill('no-es-esta-clave');
    await page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' }).waitFor();
    expect(sockets.filter((s) => !s.isClosed())).toHaveLength(1);

    await page.getByLabel('Contraseña actual').fill(password);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await toast(page, 'Contraseña cambiada').waitFor(QUEUED);

    // The other browser: socket closed, logged-out home with the login form.
    await closed;
    await elsewhere.getByRole('heading', { name: 'Iniciar sesión' }).waitFor(QUEUED);
    expect(new URL(elsewhere.url()).pathname).toBe('/html/index.jsp');
    await expect.poll(() => sessions.count(), QUEUED).toBe(1);
    await screenshot(page, 'account-sessions-phone');

    // A message sent now reaches this browser, not the signed-out one.
    const before = frames.length;
    await sendToAna('¿Sigues ahí?');
    await page.getByTestId('im-badge').waitFor(QUEUED);
    await new Promise((r) => setTimeout(r, 1000));
    expect(frames.slice(before).filter((f) => f.includes('¿Sigues ahí?'))).toEqual([]);
    expect(sockets.every((s) => s.isClosed())).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
