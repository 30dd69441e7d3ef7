import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, browser, stamp, withBrowser } from './journey';
import { befriend, buyGold, grantAdmin, type Member, register } from './members';

withBrowser();

/**
 * Axe on every main page, at a phone's width (390) and a desktop's (1280), for a member, an admin
 * and a visitor: no serious or critical violation anywhere. Lighthouse's accessibility audit also
 * runs axe's label-content-name-mismatch (experimental, off by default), which found header icons
 * whose names left out their visible text: it is on here too.
 */
const SIZES = { phone: { width: 390, height: 844 }, desktop: VIEWPORTS.desktop } as const;
const EXTRA_RULES = ['label-content-name-mismatch'];
const birthday = { year: 1990, month: 7, day: 14 };
const headers = { origin: baseURL };

type Visit = [name: string, path: string, ready?: (page: Page) => Promise<unknown>];

/** Loads each page, waits for its heading and quiet network, and collects what axe finds. */
async function audit(context: BrowserContext, size: keyof typeof SIZES, visits: Visit[]): Promise<string[]> {
  const page = await context.newPage();
  await page.setViewportSize(SIZES[size]);
  const found: string[] = [];
  // AXE_ONLY=home,chat-room audits just those pages (while fixing what they reported).
  const only = process.env.AXE_ONLY?.split(',');
  for (const [name, path, ready] of visits.filter(([name]) => !only || only.includes(name))) {
    await page.goto(path);
    await (ready ? ready(page) : page.locator('main h1, main h2').first().waitFor());
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page, EXTRA_RULES);
    if (violations.length) {
      found.push(...violations.map((v) => `${name} @${size}: ${v}`));
      // Said as found: a slow run that times out still tells what it saw.
      console.log(`axe: ${name} @${size}:\n  ${violations.join('\n  ')}`);
      await screenshot(page, `axe-${name}-${size}`);
    }
  }
  await page.close();
  return found;
}

/** A two-second story, made as a phone would record it (ffmpeg's test pattern and a tone). */
function storyVideo(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'axe-story-')), 'historia.mp4');
  // biome-ignore format: option pairs
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=15:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file,
  ]);
  return readFileSync(file);
}

