import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const REQUEST_LINE_LEVELS = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's two info lines per request ("incoming request", "request completed") only at a level
 * that writes them: above info they were built and dropped on every request. Failed requests
 * are logged at any level.
 */
export class RequestLines extends LogController {
  readonly #written: boolean;

  constructor(level: string) {
    super();
    this.#written = REQUEST_LINE_LEVELS.has(level);
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.#written) super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || this.#written) super.requestCompleted(error, request, reply);
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
