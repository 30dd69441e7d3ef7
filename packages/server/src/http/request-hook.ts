import { allEndpoints, EPHEMERAL_PATH, IMAGE_PATH, LIVE_MEDIA_PATH } from '@tertulia/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies } from './cookies';
import { forbidden } from './errors';
import { isCrossSite, isSameOrigin } from './origin';
import { securityHeaders } from './security-headers';
import type { sessionService } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATE_CHANGING_GETS = new Set(allEndpoints.filter((e) => e.changesState).map((e) => e.path));

/**
 * The onRequest hook of every request: its security headers, then who is calling, for the API, the
 * push socket, images and the language switch (other static files skip that), and the refusal of
 * cross-site writes. A callback hook, not an async one: a cached session (most requests) costs no
 * promise.
 */
export function requestHook(publicUrl: string | undefined, sessions: ReturnType<typeof sessionService>) {
  const headersFor = securityHeaders(publicUrl?.startsWith('https://') ?? false);
  const refused = (request: FastifyRequest) =>
    (
      SAFE_METHODS.has(request.method)
        ? STATE_CHANGING_GETS.has(request.url.split('?', 1)[0]) && isCrossSite(request, publicUrl)
        : !isSameOrigin(request, publicUrl)
    )
      ? forbidden('forbidden.origin')
      : undefined;
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.headers(headersFor(request.url));
    // Images too: a photo not open to everyone is served only to viewers allowed to see it, and
    // view-once media only to the member its link was made for.
    const readsSession =
      request.url.startsWith('/servlet') ||
      request.url.startsWith('/?') ||
      request.url === '/' ||
      request.url.startsWith(`${IMAGE_PATH}/`) ||
      request.url.startsWith(`${EPHEMERAL_PATH}/`) ||
      // A broadcast's video only to viewers the live rule lets watch (features/live/stream).
      request.url.startsWith(`${LIVE_MEDIA_PATH}/`);
    if (!readsSession) {
      return done();
    }
    request.cookies = parseCookies(request.headers.cookie);
    const hit = sessions.cached(request);
    if (hit !== undefined) {
      request.member = hit?.user ?? null;
      return done(refused(request));
    }
    sessions.resolve(request).then((session) => {
      request.member = session?.user ?? null;
      done(refused(request));
    }, done);
  };
}
