import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkUrl,
  guardedAgent,
  guardedFetch,
  guardedHttpsAgent,
  isPublicAddress,
  OutboundRefused,
} from './guarded-fetch';

/** A listener on 127.0.0.1 that counts every connection: the guard must keep it at zero. */
async function trap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
}

/** A name resolver that answers `first` once, then `later` (a name that changes its answer). */
function rebinding(first: string, later: string): typeof dns.lookup {
  let calls = 0;
  return ((_name: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const address = calls++ === 0 ? first : later;
    const family = net.isIPv6(address) ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as typeof dns.lookup;
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return (error as OutboundRefused).reason;
};

describe('isPublicAddress', () => {
  it('accepts public unicast only', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2001:4860:4860::8888', '[2606:4700::1111]'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001::1',
      'localhost',
      'nonsense',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('guardedFetch', () => {
  let listener: Awaited<ReturnType<typeof trap>>;
  beforeAll(async () => {
    listener = await trap();
  });
  afterAll(() => listener.close());

  it('refuses inside addresses in every spelling, and never connects to them', async () => {
    const p = listener.port;
    const inside = [
      `https://127.0.0.1:${p}/x`,
      `https://127.1:${p}/x`,
      `https://0x7f000001:${p}/x`,
      `https://2130706433:${p}/x`,
      `https://[::1]:${p}/x`,
      `https://[::ffff:127.0.0.1]:${p}/x`,
      `https://[::ffff:7f00:1]:${p}/x`,
      `https://localhost:${p}/x`,
      `https://LOCALHOST.:${p}/x`,
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
    ];
    for (const url of inside)
      expect(await refusal(guardedFetch(url, { timeoutMs: 3000 })), url).toBe('address');
    expect(listener.connections()).toBe(0);
  });

  it('refuses other schemes, plain http unless allowed, and credentials in the URL', async () => {
    expect(await refusal(guardedFetch('ftp://example.com/x'))).toBe('scheme');
    expect(await refusal(guardedFetch('http://example.com/x'))).toBe('scheme');
    expect(await refusal(guardedFetch('https://user:pw@example.com/x'))).toBe('credentials');
    expect(await refusal(guardedFetch('https://:pw@example.com/x'))).toBe('credentials');
    expect(await refusal(guardedFetch('no url'))).toBe('url');
  });

  it('checks the address at connect time: a name that turns inside after the check gets nowhere', async () => {
    const lookup = rebinding('93.184.216.34', '127.0.0.1');
    const url = `https://rebind.test:${listener.port}/x`;
    await expect(checkUrl(url, { lookup })).resolves.toBeInstanceOf(URL);
    expect(await refusal(guardedFetch(url, { lookup }))).toBe('address');
    // A name with one inside address among public ones is refused whole.
    const mixed = ((_n: string, _o: unknown, cb: (...a: unknown[]) => void) =>
      cb(null, [
        { address: '8.8.8.8', family: 4 },
        { address: '10.1.1.1', family: 4 },
      ])) as typeof dns.lookup;
    expect(await refusal(checkUrl('https://mixed.test/', { lookup: mixed }))).toBe('address');
    expect(listener.connections()).toBe(0);
  });

  it('the guarded dispatcher refuses inside literals even when a client skips the URL check', async () => {
    const agent = guardedAgent();
    try {
      for (const host of ['127.0.0.1', '[::1]', 'localhost']) {
        const error = await request(`http://${host}:${listener.port}/`, { dispatcher: agent }).catch(
          (e) => e,
        );
        expect(error.cause ?? error, host).toBeInstanceOf(OutboundRefused);
      }
    } finally {
      await agent.close();
    }
    expect(listener.connections()).toBe(0);
  });

  it('the guarded https.Agent (for libraries such as web-push) refuses the same', async () => {
    const agent = guardedHttpsAgent();
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const error = await new Promise((resolve) => {
        const req = https.get(`https://${host}:${listener.port}/`, { agent }, () => resolve(undefined));
        req.on('error', resolve);
      });
      expect(error, host).toBeInstanceOf(OutboundRefused);
    }
    agent.destroy();
    expect(listener.connections()).toBe(0);
  });

  describe('with a local service (allowPrivate, tests only)', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/big') return res.end(Buffer.alloc(64 * 1024, 97));
        if (req.url === '/stream') {
          res.write(Buffer.alloc(40 * 1024));
          return setTimeout(() => res.end(Buffer.alloc(40 * 1024)), 20);
        }
        if (req.url === '/quiet') return; // never answers
        if (req.url === '/hop') return res.writeHead(302, { location: '/echo' }).end();
        if (req.url === '/sneaky') return res.writeHead(302, { location: 'ftp://example.com/' }).end();
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url, body })));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    });
    const local = { allowHttp: true, allowPrivate: true };

    it('returns status, headers and body; follows redirects for GET after re-checking them', async () => {
      const posted = await guardedFetch(`${base}/echo`, { ...local, method: 'POST', body: 'hola' });
      expect(posted.status).toBe(200);
      expect(JSON.parse(posted.body.toString())).toEqual({ method: 'POST', url: '/echo', body: 'hola' });
      const hopped = await guardedFetch(`${base}/hop`, local);
      expect(JSON.parse(hopped.body.toString()).url).toBe('/echo');
      expect(hopped.url).toBe(`${base}/echo`);
      expect((await guardedFetch(`${base}/hop`, { ...local, maxRedirects: 0 })).status).toBe(302);
      expect(await refusal(guardedFetch(`${base}/sneaky`, local))).toBe('scheme');
    });

    it('caps the body (declared or streamed) and bounds the whole exchange in time', async () => {
      expect(await refusal(guardedFetch(`${base}/big`, { ...local, maxBytes: 1024 }))).toBe('tooLarge');
      expect(await refusal(guardedFetch(`${base}/stream`, { ...local, maxBytes: 50 * 1024 }))).toBe(
        'tooLarge',
      );
      expect((await guardedFetch(`${base}/big`, local)).body).toHaveLength(64 * 1024);
      expect(await refusal(guardedFetch(`${base}/quiet`, { ...local, timeoutMs: 200 }))).toBe('timeout');
    });
  });
});
