import { API_PREFIX, BUILTIN_GAMES_PATH } from '@tertulia/contract';

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const HSTS = { 'strict-transport-security': 'max-age=15552000; includeSubDomains' };

/** Headers of everything a browser may render or run: pages, scripts, images, the API docs. */
function pageHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': PAGE_CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? HSTS : {}),
  };
}

/**
 * Headers of JSON answers (API calls, health), which a browser never renders: OWASP's set for
 * REST services (a CSP that allows nothing, no framing, no sniffing, no caching) and CORP, so no
 * other site can load them. The page set would add ~800 bytes and a quarter of the server time
 * of a small call (tools/bench/http.ts). X-Frame-Options is left to the CSP's frame-ancestors.
 * Vary: an answer from COMPRESS_THRESHOLD bytes on is compressed as the caller accepts (app.ts).
 */
function dataHeaders(https: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    vary: 'accept-encoding',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? HSTS : {}),
  };
}

/**
 * Headers of the build's hashed scripts and styles (/assets/): a CSP, framing or referrer policy
 * governs documents and workers, not a script a page loads, and the page set cost ~600 bytes on
 * each of the twenty-odd files of a first visit (~12 KiB of its script budget: tools/bench).
 */
function assetHeaders(https: boolean): Record<string, string> {
  return {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? HSTS : {}),
  };
}

/**
 * Headers of a built-in game's files (docs/games.md, "Catalogue"; docs/games-container.md). The
 * container frames them sandboxed without same-origin access, so the frame's origin is opaque:
 * CORP must let it load its own files, only our pages may frame it, and it may reach nothing but
 * its files (it talks to the host page by postMessage alone). The CSP's `sandbox` keeps the
 * game's origin opaque even when its page is opened alone, in a tab of its own.
 */
function gameFileHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'self'",
      "object-src 'none'",
      'sandbox allow-scripts',
    ].join('; '),
    'cross-origin-resource-policy': 'cross-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(https ? HSTS : {}),
  };
}

const DOCS_PREFIX = `${API_PREFIX}/docs`;

/** Whether a path answers JSON only: API calls (not the docs page) and the health checks. */
function isDataPath(url: string): boolean {
  return (
    (url.startsWith(API_PREFIX) && !url.startsWith(DOCS_PREFIX)) ||
    url.startsWith('/healthz') ||
    url.startsWith('/readyz')
  );
}

/**
 * Security headers, computed once, by path. (@fastify/helmet rebuilt them on every request,
 * which cost about two thirds of the throughput of a light endpoint: tools/bench/http.ts.)
 * Routes that need another policy (the API docs page) set their own header, which wins.
 */
export function securityHeaders(https: boolean): (url: string) => Record<string, string> {
  const page = pageHeaders(https);
  const data = dataHeaders(https);
  const asset = assetHeaders(https);
  const gameFile = gameFileHeaders(https);
  return (url) =>
    isDataPath(url)
      ? data
      : url.startsWith('/assets/')
        ? asset
        : url.startsWith(`${BUILTIN_GAMES_PATH}/`)
          ? gameFile
          : page;
}
