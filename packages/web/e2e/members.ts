import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { runAdmin } from '../../../tools/admin';
import { newContext, pushHello, VIEWPORTS } from './browser';
import { API, baseURL, browser, dataDir, password } from './journey';

/** Members of the journeys, made through the API rather than the sign-up form. */

/** A member created through the API, with a context (cookie jar) of their own. */
export interface Member {
  name: string;
  uid: number;
  context: BrowserContext;
}

export interface Birthday {
  year: number;
  month: number;
  day: number;
}

/** Registers a member through the API in a new context of the file's browser (on `at`: another server). */
export async function register(
  name: string,
  gender: 'f' | 'm',
  birthday: Birthday,
  at: string = baseURL,
): Promise<Member> {
  const context = await newContext(browser, at);
  const created = await context.request.post(`${API}/profile/register.do`, {
    headers: { origin: at },
    data: {
      name,
      password,
      email: `${name}@example.com`,
      gender,
      birthdayYear: birthday.year,
      birthdayMonth: birthday.month,
      birthdayDay: birthday.day,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { name, uid: (await created.json()).User[0].uid as number, context };
}

/** Makes a member an admin as an operator does (`npm run admin -- grant NAME`) on the server's data. */
export async function grantAdmin(who: Member): Promise<void> {
  await runAdmin(['grant', who.name], { ...process.env, DATA_DIR: dataDir });
}

/** Opens a page whose push socket is connected (the server greets it with `hello`). */
export async function connectedPage(who: Member, path: string, desktop = false): Promise<Page> {
  const page = await who.context.newPage();
  if (desktop) await page.setViewportSize(VIEWPORTS.desktop);
  const hello = pushHello(page);
  await page.goto(path);
  await hello;
  return page;
}

/** A phone-sized context in a dark system theme, logged in as the member (its cookies). */
export async function darkContext(who: Member): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS.phone,
    locale: 'es-ES',
    colorScheme: 'dark',
    serviceWorkers: 'block',
    storageState: await who.context.storageState(),
  });
}

/** Friends through the API: A asks, B accepts (on `at`: another server). */
export async function befriend(a: Member, b: Member, at: string = baseURL): Promise<void> {
  const headers = { origin: at };
  const asked = await a.context.request.post(`${API}/buddy/sendUserBuddyRequest.do`, {
    headers,
    data: { receivingUserId: b.uid },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const inbox = await b.context.request.get(`${API}/buddy/getFriendshipRequests.do`);
  const [request] = (await inbox.json()).FriendRequest as { offlineMessageId: number }[];
  const accepted = await b.context.request.post(`${API}/buddy/acceptFriendshipRequest.do`, {
    headers,
    data: { offlineMessageId: request.offlineMessageId },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** Gold bought through the test provider's API (the test payment network: no card network in reach). */
export async function buyGold(who: Member, gold = 550, at: string = baseURL): Promise<void> {
  const headers = { origin: at };
  const bought = await who.context.request.post(`${API}/gift/purchaseGold.do`, {
    headers,
    data: { gold, idempotencyKey: `e2e-gold-${who.uid}-${Date.now()}` },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const paymentId = (await bought.json()).GoldCheckout[0].paymentId;
  const paid = await who.context.request.post(`${API}/gift/confirmTestPayment.do`, {
    headers,
    data: { paymentId, idempotencyKey: `e2e-pay-${paymentId}` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}
