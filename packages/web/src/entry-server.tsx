/**
 * The server's render of the visitor pages (docs/first-paint.md): the visitor's home, the sign-in
 * page and a public profile are drawn here, from a Vite SSR build (vite.ssr.config.ts), into the
 * built index.html, so a visitor sees them before any script or API answer arrives; main.tsx then
 * hydrates the same tree. Members (a live session) get the plain shell: their pages paint from
 * the browser's cache instead (app/memberSnapshot.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import './features';
import { PAGE_DATA_ID, type PageData, pageDataJson, seedPageData } from './api/rendered';
import { createQueryClient } from './api/query';
import { EmoticonArtProvider } from './app/EmoticonArtProvider';
import { appRoutes } from './app/router';
import { setLocale } from './i18n/i18n';

/** The pages drawn on the server, and the modules (beyond their route's) their first screen shows. */
const RENDERED: Record<string, readonly string[]> = {
  '/html/index.jsp': ['src/features/home/route.tsx', 'src/features/home/AnonymousHome.tsx'],
  '/html/login.jsp': ['src/features/account/loginRoute.tsx'],
  '/html/profile-view.jsp': ['src/features/people/profileRoute.tsx'],
};

/** A chunk of the client build, as .vite/manifest.json lists it. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Whether the server draws this path (other pages are the plain shell). */
export function rendersPage(pathname: string): boolean {
  return Object.hasOwn(RENDERED, pathname);
}

/** A render stuck this long (a bug) gives up: the server answers the plain shell. */
const RENDER_TIMEOUT_MS = 3000;

// The catalog is one per process (i18n.ts): renders take turns so each reads its own language.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The page's HTML: the built index.html with the rendered tree in #root, the page data for the
 * hydration, and the page's own styles and chunks in the head. Undefined: serve the plain shell.
 */
export function renderPage(
  template: string,
  url: URL,
  data: PageData,
  manifest: Manifest,
): Promise<string | undefined> {
  if (!rendersPage(url.pathname)) return Promise.resolve(undefined);
  const turn = queue.then(() => render(template, url, data, manifest));
  queue = turn.catch(() => undefined);
  return turn;
}

async function render(template: string, url: URL, data: PageData, manifest: Manifest) {
  await setLocale(data.locale);
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(url.href));
  // No loaders: a Response would be a redirect we do not make here.
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  const body = await toHtml(
    // The same tree as App.tsx, so the browser's hydration finds what it renders.
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EmoticonArtProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </EmoticonArtProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  if (context.statusCode >= 400) return undefined;
  // React writes the preloads it finds (the logo) ahead of the tree: they belong in the head, where
  // the browser's hydration does not meet them.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(body)?.[0] ?? '';
  const tree = body.slice(hoisted.length);
  const head = hoisted + headLinks(template, RENDERED[url.pathname] ?? [], manifest);
  return template
    .replace(/<html lang="[a-z]+"/, `<html lang="${data.locale}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${tree}</div><script id="${PAGE_DATA_ID}" type="application/json">${pageDataJson(data)}</script>`,
    );
}

/**
 * Renders the whole tree, lazy parts included (a first screen with nothing missing). An error
 * anywhere, or a render past RENDER_TIMEOUT_MS, rejects: the server then serves the plain shell.
 */
async function toHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(tree, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
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
function headLinks(template: string, modules: readonly string[], manifest: Manifest): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  const missing = (file: string) => !template.includes(`"/${file}"`);
  return [
    ...[...css].filter(missing).map((f) => `<link rel="stylesheet" href="/${f}" />`),
    ...[...js].filter(missing).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
  ].join('');
}
