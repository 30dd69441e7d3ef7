import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../tools/admin';
import { screenshot, seriousViolations, VIEWPORTS } from './browser';
import { API, baseURL, dataDir, QUEUED, stamp, withBrowser } from './journey';
import { befriend, grantAdmin, type Member, register } from './members';

withBrowser();

const birthday = { year: 1990, month: 4, day: 9 };
const grantGold = (who: Member, amount: number) =>
  runAdmin(['grant-gold', who.name, String(amount), 'e2e'], { ...process.env, DATA_DIR: dataDir });

/**
 * Cumulative Layout Shift as the browser reports it (layout-shift entries without recent input),
 * observed from before the first paint: the spotlight strip, the in-feed ad and the side columns
 * must not move anything (docs/premium.md, "Ads never shift the layout").
 */
async function pageWithCls(who: Member, viewport: { width: number; height: number }): Promise<Page> {
  const page = await who.context.newPage();
  await page.setViewportSize(viewport);
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // The largest contentful paint, to report (never asserted: times depend on the machine).
    const l = window as unknown as { __lcp: string };
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as unknown as { startTime: number; element?: Element };
      l.__lcp = `${Math.round(last.startTime)} ms ${last.element?.nodeName ?? ''}.${last.element?.className ?? ''}`;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return page;
}
const clsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
const lcpOf = (page: Page) => page.evaluate(() => (window as unknown as { __lcp?: string }).__lcp ?? '');

/** The home feed loaded with its items (and, for members who see ads, the ad slot filled). */
async function openFeed(page: Page, withAds: boolean) {
  await page.goto('/html/index.jsp');
  await page.getByTestId('feed-item').nth(3).waitFor(QUEUED);
  await page.getByTestId('spotlight-strip').waitFor();
  if (withAds) {
    // The in-feed ad loads as it nears the screen (premium/slots.tsx).
    await page.getByTestId('feed-ad-slot').scrollIntoViewIfNeeded();
    await page.getByTestId('feed-ad-slot').locator('[data-testid="ad-feed"]').waitFor();
  }
  // Late arrivals (spotlights, ads, images) have had their chance to move things.
  await page.waitForTimeout(1500);
}

