import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1991, month: 4, day: 2 });

async function befriend(a: Member, b: Member): Promise<void> {
  const headers = { origin: baseURL };
  await a.context.request.post(`${API}/buddy/sendUserBuddyRequest.do`, {
    headers,
    data: { receivingUserId: b.uid },
  });
  const inbox = await b.context.request.get(`${API}/buddy/getFriendshipRequests.do`);
  const [request] = (await inbox.json()).FriendRequest as { offlineMessageId: number }[];
  const ok = await b.context.request.post(`${API}/buddy/acceptFriendshipRequest.do`, {
    headers,
    data: { offlineMessageId: request.offlineMessageId },
  });
  expect(ok.ok()).toBe(true);
}

/** A 2-second portrait clip with sound, made by ffmpeg like a phone's recording. */
function clip(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'story-e2e-')), 'historia.mp4');
  // biome-ignore format: option pairs
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=15:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

describe('stories journey', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;

  beforeAll(async () => {
    ana = await member(`anas${stamp}`, 'f');
    beto = await member(`betos${stamp}`, 'm');
    await befriend(beto, ana);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  it('A meets the tutorial first, then uploads a story with the progress toast', async () => {
    anaPage = await connectedPage(ana, '/html/index.jsp', true);
    const strip = anaPage.getByTestId('stories-strip');
    await strip.waitFor();
    // The strip comes after first paint into a box of its own fixed height: nothing clipped, no shift.
    const box = await strip.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      wanted: Number.parseFloat(getComputedStyle(el).blockSize),
      clipped: el.scrollHeight > el.clientHeight + 1,
    }));
    expect(box.height).toBeCloseTo(box.wanted, 0);
    expect(box.clipped).toBe(false);
    await anaPage.getByTestId('story-add').click();
    const tutorial = anaPage.getByRole('dialog', { name: 'Así funcionan las historias' });
    await tutorial.waitFor();
    await screenshot(anaPage, 'stories-tutorial-desktop');
    await tutorial.getByRole('button', { name: 'Siguiente' }).click();
    await tutorial.getByRole('button', { name: 'Siguiente' }).click();
    await tutorial.getByRole('button', { name: 'Entendido' }).click();
    const upload = anaPage.getByRole('dialog', { name: 'Nueva historia' });
    await upload.waitFor();
    await upload.getByTestId('story-file').setInputFiles(clip());
    await upload.getByTestId('story-preview').waitFor();
    await screenshot(anaPage, 'stories-upload-desktop');
    await upload.getByTestId('story-publish').click();
    // The progress toast: percent, then "Procesando" until the push says the video is ready.
    await anaPage
      .getByTestId('toast')
      .filter({ hasText: /Subiendo tu historia|Procesando/ })
      .waitFor(QUEUED);
    await anaPage.getByTestId('toast').filter({ hasText: 'Tu historia ya está publicada.' }).waitFor(QUEUED);
    await anaPage.getByTestId('story-own').getByText('').first().waitFor();
    expect(await anaPage.getByTestId('stories-strip').getByText('Procesando').count()).toBe(0);
    await screenshot(anaPage, 'stories-strip-desktop');
  });

  it('B sees the ring, meets the tutorial, watches the story, and the ring turns grey', async () => {
    betoPage = await connectedPage(beto, '/html/index.jsp');
    const bubble = betoPage.getByRole('button', { name: `Ver las historias de ${ana.name}, sin ver` });
    await bubble.waitFor(QUEUED);
    expect(await bubble.getAttribute('data-unseen')).toBe('true');
    await screenshot(betoPage, 'stories-strip-phone');
    expect(await seriousViolations(betoPage)).toEqual([]);
    await bubble.click();
    // B never completed the tutorial: it shows before the first story plays, then the story plays.
    const tutorial = betoPage.getByRole('dialog', { name: 'Así funcionan las historias' });
    await tutorial.waitFor();
    await screenshot(betoPage, 'stories-tutorial-before-watching-phone');
    await tutorial.getByRole('button', { name: 'Siguiente' }).click();
    await tutorial.getByRole('button', { name: 'Siguiente' }).click();
    await tutorial.getByRole('button', { name: 'Entendido' }).click();
    const viewer = betoPage.getByTestId('story-viewer');
    await viewer.waitFor();
    await betoPage.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="story-video"]');
      return !!video && video.currentTime > 0.3;
    });
    // The share sheet hands out the story's link (it opens the viewer at this story).
    await beto.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await viewer.getByTestId('story-share').click();
    await viewer.getByRole('button', { name: 'Copiar enlace' }).click();
    await viewer.getByRole('status').filter({ hasText: '¡Copiado!' }).waitFor(QUEUED);
    const storyLink = await betoPage.evaluate(() => navigator.clipboard.readText());
    expect(storyLink).toMatch(new RegExp(`^${baseURL}/stories\\?u=${ana.uid}&s=\\d+$`));
    await screenshot(betoPage, 'stories-share-copied-phone');
    await viewer.getByTestId('story-share').click();
    // Tap to unmute; like (the count appears at one); Escape closes.
    await viewer.getByTestId('story-mute').click();
    expect(await viewer.getByRole('button', { name: 'Silenciar' }).count()).toBe(1);
    const like = viewer.getByTestId('story-like').getByRole('button');
    expect(await like.getByTestId('like-count').isHidden()).toBe(true);
    await like.click();
    await like.filter({ hasText: 'Ya no me gusta' }).waitFor();
    expect(await like.getByTestId('like-count').textContent()).toBe('1');
    await betoPage.keyboard.press(' ');
    await screenshot(betoPage, 'stories-viewer-phone');
    await betoPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await betoPage.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid="story-bubble"]')].some(
          (b) => b.getAttribute('aria-label') === `Ver las historias de ${name}`,
        ),
      ana.name,
      QUEUED,
    );
    // The shared link opens the viewer over the home page; the completed tutorial stays away.
    await betoPage.goto(storyLink);
    await viewer.waitFor(QUEUED);
    expect(await tutorial.count()).toBe(0);
    expect(new URL(betoPage.url()).pathname).toBe('/html/index.jsp');
    await betoPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('A sees who watched; the tutorial does not show again', async () => {
    await anaPage.reload();
    await anaPage.getByTestId('story-own').click();
    const viewer = anaPage.getByTestId('story-viewer');
    await viewer.waitFor();
    await viewer.getByTestId('story-views').filter({ hasText: '1 vista' }).waitFor(QUEUED);
    expect(await viewer.getByTestId('story-likes').textContent()).toBe('1 me gusta');
    await anaPage.keyboard.press(' ');
    await screenshot(anaPage, 'stories-own-viewer-desktop');
    await viewer.getByTestId('story-likes').click();
    const likers = anaPage.getByRole('dialog', { name: 'Les gusta' });
    await likers.getByText(beto.name).waitFor(QUEUED);
    await anaPage.keyboard.press('Escape');
    await likers.waitFor({ state: 'detached' });
    await viewer.getByTestId('story-views').click();
    const viewers = anaPage.getByRole('dialog', { name: 'Quién vio tu historia' });
    await viewers.getByText(beto.name).waitFor();
    await screenshot(anaPage, 'stories-viewers-desktop');
    await anaPage.keyboard.press('Escape');
    await viewers.waitFor({ state: 'detached' });
    await anaPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await anaPage.getByTestId('story-add').click();
    await anaPage.getByRole('dialog', { name: 'Nueva historia' }).waitFor();
    expect(await anaPage.getByRole('dialog', { name: 'Así funcionan las historias' }).count()).toBe(0);
  });
});
