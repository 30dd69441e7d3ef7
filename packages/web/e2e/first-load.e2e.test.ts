import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './browser';
import { baseURL, browser, stamp, withBrowser } from './journey';
import { type Member, register } from './members';

withBrowser();

/** The first-visit JavaScript budget: every script a load of `/` requests, as transferred. */
// Raised from 150 KiB in session 8: merging gifts (header gold), stories (the feed's strip), Web
// Push and the new features' Spanish texts brought the member home to 159 KiB. Known debt: move
// feature catalogs and the strip out of the first load and bring this back to 150 (issue notes).
// Raised to 165 KiB in session 9 (issue 24): measured member home 159.2 -> 163.8 KiB, visitor
// 149.3 -> 151.3 KiB. The premium Spanish texts in the entry catalog cost 2.0 KiB (same debt as
// above), the spotlight strip on the home feed 0.8 KiB; the in-feed ad and side ads load later.
const SCRIPT_BUDGET_BYTES = 165 * 1024;

interface ScriptTiming {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

/** A page that records what the console says and which encoding each script came in. */
function watched(page: Page) {
  const messages: string[] = [];
  const encodings = new Map<string, string | undefined>();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      encodings.set(response.url(), response.headers()['content-encoding']);
    }
  });
  return { messages, encodings };
}

/** Scripts as the browser's own resource timing saw them (sizes in bytes over the wire). */
function scriptTimings(page: Page): Promise<ScriptTiming[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({
        name: new URL(e.name).pathname,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      })),
  );
}

/** Loads `/` in a context with an empty cache, as a first visit is. */
async function firstLoad(context: BrowserContext) {
  const page = await context.newPage();
  const seen = watched(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(new URL(page.url()).pathname).toBe('/html/index.jsp');
  return { page, ...seen };
}

function expectWithinBudget(scripts: ScriptTiming[], encodings: Map<string, string | undefined>) {
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    // Every byte came over the network (no cache), compressed unless too small to gain (1 KiB).
    expect(script.transferSize, script.name).toBeGreaterThan(0);
    if (script.decodedBodySize < 1024) continue;
    expect(script.encodedBodySize, script.name).toBeLessThan(script.decodedBodySize);
    expect(encodings.get(`${baseURL}${script.name}`), script.name).toBe('br');
  }
  // FIRST_LOAD_LIST=1 prints each script and its bytes, to see what a change added.
  if (process.env.FIRST_LOAD_LIST) for (const s of scripts) console.log(s.transferSize, s.name);
  const transferred = scripts.reduce((sum, s) => sum + s.transferSize, 0);
  const decoded = scripts.reduce((sum, s) => sum + s.decodedBodySize, 0);
  console.log(
    `first load: ${scripts.length} scripts, ${(transferred / 1024).toFixed(1)} KiB transferred (${(decoded / 1024).toFixed(1)} KiB uncompressed)`,
  );
  expect(transferred).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
}

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

describe('first impressions', () => {
  const contexts: BrowserContext[] = [];
  /**
   * A new device: empty cache. The console is read with the service worker allowed, as a visitor
   * has it; scripts are counted with it blocked, since a script it answers from its own cache
   * shows 0 bytes in resource timing (a first visit has no such cache). Blocking it makes
   * Playwright itself warn in the console, so that load's console is not read.
   */
  const context = async (serviceWorkers: 'allow' | 'block', storageState?: Storage) => {
    const created = await browser.newContext({
      baseURL,
      viewport: VIEWPORTS.phone,
      locale: 'es-ES',
      serviceWorkers,
      storageState,
    });
    contexts.push(created);
    return created;
  };
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  async function check(ready: (page: Page) => Promise<void>, storageState?: Storage) {
    const visit = await firstLoad(await context('allow', storageState));
    await ready(visit.page);
    expect(visit.messages).toEqual([]);
    const counted = await firstLoad(await context('block', storageState));
    await ready(counted.page);
    expectWithinBudget(await scriptTimings(counted.page), counted.encodings);
  }

  it('a new visitor loads / with a clean console and compressed scripts within budget', async () => {
    await check((page) => page.getByRole('button', { name: 'Entrar' }).first().waitFor());
  });

  it("a member's home: the same, logged in", async () => {
    const member: Member = await register(`primera${stamp}`, 'f', { year: 1992, month: 3, day: 8 });
    // A member past the one-time welcome steps and first-visit tips (those load on the first
    // visits after sign-up only).
    for (const tipId of ['welcome', 'im-header', 'friends-header'])
      await member.context.request.post('/servlet/api/user/dismissTip.do', {
        form: { tipId },
        headers: { origin: baseURL },
      });
    const storage = await member.context.storageState();
    await member.context.close();
    await check((page) => page.getByRole('tab', { name: 'Todo', selected: true }).waitFor(), storage);
  });
});
