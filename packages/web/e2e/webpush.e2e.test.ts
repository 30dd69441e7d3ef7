import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../server/tests/_push-service';
import { screenshot, VIEWPORTS } from './browser';
import { API, baseURL, browser, QUEUED, stamp, withBrowser } from './journey';
import { type Member, register } from './members';

withBrowser();

/**
 * Reaching members when the tab is closed: the permission dialog, the service worker (offline
 * shell, notifications), the offline outbox and the share sheet. Headless Chromium has no push
 * service of its own (an outside network): the page's PushManager.subscribe answers with a
 * subscription of the local test push service, which decrypts what the server sends.
 */
const member = (name: string) => register(name, 'f', { year: 1990, month: 3, day: 9 });
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function appContext(who: Member, subscription?: { endpoint: string; p256dh: string; auth: string }) {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.phone,
    locale: 'es-ES',
    serviceWorkers: 'allow',
    storageState: await who.context.storageState(),
  });
  if (subscription) {
    await context.addInitScript((sub) => {
      const bytes = (b64: string) =>
        Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      let current: unknown = null;
      const make = (key: ArrayBuffer) => ({
        endpoint: sub.endpoint,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        getKey: (name: string) => bytes(name === 'auth' ? sub.auth : sub.p256dh).buffer,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as Uint8Array;
        current = make(key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer);
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    }, subscription);
  }
  return context;
}

async function api(context: BrowserContext, call: string, data?: Record<string, unknown>) {
  const res = data
    ? await context.request.post(`${API}/${call}`, { headers: { origin: baseURL }, data })
    : await context.request.get(`${API}/${call}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

describe('web push, installed app and sharing journey', () => {
  let push: PushService;
  let ana: Member;
  let beto: Member;
  let carla: Member;
  let anaApp: BrowserContext;

  beforeAll(async () => {
    push = await startPushService();
    ana = await member(`anwp${stamp}`);
    beto = await member(`bewp${stamp}`);
    carla = await member(`cawp${stamp}`);
  });
  afterAll(async () => {
    await anaApp?.close();
    for (const who of [ana, beto, carla]) await who?.context.close();
    await push?.close();
  });

  it('offers the permission dialog after a first friend request (never on the first visit); granted, pushes arrive encrypted', async () => {
    const device = push.subscription();
    anaApp = await appContext(ana, device);
    const page = await anaApp.newPage();
    // First visit: the service worker installs, and a friend request offers nothing.
    await page.goto(`/html/profile-view.jsp?user=${beto.uid}`);
    const active = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active);
    expect(active).toBe(true);
    // Second visit: the first friend request is the moment.
    await page.goto(`/html/profile-view.jsp?user=${carla.uid}`);
    await page.getByRole('button', { name: 'Añadir a amigos' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Te avisamos aunque Tertulia esté cerrado?' });
    await dialog.waitFor(QUEUED);
    await screenshot(page, 'webpush-dialog-phone');
    await anaApp.grantPermissions(['notifications'], { origin: baseURL });
    await dialog.getByRole('button', { name: 'Activar avisos' }).click();
    await toast(page, 'Avisos activados en este dispositivo').waitFor(QUEUED);
    expect((await api(anaApp, 'push/getSettings.do')).PushSettings[0]).toMatchObject({
      prompt: 1,
      devices: 1,
    });

    // Ana closes Tertulia: Beto's message reaches her device, decrypted by the push service.
    await page.close();
    // Its socket closes with the page: no open socket anywhere, so the push service is used.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await api(beto.context, 'message/send.do', { targetIds: [ana.uid], message: 'Hola Ana, ¿vienes?' });
    await push.waitFor(1, 15_000);
    expect(push.for(device.id)[0].payload).toMatchObject({ title: beto.name, body: 'Hola Ana, ¿vienes?' });
  });

  it('a member who says "Ahora no" is never asked again', async () => {
    const context = await appContext(carla, push.subscription());
    const page = await context.newPage();
    await page.goto('/html/index.jsp');
    await page.goto(`/html/profile-view.jsp?user=${beto.uid}`);
    await page.getByRole('button', { name: 'Añadir a amigos' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Te avisamos aunque Tertulia esté cerrado?' });
    await dialog.getByRole('button', { name: 'Ahora no' }).click();
    await expect.poll(async () => (await api(context, 'push/getSettings.do')).PushSettings[0].prompt).toBe(2);
    await page.reload();
    await api(context, 'message/send.do', { targetIds: [beto.uid], message: 'hola' });
    await page.goto(`/html/profile-view.jsp?user=${ana.uid}`);
    await page.getByRole('button', { name: 'Compartir' }).waitFor();
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('the installed app opens offline with its offline state', async () => {
    const page = await anaApp.newPage();
    await page.goto('/html/index.jsp');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await anaApp.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor(QUEUED);
    expect(await page.getByTestId('offline-banner').textContent()).toContain('Sin conexión');
    await page.getByRole('heading', { name: 'Sin conexión' }).waitFor();
    await screenshot(page, 'webpush-offline-phone');
    await anaApp.setOffline(false);
    await page.close();
  });

  it('a message written offline is sent once when back online', async () => {
    const [conversation] = (
      await api(ana.context, 'message/send.do', { targetIds: [beto.uid], message: 'antes' })
    ).Conversation;
    const page = await anaApp.newPage();
    await page.goto(
      `/html/online/message-view.jsp?cid=${conversation.conversationId}&u=${conversation.ownerId}&type=1`,
    );
    const box = page.getByRole('textbox').last();
    await box.waitFor();
    await anaApp.setOffline(true);
    await box.fill('escrito sin conexión');
    await box.press('Enter');
    await page.getByTestId('queued').waitFor(QUEUED);
    await screenshot(page, 'webpush-queued-phone');
    await anaApp.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.getByTestId('queued').count(), QUEUED).toBe(0);
    await page.reload();
    const read = await api(
      ana.context,
      `message/getConversation.do?conversationId=${conversation.conversationId}&maxMessages=20`,
    );
    const lines = read.Conversation[0].messages.filter(
      (m: { content: string }) => m.content === 'escrito sin conexión',
    );
    expect(lines).toHaveLength(1);
    await page.close();
  });

  it('the share sheet copies a profile link and says so', async () => {
    await anaApp.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await anaApp.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/html/profile-view.jsp?user=${beto.uid}`);
    await page.getByRole('button', { name: 'Compartir', exact: true }).click();
    await page.getByRole('button', { name: 'Copiar enlace' }).click();
    await toast(page, '¡Copiado!').waitFor(QUEUED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/html/profile-view.jsp?user=${beto.uid}`,
    );
    await screenshot(page, 'webpush-share-copied-desktop');
    await page.close();
  });
});
