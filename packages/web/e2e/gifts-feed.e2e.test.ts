import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { QUEUED, stamp, withBrowser } from './journey';
import { befriend, buyGold, connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1992, month: 4, day: 5 });

/** Picks the first gift of the open dialog and sends it. */
async function sendFirstGift(page: Page, shot?: string) {
  const dialog = page.getByRole('dialog', { name: /Enviar un regalo a/ });
  await dialog.getByTestId('gift-balance').waitFor();
  await dialog.getByTestId('gift-tile').first().click();
  if (shot) await screenshot(page, shot);
  await dialog.getByTestId('gift-send').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('gifts from a profile and from the feed; love points on the account page', () => {
  let ana: Member;
  let beto: Member;
  let cora: Member;

  beforeAll(async () => {
    [ana, beto, cora] = [
      await member(`anfe${stamp}`, 'f'),
      await member(`befe${stamp}`, 'm'),
      await member(`cofe${stamp}`, 'f'),
    ];
    await befriend(cora, beto);
    await buyGold(ana);
    await buyGold(cora);
  });
  afterAll(async () => {
    for (const who of [ana, beto, cora]) await who?.context.close();
  });

  it('sends a gift from the profile; love shows the prompt, then the gift dialog', async () => {
    const page = await connectedPage(ana, `/html/profile-view.jsp?user=${beto.uid}`);
    await page.getByRole('button', { name: /Enviar amor/ }).click();
    await page.getByText('Love is going away. Send a Gift instead!').waitFor();
    const dialog = page.getByRole('dialog', { name: /Enviar un regalo a/ });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('profile-gift').click();
    await sendFirstGift(page, 'gift-profile-dialog-phone');
    // The header with the gold balance fits a phone's width (no sideways scroll).
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await page.getByTestId('header-gold').getAttribute('aria-label')).toMatch(/^\d+ de oro$/);
    await screenshot(page, 'gift-profile-phone-390');
  });

  it("shows a friend's gift in the feed, with a button to send one too", async () => {
    const page = await connectedPage(cora, '/html/index.jsp');
    const card = page
      .getByTestId('feed-item')
      .filter({ has: page.getByTestId('feed-gift') })
      .first();
    await card.waitFor(QUEUED);
    expect(await card.textContent()).toContain(ana.name);
    expect(await card.locator('img[srcset*="@2x"]').count()).toBe(1);
    await screenshot(page, 'gift-feed-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'gift-feed-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByTestId('feed-gift').click();
    await sendFirstGift(page);
  });

  it('the receiver’s account page shows both gifts and the love points they earned', async () => {
    const page = await connectedPage(beto, '/html/gifts/account.jsp', true);
    const help = page.getByRole('dialog', { name: 'Has recibido un regalo' });
    await help.waitFor(QUEUED);
    await help.getByRole('button', { name: 'Entendido' }).click();
    await expect.poll(() => page.getByTestId('gift-received').count(), QUEUED).toBe(2);
    expect(await page.getByTestId('account-love').textContent()).toBe('2');
    const history = await page.getByRole('list').last().textContent();
    expect(history).toContain('+1 punto de amor');
    await screenshot(page, 'gift-account-love-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
