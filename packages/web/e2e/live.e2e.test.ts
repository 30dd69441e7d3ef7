import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../server/tests/_push-service';
import { FAKE_MEDIA, screenshot, seriousViolations, VIEWPORTS } from './browser';
import { type Cluster, clusterUnavailable, pageOn, startCluster } from './cluster';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { befriend, buyGold, connectedPage, type Member, register } from './members';

withBrowser(FAKE_MEDIA);

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
    await page.getByRole('button', { name: 'Activar cámara y micrófono' }).click();
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

/**
 * Live video across machines (docs/live.md): ana goes live from the camera (Chromium's fake one)
 * through instance A; beto, on instance B behind the same nginx, watches the HLS stream that A's
 * ffmpeg wrote to the shared bucket, chats in the broadcast's room and sends a gift that ana sees
 * over her video. Then ana ends and beto's page says so.
 */
const clusterMissing = clusterUnavailable();
if (clusterMissing) console.warn(`live video journey skipped: ${clusterMissing}`);
const VIDEO = { timeout: 45_000 };

describe.skipIf(!!clusterMissing)('live video journey on two instances', () => {
  let cluster: Cluster;
  let base: string;
  let ana: Member;
  let beto: Member;
  const born = { year: 1992, month: 6, day: 6 };

  beforeAll(async () => {
    cluster = await startCluster();
    base = cluster.baseURL;
    ana = await register(`anvd${stamp}`, 'f', born, base);
    beto = await register(`btvd${stamp}`, 'm', born, base);
    await befriend(ana, beto, base);
    await buyGold(beto, 550, base);
  }, 180_000);
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
    await cluster?.close();
  });

  /** The viewer's video: whether it plays (time moving, a picture of some size). */
  const videoState = (page: Page) =>
    page.getByTestId('live-video').evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      width: v.videoWidth,
      paused: v.paused,
    }));

  // Issue #35: the fake camera's picture is recorded as H.264 (Debian's Chromium has OpenH264)
  // and copied by the server's ffmpeg, so the live edge keeps up on a loaded 2-core machine.
  it('ana goes live on A; beto on B watches, chats and sends a gift she sees over her video', async () => {
    const [a, b] = cluster.instances;
    const anaPage = await pageOn(cluster, ana, '/live', a, true);
    await anaPage.getByRole('button', { name: 'Activar cámara y micrófono' }).click();
    await anaPage.getByTestId('live-preview').waitFor();
    await anaPage.getByTestId('live-title').fill('Probando el directo');
    await anaPage.getByRole('button', { name: 'Empezar transmisión' }).click();
    await anaPage.getByTestId('live-state').filter({ hasText: 'En directo' }).waitFor(VIDEO);

    const betoPage = await pageOn(cluster, beto, `/live?u=${ana.uid}`, b);
    await betoPage.getByRole('heading', { name: 'Probando el directo' }).waitFor(VIDEO);
    // The picture arrives: a size, and a clock that moves while beto watches.
    await expect.poll(async () => (await videoState(betoPage)).width, VIDEO).toBeGreaterThan(0);
    const first = await videoState(betoPage);
    await expect.poll(async () => (await videoState(betoPage)).time, VIDEO).toBeGreaterThan(first.time + 0.5);
    expect((await videoState(betoPage)).paused).toBe(false);
    await anaPage.getByTestId('live-viewers').filter({ hasText: 'Espectadores: 1' }).waitFor(VIDEO);

    await betoPage.getByTestId('chat-input').fill('¡Hola Ana, te veo desde la B!');
    await betoPage.getByTestId('chat-input').press('Enter');
    await anaPage.getByTestId('chat-entry').filter({ hasText: 'te veo desde la B' }).waitFor(VIDEO);

    await betoPage.getByRole('button', { name: 'Enviar regalo' }).click();
    const dialog = betoPage.getByRole('dialog', { name: /Enviar un regalo a/ });
    await dialog.getByTestId('gift-tile').first().click();
    await dialog.getByTestId('gift-send').click();
    await dialog.waitFor({ state: 'detached' });
    await anaPage
      .getByTestId('live-gift')
      .filter({ hasText: `${beto.name} te ha enviado` })
      .waitFor(VIDEO);
    await betoPage
      .getByTestId('live-gift')
      .filter({ hasText: `${beto.name} ha enviado` })
      .waitFor(VIDEO);
    await screenshot(anaPage, 'live-studio-gift-desktop');
    await screenshot(betoPage, 'live-watch-phone');
    expect(await seriousViolations(betoPage)).toEqual([]);
    // A live gift is drawn over the video only: no "gift received" window covers the studio.
    expect(await anaPage.getByRole('dialog').count()).toBe(0);

    await anaPage.setViewportSize(VIEWPORTS.phone);
    await betoPage.setViewportSize(VIEWPORTS.desktop);
    await screenshot(anaPage, 'live-studio-phone');
    await screenshot(betoPage, 'live-watch-desktop');
    expect(await seriousViolations(anaPage)).toEqual([]);

    await anaPage.getByRole('button', { name: 'Terminar transmisión' }).click();
    await anaPage.getByTestId('live-state').filter({ hasText: 'No estás transmitiendo.' }).waitFor(VIDEO);
    await betoPage.getByTestId('live-ended').waitFor(VIDEO);

    // The recording is kept a few minutes: ana keeps its last seconds as a story.
    await anaPage.getByRole('button', { name: 'Guardar como historia' }).click();
    // Joining the segments from the bucket and staging the story: slow on a loaded machine.
    const save = anaPage.getByTestId('live-save');
    await anaPage.getByTestId('live-saved').or(save.getByRole('alert')).waitFor({ timeout: 90_000 });
    expect(await save.textContent()).toContain('Guardada como historia');
    // Off air, the studio ranks streamers by diamonds: beto's gift puts ana in this week's list.
    await anaPage.getByTestId('live-top-row').filter({ hasText: ana.name }).waitFor(VIDEO);
    await screenshot(anaPage, 'live-saved-phone');
    expect(await seriousViolations(anaPage)).toEqual([]);
    await anaPage.close();
    await betoPage.close();
    // Two browsers, two instances and ffmpeg on a shared 2-core machine: minutes, not seconds.
  }, 300_000);
});
