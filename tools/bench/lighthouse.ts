/**
 * Lighthouse (mobile profile) on the built web app served by our server, in Debian's Chromium:
 * the visitor's home, sign-in page and a public profile (server-rendered: docs/first-paint.md), the
 * home page for a member, a profile and a chat room. Prints the
 * performance, accessibility and best-practices scores beside their targets (95, 100, 95) and,
 * for a category that misses, the audits that cost it most. Not a timed test: nothing fails.
 *
 *   npm run build && npx tsx tools/bench/lighthouse.ts
 *
 * CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE_RUNS=n keeps the median of n runs a page;
 * LIGHTHOUSE_PAGES=visitor audits only the three visitor pages, LIGHTHOUSE_PAGES=member only the
 * member's, LIGHTHOUSE_PAGES=home,member (a page's name) that one page; LIGHTHOUSE_THROTTLING=devtools
 * throttles in the browser rather than simulating; LIGHTHOUSE_SAVE=dir writes each page's median
 * report there as JSON (what shifted, what the first paint waited for).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, api } from '@tertulia/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { type BenchFigure, reportBench } from './_shared';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIST = path.join(ROOT, 'packages/web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
};
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** LIGHTHOUSE_THROTTLING=devtools: real throttling in the browser instead of Lighthouse's simulation. */
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING;
/** LIGHTHOUSE_PAGES=visitor: only the pages the server renders for a visitor (docs/first-paint.md). */
const ONLY_VISITORS = process.env.LIGHTHOUSE_PAGES === 'visitor';
/** The lab metrics printed beside the scores. */
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

