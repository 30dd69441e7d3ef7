import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../tools/admin';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, dataDir, QUEUED, stamp, withBrowser } from './journey';
import { connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string) => register(name, 'f', { year: 1991, month: 3, day: 2 });

async function giveGold(who: Member, amount: number) {
  await runAdmin(['grant-gold', who.name, String(amount), 'e2e'], { ...process.env, DATA_DIR: dataDir });
}

/** Buys the catalogue's first gift for `to` through the API, as the gift dialog does. */
async function sendGift(from: Member, to: Member, times: number) {
  const all = await from.context.request.get(`${API}/gift/getAll.do`);
  const [gift] = (await all.json()).Gift as { id: number }[];
  for (let i = 0; i < times; i++) {
    const res = await from.context.request.post(`${API}/gift/purchase.do`, {
      headers: { origin: baseURL },
      data: {
        giftId: gift.id,
        receiverId: to.uid,
        source: 'profile',
        idempotencyKey: `e2e-${stamp}-${from.uid}-${i}`,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

describe('leaderboards and the daily spin', () => {
  let ana: Member;
  let beto: Member;
  let cruz: Member;
  let page: Page;

  beforeAll(async () => {
    ana = await member(`anar${stamp}`);
    beto = await member(`betor${stamp}`);
    cruz = await member(`cruzr${stamp}`);
    await giveGold(ana, 2000);
    await giveGold(cruz, 2000);
    await sendGift(cruz, beto, 3);
    await sendGift(ana, beto, 1);
  });
  afterAll(async () => {
    await ana?.context.close();
    await beto?.context.close();
    await cruz?.context.close();
  });

  it('the leaderboards page ranks gifters with tabs, and the member sees their own line highlighted', async () => {
    page = await connectedPage(ana, '/html/gifts/leaderboards.jsp');
    await page.getByRole('heading', { name: 'Clasificaciones' }).waitFor();
    await page.getByRole('tab', { name: 'Más generosos', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Hoy' }).click();
    const mine = page.getByTestId('board-mine');
    await mine.waitFor(QUEUED);
    expect(await mine.textContent()).toContain(ana.name);
    expect(await mine.textContent()).toContain('Tú');
    // Cruz gave three gifts, Ana one: Cruz is above Ana.
    const rows = page.getByTestId('leaderboard').locator('li');
    const names = await rows.allTextContents();
    expect(names.findIndex((n) => n.includes(cruz.name))).toBeLessThan(
      names.findIndex((n) => n.includes(ana.name)),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rewards-leaderboards-phone');

    await page.getByRole('tab', { name: 'Más regalados' }).click();
    await page.getByTestId('leaderboard').filter({ hasText: beto.name }).waitFor();
    expect(await page.getByText('Aún no estás en esta clasificación.').count()).toBe(1);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'rewards-leaderboards-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('spins the wheel once: the prize comes from the server, then the feed shows it', async () => {
    await page.goto('/html/gifts/spin.jsp');
    await page.getByRole('heading', { name: 'Ruleta diaria' }).waitFor();
    await page.getByRole('button', { name: 'Girar' }).click();
    const result = page.getByTestId('spin-result');
    await result.waitFor(QUEUED);
    expect(await result.textContent()).toMatch(/^¡Has ganado \d+ (de oro|gemas)!$/);
    await page.getByText('Ya giraste hoy').waitFor(QUEUED);
    expect(await page.getByRole('button', { name: 'Girar' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rewards-spin-phone');

    await page.goto('/html/index.jsp');
    const event = page.locator('[data-testid="feed-item"][data-type="26"]');
    await event.first().waitFor(QUEUED);
    expect(await event.first().textContent()).toContain('ganó un premio en la ruleta diaria');
    await screenshot(page, 'rewards-spin-feed-phone');
  });

  it('the gems page shows the balance and the exchanges', async () => {
    await page.goto('/html/gifts/gems.jsp');
    await page.getByTestId('gems-balance').waitFor();
    expect(await page.getByTestId('gems-balance').textContent()).toMatch(/^Tienes \d+ gemas y \d+ de oro$/);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'rewards-gems-desktop');
  });
});
