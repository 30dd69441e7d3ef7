import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launch, VIEWPORTS } from './browser';

/** What the journey files share: the server and one browser a file (members: ./members). */

export const baseURL = inject('baseURL');
export const dataDir = inject('dataDir');
/** Makes this run's member names unique on a server that keeps its data between files. */
export const stamp = Date.now().toString(36);
export const password = 'una-clave-larga-9';
export const API = '/servlet/api';
/** Toasts show one at a time for 5 s each: a notice may wait behind another. */
export const QUEUED = { timeout: 20_000 };

/** The file's browser, once `withBrowser()` has launched it (an ES module live binding). */
export let browser: Browser;

/** Launches the browser (with `args`: more Chromium switches) before the file's tests and closes it after them. */
export function withBrowser(args: readonly string[] = []): void {
  beforeAll(async () => {
    browser = await launch(args);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * A context of the file's browser for a first visit: Spanish, no service worker, JavaScript on or
 * off; `as`: with that member's cookies (none: a visitor).
 */
export async function firstVisitContext(
  javaScriptEnabled: boolean,
  viewport: { width: number; height: number } = VIEWPORTS.phone,
  as?: BrowserContext,
  more: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...more,
    baseURL,
    viewport,
    locale: 'es-ES',
    serviceWorkers: 'block',
    javaScriptEnabled,
    storageState: as ? await as.storageState() : undefined,
  });
}
