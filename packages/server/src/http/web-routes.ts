import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type PageRenderSources, pageRender } from './server-render';

/**
 * The page a path answers with when it is not the file as built (a shared link's card in the
 * head), or undefined. Given by the sharing feature (app.ts): http/ imports no feature.
 */
export type PageWithPreview = (indexHtml: string, url: URL) => Promise<string | undefined>;

/** The built web app: hashed assets cached for good, every other page path answered by the SPA. */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  pageWithPreview: PageWithPreview,
  publicUrl: string | undefined,
  renderedPages?: { ssrDir: string; sources: PageRenderSources },
) {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // The build writes .br and .gz beside each text file (web/build/compress-plugin.ts): the
    // smallest one the browser accepts is sent, with Vary: accept-encoding.
    preCompressed: true,
    // '/' is ours (the language switch); the route below answers every other page path.
    index: false,
    setHeaders: (reply, file) => {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A hashed file is never revalidated: its validators would only weigh on every first visit.
      if (immutable) reply.removeHeader('etag').removeHeader('last-modified');
    },
  });
  registerUnifiedCss(app, webDist);
  // A route, not a second not-found handler (the error handler owns that one): unknown API paths
  // keep the API's 404 envelope.
  // Shared links to public content answer with an Open Graph card in the page's head
  // (features/sharing/previews.ts); every other page is the file as built.
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // The first pages of a visitor and of a member are drawn on the server (docs/first-paint.md).
  const render =
    renderedPages && (await pageRender(webDist, renderedPages.ssrDir, indexHtml, renderedPages.sources));
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/servlet')) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    // PUBLIC_URL when set: a card's links must not follow a forged Host header.
    const url = new URL(request.url, publicUrl ?? `${request.protocol}://${request.host}`);
    const rendered = render
      ? await render(request, url).catch((error: unknown) => {
          request.log.error({ err: error }, 'server render failed: the plain shell is served');
          return undefined;
        })
      : undefined;
    const page = await pageWithPreview(rendered?.html ?? indexHtml, url).catch(() => undefined);
    // The same path answers a visitor and a member differently; a member's page is theirs alone.
    if (render) reply.header('vary', 'accept-encoding, cookie');
    if (rendered?.member) reply.header('cache-control', 'private, no-cache');
    if (!page && !rendered) return reply.sendFile('index.html');
    return sendHtml(request.headers['accept-encoding'], reply, (page ?? rendered?.html)!);
  });
}

const promisedBrotli = promisify(brotliCompress);
const promisedGzip = promisify(gzip);
/** Quick settings: a page made per request is compressed per request (files are, at build time). */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page made for this request, compressed as the browser accepts (as the built files are). */
async function sendHtml(acceptEncoding: string | string[] | undefined, reply: FastifyReply, html: string) {
  const accepts = String(acceptEncoding ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(await promisedBrotli(html, BROTLI));
  }
  if (/\bgzip\b/.test(accepts))
    return reply.header('content-encoding', 'gzip').send(await promisedGzip(html));
  return reply.send(html);
}

/**
 * /wk/unify_CSS.jsp: every stylesheet of the build in one answer (in file-name order), for pages
 * that link one address. Read once; its ETag lets a browser revalidate it for nothing.
 */
function registerUnifiedCss(app: FastifyInstance, webDist: string) {
  const assets = path.join(webDist, 'assets');
  const files = fs.existsSync(assets)
    ? fs
        .readdirSync(assets)
        .filter((f) => f.endsWith('.css'))
        .sort()
    : [];
  const css = files.map((f) => `/* ${f} */\n${fs.readFileSync(path.join(assets, f), 'utf8')}`).join('\n');
  const etag = `"${createHash('sha256').update(css).digest('hex').slice(0, 20)}"`;
  app.get('/wk/unify_CSS.jsp', (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('text/css; charset=utf-8').send(css);
  });
}
