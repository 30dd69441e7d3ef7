import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launch, newContext, VIEWPORTS } from './browser';

/** What the journey files share: the server, one browser a file, members made through the API. */

export const baseURL = inject('baseURL');
/** Makes this run's member names unique on a server that keeps its data between files. */
export const stamp = Date.now().toString(36);
export const password = 'una-clave-larga-9';
export const API = '/servlet/api';
/** Toasts show one at a time for 5 s each: a notice may wait behind another. */
export const QUEUED = { timeout: 20_000 };

/** The file's browser, once `withBrowser()` has launched it (an ES module live binding). */
export let browser: Browser;

/** Launches the browser before the file's tests and closes it after them. */
export function withBrowser(): void {
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

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

/** Registers a member through the API in a new context of the file's browser. */
export async function register(name: string, gender: 'f' | 'm', birthday: Birthday): Promise<Member> {
  const context = await newContext(browser, baseURL);
  const created = await context.request.post(`${API}/profile/register.do`, {
    headers: { origin: baseURL },
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

/** Opens a page whose push socket is connected (the server greets it with `hello`). */
export async function connectedPage(who: Member, path: string, desktop = false): Promise<Page> {
  const page = await who.context.newPage();
  if (desktop) await page.setViewportSize(VIEWPORTS.desktop);
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/servlet/push'));
  await page.goto(path);
  const ws = await socket;
  await ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"hello"'));
  return page;
}
