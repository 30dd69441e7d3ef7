import type { FastifyRequest } from 'fastify';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * A request comes from our own pages when its Origin (or, lacking one, its Referer) is the
 * address members use: PUBLIC_URL when set, else the Host the request was sent to.
 * A WebSocket upgrade must carry an Origin when the caller is a browser; `allowMissing` is
 * true by default because non-browser clients (tests, apps) send none.
 */
export function isSameOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
  allowMissing = true,
): boolean {
  const claimed =
    request.headers.origin ?? (request.headers.referer ? originOf(request.headers.referer) : undefined);
  if (!claimed || claimed === 'null') {
    if (request.headers['sec-fetch-site'] === 'cross-site') return false;
    return allowMissing && claimed !== 'null';
  }
  const expected = publicUrl ? originOf(publicUrl) : undefined;
  if (expected && originOf(claimed) === expected) return true;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (!host) return false;
  // new URL() drops default ports on both sides, so "http://site" matches Host "site:80".
  return [`http://${host}`, `https://${host}`].some((candidate) => originOf(candidate) === originOf(claimed));
}
