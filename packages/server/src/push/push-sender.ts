import { type Agent, type Dispatcher, request } from 'undici';
import webpush from 'web-push';
import { checkUrl, checkUrlShape, guardedAgent, OutboundRefused } from '../net/guarded-fetch';
import type { VapidKeys } from './vapid';

/** What a push service answered: delivered, the subscription is gone for good, or a failure to log. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushTargetKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SendOptions {
  /** [A-Za-z0-9_-]{1,32}: the push service keeps only the newest undelivered push per topic. */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  ttlSeconds?: number;
}

/** A VAPID token lives 12 hours (the most push services accept); we sign a new one after 6. */
const TOKEN_LIFE_S = 12 * 3600;
const TOKEN_REUSE_MS = 6 * 3600 * 1000;

/**
 * Sends one encrypted push through the `web-push` library: it encrypts (aes128gcm, RFC 8291)
 * and builds the request; we carry it over a pooled keep-alive connection (undici) instead of
 * the library's new HTTPS connection per push, and reuse each push service's VAPID token for
 * hours instead of signing one per push (tools/bench/web-push.ts measures both).
 */
export function pushSender(options: {
  keys: VapidKeys;
  subject: string;
  allowHttp: boolean;
  /** Loopback and private endpoints too (OUTBOUND_ALLOW_PRIVATE): local test push services only. */
  allowPrivate?: boolean;
  /** The benchmark: a guarded dispatcher that trusts its local service's certificate. */
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const rules = { allowHttp: options.allowHttp, allowPrivate: options.allowPrivate === true };
  // Every connection is checked on the address it opens to (docs/security.md, "Outbound requests").
  const dispatcher =
    options.dispatcher ??
    guardedAgent({
      allowPrivate: rules.allowPrivate,
      headersTimeoutMs: options.timeoutMs ?? 10_000,
      bodyTimeoutMs: options.timeoutMs ?? 10_000,
    });
  const tokens = new Map<string, { header: string; until: number }>();

  function authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = tokens.get(audience);
    if (cached && cached.until > now()) return cached.header;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.keys.publicKey,
      options.keys.privateKey,
      'aes128gcm',
      Math.floor(now() / 1000) + TOKEN_LIFE_S,
    );
    tokens.set(audience, { header: headers.Authorization, until: now() + TOKEN_REUSE_MS });
    return headers.Authorization;
  }

  return {
    /**
     * Refuses (OutboundRefused) an endpoint that may not be stored: a push service speaks https
     * (http only for local tests) at a public address, without credentials in the URL.
     */
    async checkEndpoint(endpoint: string): Promise<void> {
      await checkUrl(endpoint, rules);
    },

    async send(target: PushTargetKeys, payload: string, sendOptions: SendOptions = {}): Promise<SendOutcome> {
      try {
        checkUrlShape(target.endpoint, rules);
      } catch (error) {
        // Stored before the guard existed: an inside or malformed address never becomes valid.
        if (error instanceof OutboundRefused) return 'gone';
        throw error;
      }
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          TTL: sendOptions.ttlSeconds ?? 24 * 3600,
          topic: sendOptions.topic,
          urgency: sendOptions.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = { authorization: authorization(target.endpoint) };
      for (const [name, value] of Object.entries(details.headers))
        headers[name.toLowerCase()] = String(value);
      const response = await request(target.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        dispatcher,
      });
      await response.body.dump();
      if (response.statusCode >= 200 && response.statusCode < 300) return 'sent';
      // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
      if (response.statusCode === 404 || response.statusCode === 410) return 'gone';
      return 'failed';
    },

    async close(): Promise<void> {
      if (!options.dispatcher) await (dispatcher as Agent).close();
    },
  };
}
export type PushSender = ReturnType<typeof pushSender>;
