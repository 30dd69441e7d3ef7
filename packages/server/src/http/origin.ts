import type { FastifyRequest } from 'fastify';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The address this request was sent to, scheme included. Fastify reads X-Forwarded-Proto and
 * X-Forwarded-Host only when TRUST_PROXY is on, so a client can't claim another address.
 */
const addressOf = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`);

/** The Origin the browser claims, or the one of its Referer; undefined when it says neither. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  return request.headers.origin ?? (referer ? (originOf(referer) ?? 'null') : undefined);
}

function matches(request: FastifyRequest, claimed: string, publicUrl: string | undefined): boolean {
  const origin = originOf(claimed);
  if (!origin) return false;
  if (publicUrl && origin === originOf(publicUrl)) return true;
  return origin === addressOf(request);
}

/**
 * A request comes from our own pages when its Origin (or, lacking one, its Referer) is the
 * address members use: PUBLIC_URL when set, else the scheme and host the request was sent to.
 * A WebSocket upgrade must carry an Origin when the caller is a browser; `allowMissing` is
 * true by default because non-browser clients (tests, apps) send none. docs/security.md.
 */
export function isSameOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
  allowMissing = true,
): boolean {
  const claimed = claimedOrigin(request);
  if (!claimed || claimed === 'null') {
    if (request.headers['sec-fetch-site'] === 'cross-site') return false;
    return allowMissing && claimed !== 'null';
  }
  return matches(request, claimed, publicUrl);
}

/**
 * Whether the browser says a request was started by another site (Sec-Fetch-Site, or a foreign
 * Origin): the API's GET calls that change state are refused then (contract `changesState`).
 * A typed address or a bookmark (`none`) and our own pages (`same-origin`) pass.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin === 'null' || !matches(request, origin, publicUrl);
}
