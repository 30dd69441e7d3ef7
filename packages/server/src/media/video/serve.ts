import { randomBytes } from 'node:crypto';
import { VIDEO_PATH, videoBucket } from '@tertulia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { MediaStore } from '../storage';

/**
 * Video file names follow the spec's bucket rule: VIDEO_PATH/<bucket>/<kind>_<id>_<token>.mp4
 * where bucket = floor(id / 10000) + 1. The random token makes the URL unguessable: ids are
 * sequential, and a story is for its author's friends and followers only.
 */
const FILE = /^([a-z]+)_(\d{1,10})_([0-9a-f]{16})\.mp4$/;

/** The kind in the file name of a profile song: served as audio. */
export const SONG_KIND = 'song';

export function newVideoName(kind: string, id: number): string {
  return `video/${videoBucket(id)}/${kind}_${id}_${randomBytes(8).toString('hex')}.mp4`;
}

/** The public URL of a stored video name. */
export const videoUrl = (name: string) => `${VIDEO_PATH}/${name.slice('video/'.length)}`;

/** The store name behind a URL's bucket and file, or undefined when they break the rule. */
export function videoNameOf(bucket: string, file: string): string | undefined {
  const match = FILE.exec(file);
  if (!match || String(videoBucket(Number(match[2]))) !== bucket) return undefined;
  return `video/${bucket}/${file}`;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size; null when unsatisfiable, undefined when absent or multi-range. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, a, b] = match;
  if (a === '' && b === '') return undefined;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * GET VIDEO_PATH/<bucket>/<file>: a transcoded video, with HTTP range requests (206, 416) so
 * players can seek and phones can stream. Files never change under a name: cacheable for good.
 * On S3 with S3_SIGNED_URL_SECONDS set, the answer is a redirect to a short-lived signed URL
 * (the bucket itself stays private).
 */
export function registerVideoRoute(app: FastifyInstance, media: MediaStore, signedUrlSeconds = 0) {
  app.get(`${VIDEO_PATH}/:bucket/:file`, async (request: FastifyRequest, reply: FastifyReply) => {
    const { bucket, file } = request.params as { bucket: string; file: string };
    const name = videoNameOf(bucket, file);
    if (!name) throw notFound('video.notFound');
    // A profile song is AAC alone in MP4 (features/people/profile-media.ts): audio/mp4.
    const type = file.startsWith(`${SONG_KIND}_`) ? 'audio/mp4' : 'video/mp4';
    if (signedUrlSeconds > 0 && media.signedUrl) {
      if (!(await media.has(name))) throw notFound('video.notFound');
      const url = await media.signedUrl(name, signedUrlSeconds, type);
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    const size = await media.size(name);
    if (size === undefined) throw notFound('video.notFound');
    reply.headers({
      'content-type': type,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=86400',
    });
    return sendWithRanges(request, reply, media, name, size);
  });
}

/**
 * Streams a stored object as a whole or the one byte range asked for (206), with 416 for a range
 * outside it. The caller has set the content type and caching, and checked who may read it.
 */
export async function sendWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaStore,
  name: string,
  size: number,
) {
  const range = parseRange(request.headers.range, size);
  if (range === null) return reply.status(416).header('content-range', `bytes */${size}`).send();
  const stored = await media.stream(name, range);
  // Removed between the size check and the read: as missing as before.
  if (!stored) return reply.status(404).send();
  const body = stored.body;
  if (range === undefined) return reply.header('content-length', size).send(body);
  return reply
    .status(206)
    .headers({
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
      'content-length': range.end - range.start + 1,
    })
    .send(body);
}
