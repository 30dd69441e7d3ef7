import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { API, baseURL, QUEUED, stamp, withBrowser } from './journey';
import { befriend, buyGold, connectedPage, type Member, register } from './members';

withBrowser();

const member = (name: string, gender: 'f' | 'm') => register(name, gender, { year: 1990, month: 6, day: 9 });
const headers = { origin: baseURL };

/** A POST through the member's session; fails the test with the server's answer. */
async function post(who: Member, call: string, data: object) {
  const res = await who.context.request.post(`${API}/${call}`, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

describe('love: SHARE_LOVE members share it from the profile, the receiver sees the love-received dialog', () => {
  let lia: Member;
  let tom: Member;

  beforeAll(async () => {
    [lia, tom] = [await member(`lilo${stamp}`, 'f'), await member(`tolo${stamp}`, 'm')];
    await befriend(lia, tom);
    await buyGold(lia);
    await buyGold(tom);
    // lia earns love points with two gifts from tom, and buys SHARE_LOVE with gold.
    const gifts = await (
      await tom.context.request.get(`${API}/gift/getAll.do?filterUnavailable=true`)
    ).json();
    const cheap = (
      gifts.Gift as {
        id: number;
        price: number;
        vip?: boolean;
        admin?: boolean;
        requires_voucher?: boolean;
      }[]
    )
      .filter((g) => !g.vip && !g.admin && !g.requires_voucher)
      .sort((a, b) => a.price - b.price)[0];
    for (const i of [1, 2])
      await post(tom, 'gift/purchase.do', {
        giftId: cheap.id,
        receiverId: lia.uid,
        idempotencyKey: `e2e-love-gift-${stamp}-${i}`,
      });
    await post(lia, 'premiumfeature/buyPremiumAccess.do', {
      feature: 'SHARE_LOVE',
      offer: 'love_30',
      idempotencyKey: `e2e-love-buy-${stamp}`,
    });
  });
  afterAll(async () => {
    for (const who of [lia, tom]) await who?.context.close();
  });

  it('a holder gets the share dialog (no prompt); the friend sees the love-received dialog live', async () => {
    const receiver = await connectedPage(tom, '/html/index.jsp', true);
    const page = await connectedPage(lia, `/html/profile-view.jsp?user=${tom.uid}`);
    await page.getByRole('button', { name: /Enviar amor/ }).click();
    const share = page.getByRole('dialog', { name: 'Compartir amor' });
    await share.waitFor();
    await share.getByText('Puedes compartir amor 5 veces más en estas 24 horas.').waitFor();
    await share.getByText(/Tus puntos de amor: 2/).waitFor();
    expect(await page.getByText('Love is going away. Send a Gift instead!').count()).toBe(0);
    await share.getByLabel('Puntos de amor').fill('1');
    await screenshot(page, 'love-share-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await share.getByRole('button', { name: /Compartir/ }).click();
    await share.waitFor({ state: 'detached' });
    await page.getByText(/Compartiste 1 puntos de amor con/).waitFor();

    const received = receiver.getByRole('dialog', { name: '¡Has recibido amor!' });
    await received.waitFor(QUEUED);
    expect(await received.textContent()).toContain(`${lia.name} te ha enviado 1 punto de amor.`);
    expect(await received.textContent()).toContain('Ahora tienes 1 punto de amor.');
    await screenshot(receiver, 'love-received-desktop');
    expect(await seriousViolations(receiver)).toEqual([]);
    await receiver.setViewportSize({ width: 390, height: 844 });
    expect(await receiver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(receiver, 'love-received-phone');
    // Without SHARE_LOVE, answering is a gift.
    await received.getByRole('button', { name: /Enviar un regalo/ }).click();
    await receiver.getByRole('dialog', { name: /Enviar un regalo a/ }).waitFor();
  });

  it('without SHARE_LOVE the love button shows the prompt and the gift dialog', async () => {
    const page = await connectedPage(tom, `/html/profile-view.jsp?user=${lia.uid}`, true);
    await page.getByRole('button', { name: /Enviar amor/ }).click();
    await page.getByText('Love is going away. Send a Gift instead!').waitFor();
    await page.getByRole('dialog', { name: /Enviar un regalo a/ }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Compartir amor' }).count()).toBe(0);
    await screenshot(page, 'love-prompt-desktop');
  });
});