describe('axe on every main page, phone and desktop', () => {
  let ana: Member;
  let beto: Member;
  let visitor: BrowserContext;
  let conversation = '';
  let roomId = 0;
  let photoId = 0;
  let storyId = 0;

  beforeAll(async () => {
    ana = await register(`anaaxe${stamp}`, 'f', birthday);
    beto = await register(`betoaxe${stamp}`, 'm', birthday);
    await grantAdmin(ana);
    await befriend(ana, beto);
    await buyGold(ana);
    // Past the one-time welcome and tips: they are popups of their own, checked in their journeys.
    for (const tipId of ['welcome', 'im-header', 'friends-header'])
      await ana.context.request.post(`${API}/user/dismissTip.do`, { headers, form: { tipId } });
    await ana.context.request.post(`${API}/story/completedTutorial.do`, { headers });
    const sent = await beto.context.request.post(`${API}/message/send.do`, {
      headers,
      data: { targetIds: [ana.uid], message: 'Hola, ¿quedamos el sábado?' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const c = (await sent.json()).Conversation[0];
    conversation = `cid=${c.conversationId}&u=${c.ownerId ?? ''}&type=${c.type ?? 1}`;
    const room = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers,
      data: { name: `Sala axe ${stamp}`, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(room.ok(), await room.text()).toBe(true);
    roomId = (await room.json()).ChatRoom[0].id;
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();
    const photo = await beto.context.request.post(`${API}/album/uploadPhoto.do`, {
      headers,
      multipart: { image: { name: 'playa.jpg', mimeType: 'image/jpeg', buffer: jpeg }, caption: 'La playa' },
    });
    expect(photo.ok(), await photo.text()).toBe(true);
    photoId = (await photo.json()).Photo[0].uid;
    const story = await beto.context.request.post(`${API}/story/uploadStory.do`, {
      headers,
      multipart: { video: { name: 'historia.mp4', mimeType: 'video/mp4', buffer: storyVideo() } },
    });
    expect(story.ok(), await story.text()).toBe(true);
    storyId = (await story.json()).Story[0].uid;
    // It plays once transcoded: wait (up to a minute) for its video before the viewer is audited.
    for (let tries = 0; tries < 120; tries++) {
      const res = await ana.context.request.get(`${API}/story/getUserStories.do`, {
        params: { authorUserId: beto.uid },
      });
      const stories: { video?: string }[] = res.ok() ? ((await res.json()).Story ?? []) : [];
      if (stories.some((s) => s.video)) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    visitor = await browser.newContext({ baseURL, locale: 'es-ES', serviceWorkers: 'block' });
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
    await visitor?.close();
  });

  const memberPages = (): Visit[] => [
    ['home', '/html/index.jsp'],
    ['own-profile', `/html/profile-view.jsp?user=${ana.uid}`],
    ['profile', `/html/profile-view.jsp?user=${beto.uid}`],
    ['search', '/html/search.jsp'],
    ['friends', '/html/buddies.jsp'],
    ['friend-requests', '/html/buddies-requests.jsp'],
    ['messages', '/html/online/message-view.jsp'],
    [
      'conversation',
      `/html/online/message-view.jsp?${conversation}`,
      (p) => p.getByTestId('im-message').first().waitFor(),
    ],
    ['offline-inbox', '/offline/offline-inbox.jsp'],
    ['notifications', '/html/notifications.jsp'],
    ['chat-list', '/chat/'],
    ['chat-room', `/chat/room/${roomId}`],
    ['gifts-account', '/html/gifts/account.jsp'],
    ['gold', '/html/gold'],
    ['gold-shop', '/html/gold/shop.jsp'],
    ['vip', '/html/gold/vip.jsp'],
    ['premium-features', '/html/gold/features.jsp'],
    ['spotlights', '/html/gold/spotlights.jsp'],
    ['profile-visits', '/html/gold/profile-visits.jsp'],
    ['leaderboards', '/html/gifts/leaderboards.jsp'],
    ['spin', '/html/gifts/spin.jsp'],
    ['gems', '/html/gifts/gems.jsp'],
    ['contests', '/html/gifts/contests.jsp'],
    ['settings', '/html/settings.jsp'],
    ['albums', `/html/album/photoalbums.jsp?u=${beto.uid}`],
    ['photo', `/html/album/photoalbum-view.jsp?postid=${photoId}&u=${beto.uid}`],
    [
      'story',
      `/stories?u=${beto.uid}&s=${storyId}`,
      (p) => p.getByRole('dialog').first().locator('video').waitFor({ state: 'attached' }),
    ],
    ['games', '/games'],
    ['live', `/live?u=${beto.uid}`],
    ['about', '/about'],
    ['admin', '/html/admin/index.jsp'],
    ['admin-reports', '/html/admin/reports.jsp'],
    ['admin-members', '/html/admin/members.jsp'],
    ['admin-audit', '/html/admin/audit.jsp'],
    ['admin-games', '/html/admin/games.jsp'],
    ['admin-gifts', '/html/admin/gifts.jsp'],
    ['admin-live', '/html/admin/live.jsp'],
    ['admin-ads', '/html/admin/ads.jsp'],
  ];

  const visitorPages = (): Visit[] => [
    ['visitor-home', '/html/index.jsp', (p) => p.getByRole('button', { name: 'Entrar' }).first().waitFor()],
    ['visitor-login', '/html/login.jsp'],
    ['visitor-signup', '/html/signup.jsp'],
    ['visitor-profile', `/html/profile-view.jsp?user=${beto.uid}`],
  ];

  // Both sizes at once, in two tabs: half the wall time where the machine has two cores.
  const bothSizes = async (context: BrowserContext, visits: Visit[]) =>
    (await Promise.all([audit(context, 'phone', visits), audit(context, 'desktop', visits)])).flat();

  it("a member's and an admin's pages at 390 and 1280 px", { timeout: 400_000 }, async () => {
    expect(await bothSizes(ana.context, memberPages())).toEqual([]);
  });

  it("a visitor's pages at 390 and 1280 px", async () => {
    expect(await bothSizes(visitor, visitorPages())).toEqual([]);
  });
});
