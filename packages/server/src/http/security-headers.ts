import { API_PREFIX, BUILTIN_GAMES_PATH } from '@tertulia/contract';

/** The page's policy; `frame-src` is added per the games registered (gameFrameSrc). */
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

/**
 * Where a page may load frames from: our own origin (built-in games under /games-builtin/) and the
 * registered origins of external games, nothing else (docs/games-container.md). An origin that is not a
 * plain https origin is left out rather than trusted.
 */
export function gameFrameSrc(origins: readonly string[]): string {
  const safe = origins.filter((o) => /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o));
  return ["frame-src 'self'", ...safe].join(' ');
}

/** Headers of everything a browser may render or run: pages, scripts, images, the API docs. */
function pageHeaders(https: boolean, frameOrigins: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': `${PAGE_CSP}; ${gameFrameSrc(frameOrigins)}`,
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
 * Headers of a built-in game's files (/games-builtin/...): the CSP's `sandbox` keeps the game in an opaque
 * origin even when opened on its own, so it can never read the member's cookies or storage; it
 * may load its own files, talk to nobody (connect-src 'none': everything goes through the SDK),
 * and be framed only by our pages.
 */
function gameFileHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      "connect-src 'none'",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      'sandbox allow-scripts',
    ].join('; '),
    // The game's own document is an opaque origin: to it, even our files are cross-origin.
    'cross-origin-resource-policy': 'cross-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(https ? HSTS : {}),
  };
}

/** Built-in games' files (and the SDK script beside them). */
const GAME_FILES_PREFIX = `${BUILTIN_GAMES_PATH}/`;

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
export function securityHeaders(
  https: boolean,
  /** The registered external games' origins; the page set is rebuilt only when the list changes. */
  gameOrigins: () => readonly string[] = () => [],
): (url: string) => Record<string, string> {
  let origins = gameOrigins();
  let page = pageHeaders(https, origins);
  const data = dataHeaders(https);
  const asset = assetHeaders(https);
  const gameFile = gameFileHeaders(https);
  const pageNow = () => {
    const current = gameOrigins();
    if (current !== origins) {
      origins = current;
      page = pageHeaders(https, origins);
    }
    return page;
  };
  return (url) =>
    isDataPath(url)
      ? data
      : url.startsWith('/assets/')
        ? asset
        : url.startsWith(GAME_FILES_PREFIX)
          ? gameFile
          : pageNow();
}
