import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { API, baseURL, stamp, withBrowser } from './journey';
import { befriend, buyGold, grantAdmin, type Member, register } from './members';

withBrowser();

/**
 * The narrowest phone we design for: no page of the member (or the admin) scrolls sideways.
 * After the eight-feature merge the header grew past 360 px more than once (gold, VIP, spotlights);
 * this walks every main page so such a regression fails here and not on someone's phone.
 */
const PHONE = { width: 360, height: 740 };
const birthday = { year: 1991, month: 5, day: 6 };
const headers = { origin: baseURL };

/** How far the page reaches past the viewport's right edge, and the widest offenders when it does. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const extra = document.documentElement.scrollWidth - width;
    const offenders =
      extra <= 0
        ? []
        : Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .filter(
              (el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5,
            )
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${String(el.className)} "${el.textContent?.trim().slice(0, 30)}"`,
            );
    return { extra, offenders };
  });
}

describe('every main page fits a 360 px phone', () => {
  let ana: Member;
  let beto: Member;
  let roomId = 0;
  let contestId = 0;

  beforeAll(async () => {
    // Long-ish names and a four-digit gold balance: what widened the header before.
    ana = await register(`anafit${stamp}`, 'f', birthday);
    beto = await register(`betofit${stamp}`, 'm', birthday);
    await grantAdmin(ana);
    await befriend(ana, beto);
    await buyGold(ana);
    const sent = await beto.context.request.post(`${API}/message/send.do`, {
      headers,
      data: { targetIds: [ana.uid], message: 'Hola, ¿qué tal va todo por ahí? Un mensaje bastante largo.' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const room = await ana.context.request.post(`${API}/chat/createRoom.do`, {
      headers,
      data: { name: `Sala fit ${stamp}`, roomType: 2, categoryName: 'Pruebas' },
    });
    expect(room.ok(), await room.text()).toBe(true);
    roomId = (await room.json()).ChatRoom[0].id;
    const contest = await ana.context.request.post(`${API}/gift/createContest.do`, {
      headers,
      data: {
        name: `Sorteo de bienvenida para todo el mundo ${stamp}`,
        type: 'random',
        prizes: '200,50',
        roomId,
        expiration: Date.now() + 86_400_000,
        idempotencyKey: `e2e-fit-${stamp}`,
      },
    });
    expect(contest.ok(), await contest.text()).toBe(true);
    contestId = (await contest.json()).Contest[0].id;
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
  });

  const pages = () => [
    ['home', '/html/index.jsp'],
    ['own-profile', `/html/profile-view.jsp?user=${ana.uid}`],
    ['profile', `/html/profile-view.jsp?user=${beto.uid}`],
    ['albums', '/html/album/photoalbums.jsp'],
    ['friends', '/html/buddies.jsp'],
    ['friend-requests', '/html/buddies-requests.jsp'],
    ['messages', '/html/online/message-view.jsp'],
    ['offline-inbox', '/offline/offline-inbox.jsp'],
    ['chat-list', '/chat/'],
    ['chat-room', `/chat/room/${roomId}`],
    ['gold', '/html/gold'],
    ['gold-vip', '/html/gold/vip.jsp'],
    ['gold-features', '/html/gold/features.jsp'],
    ['gold-spotlights', '/html/gold/spotlights.jsp'],
    ['gold-shop', '/html/gold/shop.jsp'],
    ['gifts-account', '/html/gifts/account.jsp'],
    ['leaderboards', '/html/gifts/leaderboards.jsp'],
    ['spin', '/html/gifts/spin.jsp'],
    ['gems', '/html/gifts/gems.jsp'],
    ['contests', '/html/gifts/contests.jsp'],
    ['contest', `/html/gifts/contest.jsp?contestId=${contestId}`],
    ['live', `/live?u=${beto.uid}`],
    ['settings', '/html/settings.jsp'],
    ['notifications', '/html/notifications.jsp'],
    ['search', '/html/search.jsp'],
    ['admin', '/html/admin/index.jsp'],
    ['admin-reports', '/html/admin/reports.jsp'],
    ['admin-members', '/html/admin/members.jsp'],
    ['admin-ads', '/html/admin/ads.jsp'],
  ];

  it('no page scrolls sideways at 360x740', async () => {
    const page = await ana.context.newPage();
    await page.setViewportSize(PHONE);
    const wide: string[] = [];
    for (const [name, path] of pages()) {
      await page.goto(path);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      const { extra, offenders } = await overflow(page);
      if (extra > 0) {
        wide.push(`${name}: ${extra}px too wide (${offenders.join('; ')})`);
        await screenshot(page, `fit-${name}-360`);
      }
    }
    await page.close();
    expect(wide).toEqual([]);
  });

  it("a contest's badge stays whole beside its name in the chat line", async () => {
    const page = await ana.context.newPage();
    await page.setViewportSize(PHONE);
    // The room's line is the narrow card (beside the avatar) where it broke into "Abiert / o".
    await page.goto(`/chat/room/${roomId}`);
    const badge = page.getByTestId('contest-card').getByText('Abierto', { exact: true }).first();
    await badge.waitFor();
    // One line box, not two ("Abiert / o").
    const lines = await badge.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    await page.close();
  });
});
