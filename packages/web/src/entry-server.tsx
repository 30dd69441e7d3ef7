/**
 * The server's render of the first pages (docs/first-paint.md), from a Vite SSR build
 * (vite.ssr.config.ts), into the built index.html, so they show before any script or API answer
 * arrives; main.tsx then hydrates the same tree. For a visitor: the home, the sign-in page and a
 * public profile. For a member: the home, a profile, a chat room and a conversation, drawn with
 * the member's own answers (api/serverReads.ts). Other pages are the plain shell.
 */
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import './features';
import { createQueryClient } from './api/query';
import { type DrawnClock, PAGE_DATA_ID, type PageData, pageDataJson, seedPageData } from './api/rendered';
import { type ApiGet, drawWithAnswers } from './api/serverReads';
import { EmoticonArtProvider } from './app/EmoticonArtProvider';
import { appRoutes, routePatternOf } from './app/router';
import { type Locale, setLocale } from './i18n/i18n';
import { drawnParts, noteDrawnParts } from './ui/lazyPart';
import { setDrawnClock } from './ui/time/clock';
import { drawnPageTitle, setPageTitle } from './ui/title/pageTitle';

/**
 * The pages drawn for a visitor, and their route's module. The lazy parts a drawing shows
 * (ui/lazyPart.ts) are linked with it, as they were drawn.
 */
const RENDERED: Record<string, PageParts> = {
  '/html/index.jsp': { modules: ['src/features/home/route.tsx'] },
  '/html/login.jsp': { modules: ['src/features/account/loginRoute.tsx'] },
  '/html/profile-view.jsp': { modules: ['src/features/people/profileRoute.tsx'] },
};

/** A drawn page's code: `modules` are fetched with the entry; `styles` only have their stylesheets. */
interface PageParts {
  modules: readonly string[];
  /** Lazy parts the page may draw, or may not: styled from the first paint, their code on use. */
  styles?: readonly string[];
}

/**
 * The pages drawn for a member, by route: the pages Lighthouse's targets name (#40) and a profile.
 * Their lazy parts hydrate with the rest (ui/lazyPart.ts): the browser loads the drawn parts'
 * code first, so nothing typed into a drawn part is lost to a late boundary.
 */
const MEMBER_PAGES: Record<string, PageParts> = {
  '/html/index.jsp': {
    modules: ['src/features/home/route.tsx'],
    styles: ['src/features/home/Welcome.tsx', 'src/features/feed/Comments.tsx'],
  },
  '/html/profile-view.jsp': { modules: ['src/features/people/profileRoute.tsx'] },
  '/chat/room/:roomId': { modules: ['src/features/chat/roomRoute.tsx'] },
  '/html/online/message-view.jsp': { modules: ['src/features/messaging/messageViewRoute.tsx'] },
};

/** A chunk of the client build, as .vite/manifest.json lists it. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Whether the server draws this path for a visitor (other pages are the plain shell). */
export function rendersPage(pathname: string): boolean {
  return Object.hasOwn(RENDERED, pathname);
}

/** Whether the server draws this path for a member. */
export function rendersMemberPage(pathname: string): boolean {
  return Object.hasOwn(MEMBER_PAGES, routePatternOf(pathname));
}

/** A render stuck this long (a bug) gives up: the server answers the plain shell. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * Member pages drawn at once at most (~120 ms of CPU each, warm): past it, a member gets the plain
 * shell, which their browser draws itself, so a burst of page loads never queues behind drawings.
 */
export const MAX_MEMBER_RENDERS = 4;
let memberRenders = 0;

// The catalog is one per process (i18n.ts): drawings take turns so each reads its own language.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * A visitor page's HTML: the built index.html with the rendered tree in #root, the page data for
 * the hydration, and the page's own styles and chunks in the head. Undefined: serve the plain shell.
 */
export async function renderPage(
  template: string,
  url: URL,
  data: PageData,
  manifest: Manifest,
): Promise<string | undefined> {
  if (!rendersPage(url.pathname)) return undefined;
  const page = await routed(url);
  if (!page) return undefined;
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  const drawing = await inTurn(() => drawn(page, data.locale, DEFAULT_TIME_ZONE, queryClient));
  return page.status() >= 400
    ? undefined
    : inTemplate(template, drawing, data, RENDERED[url.pathname], manifest);
}

/**
 * A member page's HTML, drawn with the member's answers: `get` reads our API as that member. The
 * answers go into the page data, so the browser hydrates without asking them again.
 */
