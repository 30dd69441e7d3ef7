import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { parseCookies } from './cookies';

/** A public profile as anyone may see it (the web's api/rendered.ts PublicProfile). */
export interface PublicProfile {
  uid: number;
  name?: string;
  about?: string;
  image1?: string;
}

/** One of our API's answers, as a member page's render reads it. */
export interface ApiAnswer {
  status: number;
  body: string;
}

/** What the web's server render needs from the rest of the server (given by app.ts). */
export interface PageRenderSources {
  /** Whether the request carries a live member session: their pages are drawn with their answers. */
  isMember(request: FastifyRequest): Promise<boolean>;
  /** The profile of a member whose profile is public, as a visitor may see it; else undefined. */
  publicProfile(uid: number): Promise<PublicProfile | undefined>;
  /** A read (GET) of our API as the request's member: the whole API path, rules and all, in process. */
  apiGet(request: FastifyRequest, pathAndQuery: string): Promise<ApiAnswer>;
}

type Locale = 'es' | 'en';

/** The Vite SSR build's module (packages/web/src/entry-server.tsx). */
interface RenderModule {
  rendersPage(pathname: string): boolean;
  rendersMemberPage(pathname: string): boolean;
  renderPage(
    template: string,
    url: URL,
    data: { locale: Locale; publicProfile?: PublicProfile },
    manifest: unknown,
  ): Promise<string | undefined>;
  renderMemberPage(
    template: string,
    url: URL,
    member: { locale: Locale; timeZone?: string; get(pathAndQuery: string): Promise<ApiAnswer> },
    manifest: unknown,
  ): Promise<string | undefined>;
}

/** A page drawn on the server; `member`: drawn with a member's answers, for them alone. */
export interface RenderedPage {
  html: string;
  member: boolean;
}

export type PageRender = (request: FastifyRequest, url: URL) => Promise<RenderedPage | undefined>;

const LOCALES = ['es', 'en'] as const;
/** Rendered visitor pages kept (addresses with their query, per language); the oldest go first. */
const CACHED_PAGES = 100;

/** The page's language as the web's first paint picks it: the `locale` cookie, else Spanish. */
function localeOf(request: FastifyRequest): Locale {
  const value = (request.cookies?.locale ?? '').slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'es';
}

/**
 * The browser's time zone, as the web's main.tsx writes it into the `tz` cookie: a member's page is
 * drawn in it, so its times hydrate unchanged. Undefined when absent or not a zone Node knows.
 */
function timeZoneOf(request: FastifyRequest): string | undefined {
  const zone = request.cookies?.tz;
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The server render of the first pages (docs/first-paint.md): loads the web's SSR build when it
 * was built (`npm run build`), else answers undefined and every page is the plain shell. A
 * render that fails is logged by the caller and the plain shell is served: never a broken page.
 */
export async function pageRender(
  webDist: string,
  ssrDir: string,
  indexHtml: string,
  sources: PageRenderSources,
): Promise<PageRender | undefined> {
  const entry = path.join(ssrDir, 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) return undefined;
  const render = (await import(pathToFileURL(entry).href)) as RenderModule;
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  // The home and sign-in pages depend only on the address and the language: each is rendered once.
  const drawn = new Map<string, string | undefined>();
  // A drawn page is styled by itself: its first paint waits for no stylesheet.
  const finished = stylesheetsOf(webDist);
  const cachedRender = async (url: URL, locale: Locale) => {
    const key = `${locale} ${url.pathname}${url.search}`;
    if (drawn.has(key)) return drawn.get(key);
    const html = finished(await render.renderPage(indexHtml, url, { locale }, manifest));
    if (drawn.size >= CACHED_PAGES) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, html);
    return html;
  };
  // A page's first render loads its modules (~0.5 s): done at start, not by the first visitor.
  const local = (page: string) => new URL(page, 'http://localhost');
  void cachedRender(local('/html/index.jsp'), 'es')
    .then(() => cachedRender(local('/html/login.jsp'), 'es'))
    .then(() =>
      render.renderPage(
        indexHtml,
        local('/html/profile-view.jsp?user=1'),
        {
          locale: 'es',
          publicProfile: { uid: 1, name: '-' },
        },
        manifest,
      ),
    )
    .catch(() => undefined);
  const visitorPage = async (request: FastifyRequest, url: URL) => {
    if (url.pathname !== '/html/profile-view.jsp') return cachedRender(url, localeOf(request));
    const uid = Number(url.searchParams.get('user'));
    const publicProfile =
      Number.isInteger(uid) && uid > 0 && uid < 2 ** 31 ? await sources.publicProfile(uid) : undefined;
    // Any other profile is for members: the app sends the visitor to log in.
    if (!publicProfile) return undefined;
    return finished(
      await render.renderPage(indexHtml, url, { locale: localeOf(request), publicProfile }, manifest),
    );
  };
  return async (request, url) => {
    const forVisitor = render.rendersPage(url.pathname);
    const forMember = render.rendersMemberPage(url.pathname);
    if (!forVisitor && !forMember) return undefined;
    request.cookies ??= parseCookies(request.headers.cookie);
    if (!(await sources.isMember(request))) {
      const html = forVisitor ? await visitorPage(request, url) : undefined;
      return html === undefined ? undefined : { html, member: false };
    }
    if (!forMember) return undefined;
    const member = {
      locale: localeOf(request),
      timeZone: timeZoneOf(request),
      get: (path: string) => sources.apiGet(request, path),
    };
    const html = finished(await render.renderMemberPage(indexHtml, url, member, manifest));
    return html === undefined ? undefined : { html, member: true };
  };
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * Writes a rendered page's stylesheets into it (`<style>`): its first paint then waits for no
 * other request. Measured: with them linked, slow 4G shared the bandwidth between them and the
 * module preloads and the first paint came no sooner than the app's (tools/bench/README.md).
 */
function stylesheetsOf(webDist: string) {
  const read = new Map<string, string | undefined>();
  const css = (file: string) => {
    if (!read.has(file)) {
      const full = path.join(webDist, file);
      // `</style` in a rule would end the element early.
      read.set(
        file,
        fs.existsSync(full) ? fs.readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style') : undefined,
      );
    }
    return read.get(file);
  };
  return (html: string | undefined) =>
    html?.replace(STYLESHEET, (link, file: string) => {
      const rules = css(file);
      return rules === undefined ? link : `<style data-href="/${file}">${rules}</style>`;
    });
}
