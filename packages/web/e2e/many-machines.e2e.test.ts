import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHello } from './browser';
import { type Cluster, clusterUnavailable, type Instance, pageOn, startCluster } from './cluster';
import { API, stamp, withBrowser } from './journey';
import { befriend, type Member, register } from './members';

/**
 * Many machines in the browser (docs/many-machines.md): nginx round robin (no sticky sessions)
 * in front of two instances sharing PostgreSQL, Redis and an S3 bucket. Members on different
 * instances talk, chat, see photos and stories; then one instance dies (SIGKILL) under a
 * conversation, and both restart in turn: pages come back through nginx, nothing acknowledged is lost.
 */
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`many-machines suite skipped: ${unavailable}`);
const LIVE = { timeout: 30_000 };

withBrowser();

describe.skipIf(!!unavailable)('many machines behind nginx', () => {
  let cluster: Cluster;
  let base: string;
  let a: Instance;
  let b: Instance;
  let ana: Member;
  let beto: Member;
  const born = { year: 1990, month: 3, day: 3 };

  beforeAll(async () => {
    cluster = await startCluster();
    base = cluster.baseURL;
    [a, b] = cluster.instances;
    ana = await register(`anmm${stamp}`, 'f', born, base);
    beto = await register(`btmm${stamp}`, 'm', born, base);
    await befriend(ana, beto, base);
  }, 180_000);
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
    await cluster?.close();
  });

  const send = (from: Member, to: Member, message: string, clientMessageId = message) =>
    from.context.request.post(`${API}/message/send.do`, {
      headers: { origin: base },
      data: { targetIds: [to.uid], message, clientMessageId },
      failOnStatusCode: false,
    });

  /** Opens the conversation with `other` from the header's IM list. */
  async function openConversation(page: Page, other: Member) {
    await page.getByTestId('im-button').click();
    await page.getByTestId('im-item').filter({ hasText: other.name }).first().click();
    const view = page.getByTestId('im-view');
    await view.getByTestId('im-message').first().waitFor(LIVE);
    return view;
  }

  it('members on different instances message each other live', async () => {
    const anaPage = await pageOn(cluster, ana, '/html/index.jsp', a, true);
    const betoPage = await pageOn(cluster, beto, '/html/index.jsp', b);
    expect(await send(ana, beto, 'Hola desde la instancia A').then((r) => r.status())).toBe(200);
    await betoPage.getByTestId('im-badge').waitFor(LIVE);
    const view = await openConversation(betoPage, ana);
    await view.getByTestId('im-message').filter({ hasText: 'Hola desde la instancia A' }).waitFor(LIVE);
    await view.getByTestId('im-input').fill('Y yo desde la B');
    await view.getByTestId('im-input').press('Enter');
    await anaPage.getByTestId('im-badge').waitFor(LIVE);
    const anaView = await openConversation(anaPage, beto);
    await anaView.getByTestId('im-message').filter({ hasText: 'Y yo desde la B' }).waitFor(LIVE);
    await anaPage.close();
    await betoPage.close();
  });

  it('members on different instances chat in a room', async () => {
    const created = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers: { origin: base },
      data: { name: `Sala LB ${stamp}`, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const roomId = (await created.json()).ChatRoom[0].id;
    const anaPage = await pageOn(cluster, ana, `/chat/room/${roomId}`, a, true);
    const betoPage = await pageOn(cluster, beto, `/chat/room/${roomId}`, b);
    await anaPage.getByTestId('chat-user').filter({ hasText: beto.name }).waitFor(LIVE);
    await anaPage.getByTestId('chat-input').fill('Hola sala, soy Ana en A');
    await anaPage.getByTestId('chat-input').press('Enter');
    await betoPage.getByTestId('chat-entry').filter({ hasText: 'Hola sala, soy Ana en A' }).waitFor(LIVE);
    await betoPage.getByTestId('chat-input').fill('Beto en B contesta');
    await betoPage.getByTestId('chat-input').press('Enter');
    await anaPage.getByTestId('chat-entry').filter({ hasText: 'Beto en B contesta' }).waitFor(LIVE);
    expect(await anaPage.getByTestId('chat-entry').filter({ hasText: 'Beto en B contesta' }).count()).toBe(1);
    await anaPage.close();
    await betoPage.close();
  });

  it('a photo uploaded through one instance shows through the other, from the bucket, never from a disk', async () => {
    const jpeg = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#e0457b' } })
      .jpeg()
      .toBuffer();
    const uploaded = await beto.context.request.post(`${API}/album/uploadPhoto.do`, {
      headers: { origin: base },
      multipart: { image: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const url: string = (await uploaded.json()).Photo[0].image1;
    // Straight from each instance: the same bytes.
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (i) => Buffer.from(await (await fetch(`${i.url}${url}`)).arrayBuffer())),
    );
    expect(fromA.length).toBeGreaterThan(100);
    expect(fromA.equals(fromB)).toBe(true);
    // In ana's page on A, through nginx, several times (round robin: both instances serve it).
    const anaPage = await pageOn(cluster, ana, '/html/index.jsp', a);
    const widths = await anaPage.evaluate(async (src) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) {
        const img = new Image();
        img.src = `${src}${src.includes('?') ? '&' : '?'}n=${i}`;
        await img.decode();
        out.push(img.naturalWidth);
      }
      return out;
    }, url);
    expect(widths).toEqual([240, 240, 240, 240]);
    for (const i of [a, b]) expect(existsSync(join(i.dataDir, 'media'))).toBe(false);
    await anaPage.close();
  });

  it('a story uploaded through one instance plays for a friend on the other', {
    timeout: 180_000,
  }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'story-lb-')), 'historia.mp4');
    // biome-ignore format: option pairs
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=15:duration=2',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file,
    ]);
    const posted = await ana.context.request.post(`${API}/story/uploadStory.do`, {
      headers: { origin: base },
      multipart: { video: { name: 'historia.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) } },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    // Transcoded by whichever instance's worker took the job (BullMQ on the shared Redis): friends
    // see it once it is ready.
    await expect
      .poll(
        async () => {
          const res = await beto.context.request.get(`${API}/story/getUserStories.do`, {
            params: { authorUserId: ana.uid },
          });
          return res.ok()
            ? ((await res.json()).Story ?? []).filter((s: { video?: string }) => s.video).length
            : 0;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(1);
    // The story tutorial shows before a first story plays (stories.e2e.test.ts walks it): done here.
    const tutorial = await beto.context.request.post(`${API}/story/completedTutorial.do`, {
      headers: { origin: base },
    });
    expect(tutorial.ok()).toBe(true);
    const betoPage = await pageOn(cluster, beto, '/html/index.jsp', b);
    const bubble = betoPage.getByRole('button', { name: `Ver las historias de ${ana.name}, sin ver` });
    await bubble.waitFor(LIVE);
    await bubble.click();
    await betoPage.getByTestId('story-viewer').waitFor();
    await betoPage.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="story-video"]');
        return !!video && video.currentTime > 0.3;
      },
      undefined,
      LIVE,
    );
    await betoPage.close();
  });

  /**
   * Ana keeps writing to Beto as a client does: each line with its clientMessageId, retried until
   * answered (a retry of a stored line stores nothing twice). Returns the lines acknowledged.
   */
  function keepWriting(tag: string) {
    const acked: string[] = [];
    let stop = false;
    const done = (async () => {
      for (let i = 1; !stop; i++) {
        const text = `${tag}${String(i).padStart(2, '0')}x`;
        for (let tries = 0; tries < 40 && !stop; tries++) {
          const res = await send(ana, beto, text).catch(() => undefined);
          if (res?.status() === 200) {
            acked.push(text);
            break;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    return {
      acked,
      async stop() {
        stop = true;
        await done;
      },
    };
  }

  /** Every acknowledged line once: in Beto's open window and in the stored conversation. */
  async function expectAll(page: Page, acked: string[]) {
    const view = page.getByTestId('im-view');
    for (const text of acked) {
      await view.getByTestId('im-message').filter({ hasText: text }).first().waitFor(LIVE);
      expect(await view.getByTestId('im-message').filter({ hasText: text }).count()).toBe(1);
    }
    const res = await beto.context.request.get(`${API}/message/getConversation.do`, {
      params: { conversationId: conversationId!, maxMessages: 100 },
    });
    const contents = ((await res.json()).Conversation[0].messages as { content: string }[]).map(
      (m) => m.content,
    );
    for (const text of acked) expect(contents.filter((c) => c.includes(text))).toHaveLength(1);
  }
  let conversationId: number | undefined;

  it('an instance killed mid-conversation: pages reconnect to the survivor within seconds, nothing acknowledged is lost', async () => {
    const first = await send(ana, beto, 'antes del corte');
    conversationId = (await first.json()).Conversation[0].conversationId;
    const betoPage = await pageOn(cluster, beto, '/html/index.jsp', b);
    await openConversation(betoPage, ana);
    const writing = keepWriting('k');
    await expect.poll(() => writing.acked.length, LIVE).toBeGreaterThanOrEqual(3);
    const back = pushHello(betoPage, 20_000);
    const killedAt = Date.now();
    await b.stop('SIGKILL');
    await back;
    const reconnectMs = Date.now() - killedAt;
    expect(reconnectMs).toBeLessThan(10_000);
    expect(await a.sockets()).toBeGreaterThanOrEqual(1);
    const ackedAtKill = writing.acked.length;
    await expect.poll(() => writing.acked.length, LIVE).toBeGreaterThanOrEqual(ackedAtKill + 4);
    await writing.stop();
    await expectAll(betoPage, writing.acked);
    console.info(`many-machines: reconnected through nginx ${reconnectMs} ms after SIGKILL`);
    await b.start();
    await betoPage.close();
  });

  it('a rolling restart (SIGTERM one, start it, SIGTERM the other) loses nothing', {
    timeout: 180_000,
  }, async () => {
    const betoPage = await pageOn(cluster, beto, '/html/index.jsp', a);
    await openConversation(betoPage, ana);
    const writing = keepWriting('r');
    await expect.poll(() => writing.acked.length, LIVE).toBeGreaterThanOrEqual(2);
    for (const instance of [a, b]) {
      await instance.stop('SIGTERM');
      // Lines keep being answered by the other instance while this one is down.
      const before = writing.acked.length;
      await expect.poll(() => writing.acked.length, LIVE).toBeGreaterThanOrEqual(before + 1);
      await instance.start();
    }
    const before = writing.acked.length;
    await expect.poll(() => writing.acked.length, LIVE).toBeGreaterThanOrEqual(before + 1);
    await writing.stop();
    await expectAll(betoPage, writing.acked);
    await betoPage.close();
  });
});
