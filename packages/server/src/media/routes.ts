import { createHash } from 'node:crypto';
import { IMAGE_PATH } from '@tertulia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import type { UserRow } from '../http/context';
import { invalid, notFound, rateLimited } from '../http/errors';
import { CONTENT_TYPES, originalName, parseImageKey, type VariantFormat, variantPrefix } from './keys';
import { isOriginal, parseVariant, renderVariant, type Variant, variantFile } from './resize';
import { unsealImageKey } from './sealed';
import { type MediaStore, mediaStoreFor } from './storage';

/**
 * Who may load an image: 'open' to anyone (cacheable for good), 'allowed' to this viewer only
 * (checked again on every request), 'denied' (answered as a missing image). The photos feature
 * provides it (features/photos/images.ts); without one every key is open.
 */
export type ImageAccess = (key: string, viewer: UserRow | null) => Promise<'open' | 'allowed' | 'denied'>;
const everyoneMay: ImageAccess = async () => 'open';

/**
 * Drops an image's files: the original first, then every cached variant. The order matters to
 * a render finishing meanwhile (see render below): it writes its variant, then checks the
 * original; either the original is gone and the render removes its variant, or the variants'
 * removal comes after the write and takes it.
 */
export async function dropImageFiles(store: MediaStore, key: string): Promise<void> {
  await store.remove(originalName(key)).catch(() => {});
  await store.remove(variantPrefix(key)).catch(() => {});
}

/** Drops an image's cached variants only (its audience changed; sizes render again on demand). */
export async function dropVariants(store: MediaStore, key: string): Promise<void> {
  await store.remove(variantPrefix(key)).catch(() => {});
}

/** Restricted images: kept by the viewer's browser only, and revalidated (with the ETag) each time. */
const RESTRICTED_CACHE = 'private, no-cache';

