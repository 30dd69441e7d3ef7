import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../server/tests/_push-service';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { befriend, connectedPage, type Member, register } from './members';

withBrowser();

/**
 * Broadcast notifications: a member goes live from their broadcast page; a friend whose app is
 * closed gets the notification (the local test push service stands in for the browser's push
 * network and decrypts it), opens the page it names and shares it with the share sheet.
 */
describe('broadcast notifications and sharing journey', () => {
  let push: PushService;
  let ana: Member;
  let beto: Member;

  beforeAll(async () => {
    push = await startPushService();
    ana = await register(`anlv${stamp}`, 'f', { year: 1991, month: 5, day: 2 });
    beto = await register(`belv${stamp}`, 'm', { year: 1989, month: 8, day: 20 });
    await befriend(ana, beto);
  });
  afterAll(async () => {
    for (const who of [ana, beto]) await who?.context.close();
    await push?.close();
  });

  it('ana goes live from her page; beto, with Tertulia closed, is told and opens the page', async () => {
    const device = push.subscription();
    const subscribed = await beto.context.request.post(`${API}/push/subscribe.do`, {
      headers: { origin: baseURL },
      data: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    });
    expect(subscribed.ok(), await subscribed.text()).toBe(true);

    const page = await connectedPage(ana, `/live?u=${ana.uid}`);
    await page.getByText('No estás transmitiendo.').waitFor(QUEUED);
    await page.getByRole('button', { name: 'Empezar transmisión' }).click();
    await page.getByTestId('live-state').filter({ hasText: 'En directo' }).waitFor(QUEUED);
    await screenshot(page, 'live-own-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await push.waitFor(1, 15_000);
    const [notice] = push.for(device.id).filter((p) => p.payload.kind === 'broadcasts');
    expect(notice.payload).toMatchObject({
      title: `${ana.name} está en directo`,
      url: `/live?u=${ana.uid}`,
    });

    await beto.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const betoPage = await connectedPage(beto, notice.payload.url ?? '', true);
    await betoPage.getByTestId('live-state').filter({ hasText: 'En directo' }).waitFor(QUEUED);
    await betoPage.getByRole('button', { name: 'Compartir', exact: true }).click();
    await betoPage.getByRole('button', { name: 'Copiar enlace' }).click();
    await betoPage.getByTestId('toast').filter({ hasText: '¡Copiado!' }).waitFor(QUEUED);
    expect(await betoPage.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/live?u=${ana.uid}`,
    );
    await screenshot(betoPage, 'live-friend-desktop');

    await page.getByRole('button', { name: 'Terminar transmisión' }).click();
    await page.getByText('No estás transmitiendo.').waitFor(QUEUED);
    await page.close();
    await betoPage.close();
  });

  it('a shared broadcast link carries its card for link previews, for public members on air only', async () => {
    const started = await ana.context.request.post(`${API}/live/startBroadcast.do`, {
      headers: { origin: baseURL },
    });
    expect(started.ok()).toBe(true);
    const html = await (await fetch(`${baseURL}/live?u=${ana.uid}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${ana.name} está en directo · Tertulia" />`);
    await ana.context.request.post(`${API}/live/endBroadcast.do`, { headers: { origin: baseURL } });
    expect(await (await fetch(`${baseURL}/live?u=${ana.uid}`)).text()).not.toContain('og:title');
  });
});