interface Page {
  name: string;
  path: string;
  cookie?: string;
  /** A member's pages aim at 90 for performance (#40); the visitor's at TARGETS.performance. */
  performance?: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** A member made through the API as the browser would (same-origin POST); their session cookie. */
async function newMember(base: string, name: string): Promise<{ cookie: string; uid: number }> {
  const res = await fetch(`${base}${api.profile.register.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name,
      password: 'una-clave-larga-9',
      email: `${name}@example.org`,
      gender: 'f',
      birthdayYear: 1991,
      birthdayMonth: 5,
      birthdayDay: 20,
    }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, uid: ((await res.json()) as { User: { uid: number }[] }).User[0].uid };
}

/** A seeded public room, as the room list gives it to a member. */
async function firstRoom(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}${api.chat.getRooms.path}`, { headers: { cookie } });
  const rooms = ((await res.json()) as { ChatRoom?: { id: number }[] }).ChatRoom ?? [];
  if (!rooms[0]) throw new Error(`no chat room to audit: ${res.status}`);
  return rooms[0].id;
}

/**
 * A conversation between the two, opened by `from` with a first message: its page's address, or
 * undefined (said on the console) when it cannot be made, so the other pages are still audited.
 */
async function conversationPath(base: string, from: { cookie: string }, to: { uid: number }) {
  try {
    const res = await fetch(`${base}${api.messaging.send.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: from.cookie },
      body: JSON.stringify({ targetIds: [to.uid], message: 'Hola, ¿quedamos el sábado?' }),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    const [c] = ((await res.json()) as { Conversation: { conversationId: number; type?: number }[] })
      .Conversation;
    return `/html/online/message-view.jsp?cid=${c.conversationId}&type=${c.type ?? 1}`;
  } catch (error) {
    console.log(`  (no conversation to audit: ${error instanceof Error ? error.message : error})`);
    return undefined;
  }
}

/**
 * Puts the page's cookies in the browser's own jar, as a member's browser holds them (none for a
 * visitor), and checks the session works. Sent as extra headers instead, they lost to a cookie the
 * page itself set (`tz`, main.tsx): the member's pages were measured logged out, the chat room and
 * the conversation sent to the home page.
 */
async function useCookies(jar: BrowserContext, base: string, cookie: string | undefined): Promise<void> {
  await jar.clearCookies();
  if (!cookie) return;
  await jar.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  const session = await jar.request.get(`${base}${api.user.getSessionUser.path}`);
  const { User } = (await session.json()) as { User?: unknown[] };
  if (!User?.length) throw new Error('the member cookie does not log in: the page would be a visitor\'s');
}

async function audit(port: number, base: string, page: Page, jar: BrowserContext): Promise<Report> {
  const runs: Report[] = [];
  await useCookies(jar, base, page.cookie);
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(
      `${base}${page.path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // `devtools`: Chromium really throttles (a paint before the scripts arrive is seen as it
        // happens); the default simulation replays a local load, whose scripts come at once.
        ...(THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      },
      // The default config is the mobile profile: a Moto G-class phone on slow 4G, CPU 4x slower.
      undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
    // A page that sent the browser elsewhere (a lost session: the home page) measured another page.
    if (result.lhr.finalDisplayedUrl !== `${base}${page.path}`)
      throw new Error(`${page.name} ended on ${result.lhr.finalDisplayedUrl}, not on the page audited`);
    runs.push(result.lhr);
  }
  runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
  return runs[Math.floor(runs.length / 2)];
}

const score = (report: Report, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);

/** The audits that keep a category under 100, worst first. */
function losses(report: Report, id: string): string[] {
  const category = report.categories[id];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - (b.audit.score ?? 0)) - a.ref.weight * (1 - (a.audit.score ?? 0)))
    .slice(0, 4)
    .map(({ audit }) => `${audit.id} (${audit.displayValue ?? Math.round((audit.score ?? 0) * 100)})`);
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-lighthouse-'));
  const { app } = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'warn', webDist: WEB_DIST });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    // The browser's default context, where Lighthouse opens its pages: its cookie jar (useCookies).
    const jar = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0];
    const member = await newMember(base, `faro${Date.now().toString(36)}`);
    const other = await newMember(base, `visita${Date.now().toString(36)}`);
    const room = await firstRoom(base, member.cookie);
    const conversation = ONLY_VISITORS ? undefined : await conversationPath(base, member, other);
    const visitorPages: Page[] = [
      { name: 'home, visitor', path: '/html/index.jsp' },
      { name: 'sign-in', path: '/html/login.jsp' },
      { name: 'profile, visitor', path: `/html/profile-view.jsp?user=${other.uid}` },
    ];
    const all: Page[] = ONLY_VISITORS
      ? visitorPages
      : [
          ...visitorPages,
          { name: 'home, member', path: '/html/index.jsp', cookie: member.cookie, performance: 90 },
          // A member's view of a profile is a member's page: 90, as the others (#40 sets 95 for
          // the public profile, which a visitor sees and the server caches).
          {
            name: 'profile',
            path: `/html/profile-view.jsp?user=${other.uid}`,
            cookie: member.cookie,
            performance: 90,
          },
          { name: 'chat room', path: `/chat/room/${room}`, cookie: member.cookie, performance: 90 },
          ...(conversation
            ? [{ name: 'conversation', path: conversation, cookie: member.cookie, performance: 90 }]
            : []),
        ];
    // LIGHTHOUSE_PAGES=member: the member's pages; another value that names a page: that page only.
    const wanted = process.env.LIGHTHOUSE_PAGES;
    const pages =
      wanted === 'member'
        ? all.filter((p) => p.cookie)
        : all.some((p) => p.name === wanted)
          ? all.filter((p) => p.name === wanted)
          : all;
    console.log(
      `Lighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}mobile profile, ${API_PREFIX} on ${base}\n`,
    );
    console.log(
      `  ${'page'.padEnd(18)}${CATEGORIES.map((c) => c.padStart(16)).join('')}${METRICS.map(([m]) => m.padStart(9)).join('')}`,
    );
    const misses: string[] = [];
    const figures: BenchFigure[] = [];
    for (const page of pages) {
      const report = await audit(chrome.port, base, page, jar);
      if (process.env.LIGHTHOUSE_SAVE) {
        fs.mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        const file = `${page.name.replace(/\W+/g, '-')}.json`;
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, file), JSON.stringify(report));
      }
      const cells = CATEGORIES.map((c) => {
        const value = score(report, c);
        const target = c === 'performance' ? (page.performance ?? TARGETS[c]) : TARGETS[c];
        figures.push({
          figure: `${page.name}, ${c}`,
          value,
          ratio: value,
          target: { op: '>=', value: target },
        });
        if (value < target) misses.push(`  ${page.name}, ${c} ${value}: ${losses(report, c).join('; ')}`);
        return `${value}${value < target ? ' (miss)' : ''}`.padStart(16);
      });
      const lab = METRICS.map(([, id]) => (report.audits[id]?.displayValue ?? '-').padStart(9));
      console.log(`  ${page.name.padEnd(18)}${cells.join('')}${lab.join('')}`);
    }
    console.log(
      `\n  targets: performance >= ${TARGETS.performance} (a member's pages 90), accessibility ${TARGETS.accessibility}, best practices >= ${TARGETS['best-practices']}`,
    );
    if (misses.length) console.log(`\n  what costs the misses most:\n${misses.join('\n')}`);
    reportBench(figures);
  } finally {
    await chrome.kill();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
