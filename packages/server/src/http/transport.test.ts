import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp, uniqueId } from '../../tests/_util';
import { COMPRESS_THRESHOLD } from '../app';

/** A web build as the Vite build leaves it: hashed assets with .br and .gz copies beside them. */
function webBuild(): { dir: string; script: string; asset: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `const greeting = ${JSON.stringify('hola '.repeat(2000))};\nconsole.log(greeting);\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/main-Ab12Cd34.js"></script></head><body>${'<p>tertulia</p>'.repeat(100)}</body></html>`;
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  write('assets/main-Ab12Cd34.js', script);
  write('index.html', html);
  return { dir, script, asset: '/assets/main-Ab12Cd34.js' };
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/** Log lines written by the app, as objects. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe.each(dialects)('compression, caching and request logs on $name', (dialect) => {
  const web = webBuild();
  const log = logSink();
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect, { webDist: web.dir, logLevel: 'info' }, { logStream: log.stream });
    t.app.get('/servlet/api/test/boom.do', async () => {
      throw new Error('boom');
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('a hashed static asset', () => {
    it.each([
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ])('Accept-Encoding %s: sent as %s, cached for good, Vary set', async (accept, encoding) => {
      const res = await get(web.asset, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Only what a script needs: no page policies, no validators (it is never revalidated).
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(decode(encoding, res.rawPayload)).toBe(web.script);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(web.script.length / 10);
    });

    it('without Accept-Encoding: the file as it is', async () => {
      const res = await get(web.asset);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(web.script);
    });
  });

  it('pages (the SPA shell) revalidate, compressed too', async () => {
    const res = await get('/html/index.jsp', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(decode('br', res.rawPayload)).toContain('<!doctype html>');
  });

  describe('API answers', () => {
    let cookie = '';
    const prefix = `z${uniqueId()}`;
    beforeAll(async () => {
      const m = await member(t.app);
      cookie = m.cookieHeader;
      for (let i = 0; i < 6; i++) await member(t.app, `${prefix}${i}`);
    });
    const search = (accept?: string) =>
      get(`${api.people.findUsersByName.path}?name=${prefix}`, {
        cookie,
        ...(accept ? { 'accept-encoding': accept } : {}),
      });

    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ])(
      'a large one with Accept-Encoding %s is sent as %s, not stored, Vary set',
      async (accept, encoding) => {
        const plain = await search();
        expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
        const res = await search(accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.headers['cache-control']).toBe('no-store');
        const body = JSON.parse(decode(encoding, res.rawPayload));
        expect(body.ApiSearchResult[0].totalNumberResults).toBe(6);
        expect(body).toEqual(JSON.parse(plain.body));
        if (encoding) expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      },
    );

    it('a small one goes out as it is, even to a browser that accepts brotli', async () => {
      const res = await get(api.profile.getLocales.path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(COMPRESS_THRESHOLD);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.json().Locale.length).toBeGreaterThan(0);
    });

    it('the pre-serialized self answer is compressed like any other when large', async () => {
      // A long "about" text makes the member's own view larger than the threshold.
      const big = await member(t.app, undefined);
      await big.ok(api.people.updateProfile, { about: 'á'.repeat(900) });
      const res = await get(api.user.getLoggedInUser.path, {
        cookie: big.cookieHeader,
        'accept-encoding': 'br',
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decode('br', res.rawPayload)).User[0].about).toBe('á'.repeat(900));
    });
  });

  describe('request log at info', () => {
    const linesFor = (url: string) => log.lines.filter((l) => l.url === url);

    it('health checks and static files write nothing', async () => {
      const before = log.lines.length;
      await get('/healthz');
      await get('/readyz');
      await get(web.asset, { 'accept-encoding': 'br' });
      await get('/html/index.jsp');
      await get('/assets/missing-00000000.js');
      expect(log.lines.slice(before)).toEqual([]);
    });

    it('an API call writes one line with its request id, method, path and status', async () => {
      const url = `${api.profile.getLocales.path}?fields=code`;
      await get(url, { 'x-request-id': 'req-check-1' });
      const lines = linesFor(url);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, reqId: 'req-check-1', method: 'GET', statusCode: 200 });
    });

    it('a client error is an ordinary line; a server failure one error line with its request id', async () => {
      const bad = await get(`${api.profile.getLocales.path}?fields=${encodeURIComponent('{"Locale":')}`, {
        'x-request-id': 'req-check-2',
      });
      expect(bad.statusCode).toBe(400);
      const client = log.lines.filter((l) => l.reqId === 'req-check-2');
      expect(client).toHaveLength(1);
      expect(client[0]).toMatchObject({ level: 30, statusCode: 400 });

      const failed = await get('/servlet/api/test/boom.do', { 'x-request-id': 'req-check-3' });
      expect(failed.statusCode).toBe(500);
      const server = log.lines.filter((l) => l.reqId === 'req-check-3');
      expect(server).toHaveLength(1);
      expect(server[0]).toMatchObject({ level: 50, url: '/servlet/api/test/boom.do' });
      expect((server[0].err as { message: string }).message).toBe('boom');
    });
  });
});
