import type { IncomingHttpHeaders } from 'node:http';
import { type Agent, type Dispatcher, request } from 'undici';
import {
  checkUrlShape,
  type GuardOptions,
  guardedAgent,
  OutboundRefused,
  type UrlRules,
} from './address-guard';

export {
  checkUrl,
  checkUrlShape,
  guardedAgent,
  guardedHttpsAgent,
  guardedLookup,
  isPublicAddress,
  OutboundRefused,
  type RefusalReason,
} from './address-guard';

/**
 * The one way the server fetches an address a member or game supplied (docs/security.md,
 * "Outbound requests"): https only, no credentials in the URL, public addresses only (checked at
 * connect time on the resolved address), a deadline for the whole exchange and a cap on the body.
 */
export interface GuardedFetchOptions extends UrlRules {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole exchange, connect to last byte (default 10 s). */
  timeoutMs?: number;
  /** The response body at most (default 1 MB); past it the request is abandoned. */
  maxBytes?: number;
  /** Redirects followed for GET/HEAD, each re-checked (default 3); other methods never follow. */
  maxRedirects?: number;
  /** A guarded dispatcher of the caller's (pooled per service); default: a shared one. */
  dispatcher?: Dispatcher;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address finally answered, after redirects. */
  url: string;
}

const shared = new Map<boolean, Agent>();
/** One pooled guarded dispatcher per setting, made on first use. */
function sharedAgent(o: GuardOptions): Agent {
  const key = o.allowPrivate === true;
  let agent = shared.get(key);
  if (!agent) {
    agent = guardedAgent({ allowPrivate: key, lookup: o.lookup });
    shared.set(key, agent);
  }
  return agent;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(raw: string, o: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const timeoutMs = o.timeoutMs ?? 10_000;
  const maxBytes = o.maxBytes ?? 1024 * 1024;
  const method = (o.method ?? 'GET').toUpperCase();
  const dispatcher = o.dispatcher ?? (o.lookup ? guardedAgent(o) : sharedAgent(o));
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkUrlShape(raw, o);
  let redirectsLeft = method === 'GET' || method === 'HEAD' ? (o.maxRedirects ?? 3) : 0;
  try {
    for (;;) {
      const response = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers: o.headers,
        body: o.body,
        dispatcher,
        signal,
      });
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string' && redirectsLeft > 0) {
        await response.body.dump();
        redirectsLeft--;
        url = checkUrlShape(new URL(location, url).href, o);
        continue;
      }
      const declared = Number(response.headers['content-length']);
      if (declared > maxBytes) {
        response.body.destroy();
        throw new OutboundRefused('tooLarge', `${declared} bytes declared`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new OutboundRefused('tooLarge', `more than ${maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        body: Buffer.concat(chunks),
        url: url.href,
      };
    }
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    // undici wraps connector errors; the guard's refusal is what the caller needs to see.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRefused) throw cause;
    if (signal.aborted) throw new OutboundRefused('timeout', `${timeoutMs} ms`);
    throw error;
  } finally {
    if (o.lookup && !o.dispatcher) await (dispatcher as Agent).close();
  }
}
