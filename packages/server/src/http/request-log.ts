import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const REQUEST_LINE_LEVELS = new Set(['trace', 'debug', 'info']);

/**
 * Paths worth a line per request: API calls, the push socket and the language switch (`/`).
 * Health checks, the web build and media files would drown them (a page load fetches dozens).
 */
function isLogged(url: string): boolean {
  return url.startsWith('/servlet') || url === '/' || url.startsWith('/?');
}

/** Requests whose failure has been logged already (logFailure): they get no second line. */
const failed = new WeakSet<FastifyRequest>();

/** The one line of a request that failed on the server, at error level, with its request id. */
export function logFailure(request: FastifyRequest, error: unknown): void {
  failed.add(request);
  request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
}

/**
 * One line per request at most, when it completes (method, url, status, time), at a level that
 * writes it and only for the paths above: Fastify's default wrote two ("incoming request",
 * "request completed") for every request, static files and health checks included, and built
 * them even above info. A failure is logged at any level, once, with the request id.
 */
export class RequestLines extends LogController {
  readonly #written: boolean;

  constructor(level: string) {
    super();
    this.#written = REQUEST_LINE_LEVELS.has(level);
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (failed.has(request)) return;
    if (error) {
      reply.log.error(
        { err: error, method: request.method, url: request.url, statusCode: reply.statusCode },
        'request errored',
      );
    } else if (this.#written && isLogged(request.url)) {
      reply.log.info(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
  }
}

/**
 * Request ids: the caller's X-Request-Id, else this instance's random prefix and a counter,
 * unique across instances for log correlation without a UUID's cost on every request.
 */
export function requestIds() {
  const instance = randomBytes(6).toString('base64url');
  let count = 0;
  return (req: { headers: Record<string, string | string[] | undefined> }): string =>
    (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ||
    `${instance}-${(++count).toString(36)}`;
}
