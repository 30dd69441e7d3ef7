import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page, type WebSocket } from 'playwright-core';

const SHOTS = fileURLToPath(new URL('../../../test-results/web-e2e', import.meta.url));

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 860 },
} as const;

/** The page's address without its origin, so a problem says which page it came from. */
const pathOf = (page: Page) => page.url().replace(/^https?:\/\/[^/]+/, '');

/** Everything the console says that is an error or a warning, and uncaught errors, from now on. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright's own notice when the context blocks service workers is not the page's.
    if (message.text().includes('blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${pathOf(page)})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message} (${pathOf(page)})`));
  return problems;
}

/** Chromium's stand-ins for a camera and microphone (a test pattern and a beep), allowed without asking. */
export const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORTS.phone,
): Promise<BrowserContext> {
  // Service workers would serve the shell from cache between journeys; tests want the network.
  return browser.newContext({ baseURL, viewport, locale: 'es-ES', serviceWorkers: 'block' });
}

/**
 * Serious or critical accessibility violations on the page as it is now; `extraRules` turns on
 * rules axe keeps off by default (experimental ones Lighthouse runs, such as label-content-name-mismatch).
 */
/**
 * The greeting (`hello`) the next push socket a page opens receives. The socket's frames are
 * listened to as the socket opens: awaiting the socket, then waiting for its frames, missed a
 * greeting that arrived with it (two journeys timed out that way on a clean clone, session 15).
 */
export function pushHello(page: Page, timeout = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().endsWith('/servlet/push')) return;
      ws.on('framereceived', (frame) => {
        const payload = String(frame.payload);
        if (!payload.includes('"hello"')) return;
        clearTimeout(timer);
        page.off('websocket', onSocket);
        resolve(payload);
      });
    };
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no push socket greeted within ${timeout} ms`));
    }, timeout);
    page.on('websocket', onSocket);
  });
}

export async function seriousViolations(page: Page, extraRules: readonly string[] = []): Promise<string[]> {
  // An entrance still fading in (a toast, a dialog) reads as low contrast: let finite animations
  // end first, for at most two seconds.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 2000)),
    ]),
  );
  const builder = new AxeBuilder({ page });
  if (extraRules.length)
    builder.options({ rules: Object.fromEntries(extraRules.map((id) => [id, { enabled: true }])) });
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * A conversation tool by its test id (im-leave, im-send-spin...): on a phone's conversation page
 * the tools sit in the header's "more" menu (im-more), opened here first; elsewhere in a row.
 */
export async function conversationTool(page: Page, testId: string) {
  const more = page.getByTestId('im-more');
  const tool = page.getByTestId(testId).first();
  await more.or(tool).first().waitFor();
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  return tool;
}
