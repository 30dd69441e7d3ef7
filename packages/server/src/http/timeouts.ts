import type { HttpTimeouts } from '../config';

/**
 * Fastify and Node server options for how long a client may take (docs/security.md, "Slow and
 * oversized bodies"): the headers, the whole request, and any silence on the connection. Node
 * checks the first two every `checkIntervalMs`; the headers' deadline may not exceed the request's.
 */
export function serverTimeouts(t: HttpTimeouts) {
  const requestTimeout = t.requestTimeoutMs;
  const headersTimeout = Math.min(t.headersTimeoutMs, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: t.idleTimeoutMs,
    http: { requestTimeout, headersTimeout, connectionsCheckingInterval: t.checkIntervalMs },
  };
}
