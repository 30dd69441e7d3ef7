import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const dir = mkdtempSync(join(tmpdir(), 'ephemeral-e2e-'));
const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 3, day: 9 });

async function photo(): Promise<string> {
  const file = join(dir, 'foto.jpg');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="100%" height="100%" fill="#2a9d8f"/><circle cx="300" cy="350" r="150" fill="#fff"/></svg>`;
  writeFileSync(file, await sharp(Buffer.from(svg)).jpeg().toBuffer());
  return file;
}

/** A 2-second clip, as a phone records it. */
function clip(): string {
  const file = join(dir, 'video.mp4');
  // biome-ignore format: option pairs
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=15:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', file,
  ]);
  return file;
}

describe('view-once journey', () => {
  let ana: Member;
  let beto: Member;
  let anaPage: Page;
  let betoPage: Page;
  let conversation: string;

  beforeAll(async () => {
    ana = await member(`anae${stamp}`, 'f');
    beto = await member(`betoe${stamp}`, 'm');
    const res = await ana.context.request.post(`${API}/message/send.do`, {
      headers: { origin: baseURL },
      data: { targetIds: [beto.uid], message: 'Te mando algo' },
    });
    const id = (await res.json()).Conversation[0].conversationId as number;
    conversation = `/html/online/message-view.jsp?cid=${id}&u=${ana.uid}&type=1`;
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  async function send(file: string, shot?: string) {
    await anaPage.getByTestId('ephemeral-button').click();
    const dialog = anaPage.getByRole('dialog', { name: 'Foto o video de una sola vista' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('ephemeral-help').textContent()).toContain('no podemos impedir capturas');
    await dialog.getByTestId('ephemeral-file').setInputFiles(file);
    if (shot) await screenshot(anaPage, shot);
    await dialog.getByTestId('ephemeral-send').click();
    await anaPage
      .getByTestId('toast')
      .filter({ hasText: 'Enviado. Cada persona podrá verlo una vez.' })
      .waitFor(QUEUED);
  }

  it('A sends a photo and a video view-once from the conversation', async () => {
    anaPage = await connectedPage(ana, conversation, true);
    await send(await photo(), 'ephemeral-upload-desktop');
    await send(clip());
    const tiles = anaPage.getByTestId('ephemeral-tile');
    await expect.poll(() => tiles.count(), QUEUED).toBe(2);
    await expect.poll(() => tiles.nth(1).getAttribute('data-state'), QUEUED).toBe('active');
    expect(await tiles.nth(0).getByTestId('ephemeral-status').textContent()).toBe(
      'Nadie lo ha visto todavía',
    );
  });

  it('B opens each once with a countdown; after a reload they cannot be seen again', async () => {
    betoPage = await connectedPage(beto, conversation);
    const tiles = betoPage.getByTestId('ephemeral-tile');
    await expect.poll(() => tiles.count(), QUEUED).toBe(2);
    await expect.poll(() => tiles.nth(1).getAttribute('data-state'), QUEUED).toBe('active');
    expect(await tiles.nth(0).getByTestId('ephemeral-status').textContent()).toBe('Toca para ver · 10 s');
    await betoPage.getByTestId('ephemeral-thumb').first().waitFor();
    await screenshot(betoPage, 'ephemeral-tiles-phone');
    expect(await seriousViolations(betoPage)).toEqual([]);

    const links: string[] = [];
    for (const index of [0, 1]) {
      await betoPage.bringToFront();
      await tiles.nth(index).click();
      const viewer = betoPage.getByTestId('ephemeral-viewer');
      await viewer.waitFor();
      const countdown = viewer.getByTestId('ephemeral-countdown');
      await countdown.waitFor();
      expect(await countdown.textContent()).toMatch(/^Quedan \d+ s$/);
      const media = viewer.locator(index === 0 ? 'img' : 'video');
      await media.waitFor();
      links.push((await media.getAttribute('src')) as string);
      if (index === 0) await screenshot(betoPage, 'ephemeral-viewer-phone');
      // The time runs out: the media leaves the page.
      await betoPage.getByText('Ya lo viste. No se puede volver a abrir.').waitFor({ timeout: 20_000 });
      expect(await viewer.locator('img, video').count()).toBe(0);
      await betoPage.keyboard.press('Escape');
    }
    await expect.poll(() => tiles.nth(0).getAttribute('data-state'), QUEUED).toBe('viewed');

    await betoPage.reload();
    await expect.poll(() => tiles.count(), QUEUED).toBe(2);
    for (const index of [0, 1]) {
      await expect.poll(() => tiles.nth(index).getAttribute('data-state'), QUEUED).toBe('viewed');
      expect(await tiles.nth(index).isDisabled()).toBe(true);
    }
    expect(await tiles.nth(0).getByTestId('ephemeral-status').textContent()).toBe('Visto');
    await screenshot(betoPage, 'ephemeral-viewed-phone');
    // The links B had get nothing now, from this tab or any other.
    for (const link of links) expect((await beto.context.request.get(link)).status()).toBe(410);
  });

  it('A sees who viewed, live', async () => {
    const tile = anaPage.getByTestId('ephemeral-tile').first();
    await expect.poll(() => tile.getByTestId('ephemeral-status').textContent(), QUEUED).toBe('Visto por 1');
    await tile.click();
    await anaPage.getByTestId('ephemeral-viewers').waitFor();
    expect(await anaPage.getByTestId('ephemeral-viewers').textContent()).toContain(beto.name);
    await screenshot(anaPage, 'ephemeral-author-desktop');
  });

  it('in a chat room a non-VIP gets the VIP sheet instead of the upload dialog', async () => {
    const res = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers: { origin: baseURL },
      data: { name: `Sala ${stamp}`.slice(0, 40), roomType: 2 },
    });
    const roomId = (await res.json()).ChatRoom[0].id as number;
    const page = await connectedPage(beto, `/chat/room/${roomId}`);
    await page.getByTestId('ephemeral-button').click();
    await page.getByTestId('vip-prompt-ephemeral').waitFor();
    expect(await page.getByRole('button', { name: 'Hazte VIP' }).count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Foto o video de una sola vista' }).count()).toBe(0);
    await screenshot(page, 'ephemeral-vip-sheet-phone');
    await page.close();
  });
});
