import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser vendor's push service (an outside network, so tests may replace
 * it): it hands out subscriptions whose private keys it keeps, and decrypts what it receives
 * (aes128gcm, RFC 8188 + RFC 8291) with them, checking the VAPID signature (RFC 8292). Nothing
 * leaves the machine. Tests and tools/bench/web-push.ts use it.
 */
export interface ReceivedPush {
  id: string;
  payload: Record<string, unknown> & { title?: string; body?: string; url?: string; tag?: string };
  topic?: string;
  urgency?: string;
  ttl?: number;
  /** The `k=` public key of the VAPID header, when its signature checked out. */
  vapidKey?: string;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** What the service answers for this device: 201, or 410 once the browser unsubscribed. */
  status: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts one aes128gcm push body for the device that holds `ecdh` and `auth`. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(auth, secret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with a 2 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 signature by the key, for this service's origin. */
function vapidKeyOf(header: string | undefined, origin: string): string | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const [token, key] = [match[1], match[2]];
  const [head, claims, signature] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const aud = JSON.parse(Buffer.from(claims, 'base64url').toString()).aud;
  return ok && aud === origin ? key : undefined;
}

export async function startPushService(
  options: { tls?: { key: string; cert: string }; keep?: boolean } = {},
) {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  let count = 0;
  let origin = '';

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const device = devices.get(id);
      if (device?.status !== 201) {
        res.writeHead(device ? device.status : 404).end();
        return;
      }
      count++;
      if (options.keep !== false) {
        const text = decryptPush(Buffer.concat(chunks), device.ecdh, device.auth);
        received.push({
          id,
          payload: JSON.parse(text),
          topic: req.headers.topic as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          ttl: Number(req.headers.ttl),
          vapidKey: vapidKeyOf(req.headers.authorization, origin),
        });
      }
      res.writeHead(201).end();
      for (const wake of waiters.splice(0)) wake();
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    origin,
    received,
    /** Pushes accepted so far (also when not kept). */
    count: () => count,
    /** A new browser's subscription: what pushManager.subscribe() would give the page. */
    subscription() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, status: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      };
    },
    /** The browser dropped this subscription: the service answers 410 Gone from now on. */
    expire(id: string) {
      devices.get(id)!.status = 410;
    },
    for: (id: string) => received.filter((r) => r.id === id),
    /** Resolves once `n` pushes were accepted. */
    async waitFor(n: number, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (count < n) {
        if (Date.now() > until) throw new Error(`push service got ${count} of ${n} pushes`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