describe('VIP journey: ads, CLS, buying VIP, the VIP card and invisible', () => {
  let vi: Member;
  let amigo: Member;

  beforeAll(async () => {
    vi = await register(`vip${stamp}`, 'f', birthday);
    amigo = await register(`amv${stamp}`, 'm', birthday);
    await befriend(amigo, vi);
    for (let i = 1; i <= 5; i++) {
      const posted = await amigo.context.request.post(`${API}/user/updateStatus.do`, {
        headers: { origin: baseURL },
        data: { newStatus: `Estado ${i} de ${stamp}` },
      });
      expect(posted.ok(), await posted.text()).toBe(true);
    }
    await grantGold(vi, 1000);
  });
  afterAll(async () => {
    await vi?.context.close();
    await amigo?.context.close();
  });

  it('a non-VIP phone feed has the in-feed ad after the third item, and nothing shifts (CLS < 0.1)', async () => {
    const page = await pageWithCls(vi, VIEWPORTS.phone);
    await openFeed(page, true);
    const cls = await clsOf(page);
    console.log(`CLS phone feed with the in-feed ad: ${cls.toFixed(4)}; LCP ${await lcpOf(page)}`);
    expect(cls).toBeLessThan(0.1);
    // The slot sits after the third item (feed/rules.ts AD_AFTER), with its box reserved.
    const slot = page.getByTestId('feed-ad-slot');
    expect(await slot.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(100);
    await slot.scrollIntoViewIfNeeded();
    await screenshot(page, 'premium-feed-ad-phone');
    await page.close();
  });

  it('a non-VIP desktop has the side ad columns, and nothing shifts (CLS < 0.1)', async () => {
    const page = await pageWithCls(vi, VIEWPORTS.desktop);
    await openFeed(page, false);
    await page.getByTestId('ad-side').first().waitFor();
    const cls = await clsOf(page);
    console.log(`CLS desktop feed with side ads: ${cls.toFixed(4)}; LCP ${await lcpOf(page)}`);
    expect(cls).toBeLessThan(0.1);
    expect(await page.getByTestId('feed-ad-slot').isVisible()).toBe(false);
    await screenshot(page, 'premium-side-ads-desktop');
    await page.close();
  });

  it('an admin runs a house ad; a member sees it in the feed on a phone and reports it', async () => {
    const admin = await register(`adm${stamp}`, 'f', birthday);
    await grantAdmin(admin);
    const page = await admin.context.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/html/admin/ads.jsp');
    await page.getByRole('textbox', { name: 'Título' }).fill(`Oferta ${stamp}`);
    await page.getByRole('textbox', { name: 'Texto' }).fill('Un mes de VIP con descuento');
    await page.getByRole('button', { name: 'Guardar anuncio' }).click();
    await page
      .getByTestId('house-ad-row')
      .filter({ hasText: `Oferta ${stamp}` })
      .waitFor(QUEUED);
    await screenshot(page, 'premium-admin-house-ads');
    await admin.context.close();

    const feed = await vi.context.newPage();
    await openFeed(feed, true);
    const ad = feed.getByTestId('ad-feed');
    await expect.poll(() => ad.textContent(), QUEUED).toContain(`Oferta ${stamp}`);
    await ad.getByRole('button', { name: 'Denunciar anuncio' }).click();
    const dialog = feed.getByRole('dialog', { name: 'Denunciar este anuncio' });
    await dialog.getByRole('radio', { name: 'Engañoso' }).check();
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByText('Gracias. Revisaremos este anuncio.').waitFor(QUEUED);
    await screenshot(feed, 'premium-report-ad-phone');
    await feed.close();
  });

  it('buys VIP with gold on the VIP page: the welcome dialog, then no ads, a VIP card, and invisible works', async () => {
    const page = await vi.context.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/html/gold/vip.jsp?utm_campaign=gift_received_helper');
    await page.getByRole('heading', { level: 1, name: 'VIP' }).waitFor();
    expect(await page.getByText('Como VIP ganas un 10 % más con cada regalo que recibes.').isVisible()).toBe(
      true,
    );
    expect(await page.getByTestId('vip-state').textContent()).toBe('Todavía no eres VIP.');
    await screenshot(page, 'premium-vip-page-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('offer-vip_7').getByRole('button').click();
    await page.getByTestId('vip-welcome').waitFor(QUEUED);
    await screenshot(page, 'premium-vip-welcome');
    await page.getByRole('button', { name: '¡Genial!' }).click();
    expect(await page.getByTestId('vip-state').textContent()).toMatch(/^Eres VIP hasta el /);
    expect(await page.getByTestId('gold-balance').textContent()).toBe('Tu oro: 700');

    // The ads are gone, on the desktop columns and in the phone feed, and still nothing shifts.
    const desktop = await pageWithCls(vi, VIEWPORTS.desktop);
    await openFeed(desktop, false);
    expect(await desktop.getByTestId('ad-side').count()).toBe(0);
    const vipCls = await clsOf(desktop);
    console.log(`CLS desktop feed as VIP (no ads): ${vipCls.toFixed(4)}; LCP ${await lcpOf(desktop)}`);
    expect(vipCls).toBeLessThan(0.1);
    await desktop.close();
    const phone = await pageWithCls(vi, VIEWPORTS.phone);
    await openFeed(phone, false);
    expect(await phone.getByTestId('feed-ad-slot').count()).toBe(0);
    console.log(
      `CLS phone feed as VIP (no ads): ${(await clsOf(phone)).toFixed(4)}; LCP ${await lcpOf(phone)}`,
    );
    expect(await clsOf(phone)).toBeLessThan(0.1);
    await screenshot(phone, 'premium-feed-vip-phone');
    await phone.close();

    // The card turns VIP where others see it.
    const friendPage = await amigo.context.newPage();
    await friendPage.goto(`/html/profile-view.jsp?user=${vi.uid}`);
    await friendPage.locator('article[data-vip]').waitFor(QUEUED);
    await screenshot(friendPage, 'premium-vip-profile-phone');
    await friendPage.close();

    // Invisible (IM_STATUS, which VIP brings) is offered and works.
    await page.goto('/html/settings.jsp');
    const invisible = page.getByRole('checkbox', { name: 'Modo invisible' });
    await invisible.waitFor();
    expect(await invisible.isEnabled()).toBe(true);
    await invisible.click();
    await expect
      .poll(async () => {
        const me = await vi.context.request.get(`${API}/user/getLoggedInUser.do`);
        return (await me.json()).User[0].onlineStatus;
      }, QUEUED)
      .toBe('invisible');
    await page.close();
  });

  it('the gold section: index and features on a phone; a spotlight bought shows in the strip', async () => {
    const page = await vi.context.newPage();
    await page.goto('/html/gold/');
    await page.getByRole('heading', { level: 1, name: 'Oro y VIP' }).waitFor();
    await screenshot(page, 'premium-gold-index-phone');
    await page.goto('/html/gold/features.jsp');
    await page.getByTestId('feature-IM_STATUS').locator('[data-state="on"]').waitFor(QUEUED);
    await screenshot(page, 'premium-features-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/html/gold/spotlights.jsp');
    await page.getByRole('button', { name: /^Destacarme · .*1 hora · 50 de oro$/ }).click();
    await page.getByTestId('spotlight-mine').waitFor(QUEUED);
    await page.goto('/html/index.jsp');
    await page
      .getByTestId('spotlight-strip')
      .getByTestId('spotlight-member')
      .filter({ hasText: vi.name })
      .waitFor(QUEUED);
    await screenshot(page, 'premium-spotlight-home-phone');
    await page.close();
  });

  it('subscribes to VIP through the test provider: checkout, welcome, active, then cancel', async () => {
    const sub = await register(`vsu${stamp}`, 'm', birthday);
    const page = await sub.context.newPage();
    await page.goto('/html/gold/vip.jsp');
    await page.getByTestId('vip-subscribe').click();
    await page.waitForURL(/\/html\/gold\/checkout\.jsp\?subscription=\d+/);
    await page
      .getByTestId('checkout-pay')
      .waitFor()
      .catch(() => undefined);
    await screenshot(page, 'premium-subscription-checkout-phone');
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('vip-welcome').waitFor(QUEUED);
    await screenshot(page, 'premium-subscription-welcome-phone');
    await page.getByRole('button', { name: '¡Genial!' }).click();
    await page.goto('/html/gold/vip.jsp');
    const state = page.getByTestId('vip-subscription-state');
    await expect.poll(() => state.getAttribute('data-state'), QUEUED).toBe('active');
    await page.getByRole('button', { name: 'Cancelar la renovación' }).click();
    await expect.poll(() => state.getAttribute('data-state'), QUEUED).toBe('canceled');
    expect(await page.getByTestId('vip-state').textContent()).toMatch(/^Eres VIP hasta el /);
    await screenshot(page, 'premium-subscription-canceled-phone');
    await sub.context.close();
  });
});