export async function renderMemberPage(
  template: string,
  url: URL,
  member: { locale: Locale; timeZone?: string; get: ApiGet },
  manifest: Manifest,
): Promise<string | undefined> {
  const parts = MEMBER_PAGES[routePatternOf(url.pathname)];
  if (!parts || memberRenders >= MAX_MEMBER_RENDERS) return undefined;
  memberRenders++;
  let drawing: Drawing;
  let page: Awaited<ReturnType<typeof routed>>;
  const queryClient = createQueryClient();
  try {
    page = await routed(url);
    if (!page) return undefined;
    const routedPage = page;
    drawing = await drawWithAnswers(queryClient, member.get, () =>
      inTurn(() => drawn(routedPage, member.locale, member.timeZone ?? DEFAULT_TIME_ZONE, queryClient)),
    );
  } finally {
    memberRenders--;
  }
  if (page.status() >= 400) return undefined;
  const data: PageData = { locale: member.locale, queries: dehydrate(queryClient) };
  return inTemplate(template, drawing, data, parts, manifest);
}

/** The router's view of a page address; undefined when it would redirect (no loaders do). */
async function routed(url: URL) {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return { router, context, status: () => context.statusCode };
}

/** A page drawn: its tree as HTML, the title it names itself with, the lazy parts it shows. */
interface Drawing {
  html: string;
  title: string;
  parts: string[];
  /** The moment and zone its times were written for: the browser hydrates them the same. */
  clock: DrawnClock;
}

/**
 * The zone a page is drawn in when the browser has not said its own (its `tz` cookie, main.tsx):
 * every visitor page (they show no clock time, and are drawn once for everyone) and a member's
 * first visit.
 */
const DEFAULT_TIME_ZONE = 'UTC';

/** The page's tree as HTML, in the language and zone given, from the answers in `queryClient`. */
async function drawn(
  page: NonNullable<Awaited<ReturnType<typeof routed>>>,
  locale: Locale,
  timeZone: string,
  queryClient: QueryClient,
): Promise<Drawing> {
  await setLocale(locale);
  setPageTitle(undefined);
  noteDrawnParts();
  const clock = { at: Date.now(), timeZone };
  setDrawnClock(clock);
  const html = await toHtml(
    // The same tree as App.tsx, so the browser's hydration finds what it renders.
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EmoticonArtProvider>
          <StaticRouterProvider router={page.router} context={page.context} hydrate={false} />
        </EmoticonArtProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { html, title: drawnPageTitle(), parts: drawnParts(), clock };
}

/** The drawn tree and its page data in the built index.html, the page's styles and chunks in its head. */
function inTemplate(
  template: string,
  { html: body, title, parts: partsDrawn, clock }: Drawing,
  pageData: PageData,
  page: PageParts,
  manifest: Manifest,
): string {
  // The browser loads the drawn parts' code before it hydrates (main.tsx): fetched with the entry.
  const data = { ...pageData, clock, ...(partsDrawn.length ? { parts: partsDrawn } : {}) };
  const parts = { ...page, modules: [...page.modules, ...partsDrawn.map(partModule)] };
  // React writes the preloads it finds (the logo) ahead of the tree: they belong in the head, where
  // the browser's hydration does not meet them.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(body)?.[0] ?? '';
  const tree = body.slice(hoisted.length);
  const head = hoisted + headLinks(template, parts, manifest);
  // A member's page is inert until it hydrates (main.tsx): a tap or a word typed into it before
  // then would reach no handler and be lost. A visitor's forms work without scripts.
  const inert = data.queries ? ' inert' : '';
  return template
    .replace(/<html lang="[a-z]+"/, `<html lang="${data.locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"${inert}>${tree}</div><script id="${PAGE_DATA_ID}" type="application/json">${pageDataJson(data)}</script>`,
    );
}

/** The source file of a lazy part's name (`file#part` when one file gives several). */
const partModule = (part: string) => part.split('#')[0];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders the whole tree, lazy parts included (a first screen with nothing missing). An error
 * anywhere, or a render past RENDER_TIMEOUT_MS, rejects: the server then serves the plain shell.
 */
async function toHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(tree, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // Every boundary in place: past this size React sends a finished boundary apart, with an inline
    // script to move it, which the page's CSP refuses (a member's home with a feed is past 12.8 kB).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      errors.push(error);
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (errors.length) throw errors[0];
  return html;
}

/**
 * Stylesheets and module preloads of the page's chunks and what they import, from the client
 * build's manifest: the page is styled without scripts, and its code is fetched with the entry.
 * What index.html links already (the entry, its imports, the home page's chunk) is left out.
 */
function headLinks(template: string, parts: PageParts, manifest: Manifest): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, withCode: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(`${withCode} ${key}`)) return;
    seen.add(`${withCode} ${key}`);
    if (withCode) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, withCode);
  };
  for (const key of parts.modules) visit(key, true);
  for (const key of parts.styles ?? []) visit(key, false);
  const missing = (file: string) => !template.includes(`"/${file}"`);
  return [
    ...[...css].filter(missing).map((f) => `<link rel="stylesheet" href="/${f}" />`),
    ...[...js].filter(missing).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
  ].join('');
}