/** Whether an Accept header names `type` without refusing it (q=0). */
function accepts(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name.trim() === type && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Whether an Accept header takes WebP (image/webp named, not refused with q=0). */
export const acceptsWebp = (accept: string | undefined) => accepts(accept, 'image/webp');

/**
 * The format of a resized variant: AVIF when the browser takes it (smallest at equal quality),
 * else WebP when it takes that, else the stored format. Browsers list what they take for images
 * without preferences between them, so the smaller format wins.
 */
export function variantFormat(accept: string | undefined, stored: VariantFormat): VariantFormat {
  if (accepts(accept, 'image/avif')) return 'avif';
  return acceptsWebp(accept) ? 'webp' : stored;
}

/** Renders (cache misses) per client address per minute: keeps CPU and disk bounded. */
export const RENDERS_PER_MINUTE = 600;

/** If-None-Match holds one or more tags, maybe weak (W/"..."), or *. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * GET IMAGE_PATH/<key>?w=&crop=1&blur=&q= : the stored original, or a variant rendered once and
 * kept on disk beside it. Keys never change content, so answers are cacheable for good.
 * Images not open to everyone (ImageAccess) are served only to the viewers allowed to see them,
 * read from the session on each request; the app's onRequest hook resolves it for this path.
 */
export function registerImageRoute(
  app: FastifyInstance,
  deps: Deps,
  access: ImageAccess = everyoneMay,
  store: MediaStore = mediaStoreFor(deps.config),
) {
  // One render per variant at a time: concurrent first requests wait for the same result.
  const rendering = new Map<string, Promise<Buffer>>();

  async function render(
    request: FastifyRequest,
    key: string,
    name: string,
    variant: Variant,
    ext: VariantFormat,
  ) {
    const inFlight = rendering.get(name);
    if (inFlight) return inFlight;
    const decision = await deps.limiter.hit(`img:ip:${request.ip}`, RENDERS_PER_MINUTE, 60_000);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
    // Looked up again: another request may have started this render while the limiter answered.
    let pending = rendering.get(name);
    if (!pending) {
      pending = (async () => {
        const original = await store.get(originalName(key));
        if (!original) throw notFound('notFound.image');
        const data = await renderVariant(original, variant, ext);
        await store.put(name, data);
        // The photo may have gone (deleted, or rekeyed when it stopped being public) while this
        // rendered: its files were dropped before this variant was written. Owners drop the
        // original before the variants (dropImageFiles), so if the original is still here now,
        // that drop has not reached the variants yet and will take this one too.
        if (!(await store.has(originalName(key)))) {
          await store.remove(name).catch(() => {});
          throw notFound('notFound.image');
        }
        return data;
      })();
      rendering.set(name, pending);
      pending.finally(() => rendering.delete(name)).catch(() => {});
    }
    return pending;
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    variant: Variant,
    cache: string | undefined,
  ) {
    const parsed = parseImageKey(key);
    if (!parsed) throw notFound('notFound.image');
    if (cache === undefined) {
      const may = await access(key, request.member ?? null);
      if (may === 'denied') throw notFound('notFound.image');
      cache = may === 'open' ? 'public, max-age=31536000, immutable' : RESTRICTED_CACHE;
      if (may === 'allowed') reply.header('vary', 'Cookie');
    }
    const original = isOriginal(variant);
    // A resized variant goes out as AVIF or WebP to browsers that say they take it (smaller at
    // equal quality), each kept on disk under its own name; the original is sent as stored.
    const ext = original ? parsed.ext : variantFormat(request.headers.accept, parsed.ext);
    if (!original) reply.header('vary', cache === RESTRICTED_CACHE ? 'Accept, Cookie' : 'Accept');
    const name = original ? originalName(key) : variantPrefix(key) + variantFile(variant, ext);
    const etag = `"${createHash('sha256').update(name).digest('base64url').slice(0, 27)}"`;
    // Set only on success: a 404 or 400 must not be cached for good, nor typed as an image.
    const headers = { 'content-type': CONTENT_TYPES[ext], 'cache-control': cache, etag };
    if (matches(request.headers['if-none-match'], etag) && (await store.has(originalName(key)))) {
      return reply.headers(headers).status(304).send();
    }
    if (original) {
      const stored = await store.stream(name);
      if (!stored) throw notFound('notFound.image');
      return reply
        .headers({ ...headers, 'x-media-cache': 'hit', 'content-length': stored.length })
        .send(stored.body);
    }
    // A variant is served only while its original exists: a variant left behind by a render
    // that outlived its photo is removed, not served (the access check above saw an unknown,
    // hence open, key). One stat per hit; the original is the source of truth.
    // A variant is read whole, not streamed: no larger than its original (2048 px at most, most
    // are thumbnails), and a read stream's stat, empty last read and piping cost more than its
    // bytes (a hit's store work, 50 tiles: 0.28 ms streamed, 0.15 ms read whole at load 6-9;
    // tools/bench/README.md, "Session 13, perf-media").
    const [stored, present] = await Promise.all([store.get(name), store.has(originalName(key))]);
    if (!present) {
      if (stored) await store.remove(variantPrefix(key)).catch(() => {});
      throw notFound('notFound.image');
    }
    if (stored) return reply.headers({ ...headers, 'x-media-cache': 'hit' }).send(stored);
    const data = await render(request, key, name, variant, ext);
    return reply.headers({ ...headers, 'x-media-cache': 'miss' }).send(data);
  }

  app.get(`${IMAGE_PATH}/:key`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = request.params as { key: string };
    const query = request.query as Record<string, unknown>;
    for (const value of Object.values(query)) if (Array.isArray(value)) throw invalid('params');
    return serve(request, reply, key, parseVariant(query), undefined);
  });

  // A sealed reference always shows the same small blurred square: the viewer never learns the key.
  app.get(`${IMAGE_PATH}/sealed/:token`, async (request: FastifyRequest, reply: FastifyReply) => {
    const key = unsealImageKey(deps.secret, (request.params as { token: string }).token);
    if (!key) throw notFound('notFound.image');
    return serve(
      request,
      reply,
      key,
      parseVariant({ w: '150', crop: '1', blur: '50' }),
      'private, max-age=86400',
    );
  });
}
