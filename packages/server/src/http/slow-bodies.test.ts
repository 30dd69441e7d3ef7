import net from 'node:net';
import { api, MB, UploadLimits } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, type TestApp, testApp } from '../../tests/_util';
import { listen, openPush } from '../../tests/flows/_push';

/** What a raw client saw: the bytes the server answered and whether it closed the connection. */
interface Seen {
  answer: string;
  closed: boolean;
  /** Bytes of body the client managed to send before the server stopped taking them. */
  sent: number;
}

/**
 * Opens a raw connection, sends `head`, then body bytes from `body` (as long as the socket takes
 * them) up to `bodyBytes`, then goes quiet; resolves when the server closes or `waitMs` passes.
 */
function rawRequest(
  port: number,
  head: string,
  body: Buffer,
  bodyBytes: number,
  waitMs: number,
): Promise<Seen> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const seen: Seen = { answer: '', closed: false, sent: 0 };
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(seen);
    };
    const timer = setTimeout(done, waitMs);
    const answer: Buffer[] = [];
    socket.on('data', (chunk) => {
      answer.push(chunk);
      seen.answer = Buffer.concat(answer).toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      seen.closed = true;
      done();
    });
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      if (seen.sent === 0 && body.length) {
        seen.sent += body.length;
        if (!socket.write(body)) return socket.once('drain', pump);
      }
      while (seen.sent < bodyBytes && !socket.destroyed) {
        seen.sent += chunk.length;
        if (!socket.write(chunk)) return socket.once('drain', pump);
      }
    };
    pump();
  });
}

const status = (seen: Seen) => Number(/^HTTP\/1\.1 (\d{3})/.exec(seen.answer)?.[1]);

// Issue #38: a multipart body declaring 1 GB that goes quiet held its connection for minutes, and a
// part over its limit was read to the end of the body before the 413 came back.
describe.each(dialects)('slow and oversized bodies on $name', (dialect) => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp(dialect, {
      http: { requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, idleTimeoutMs: 1_000, checkIntervalMs: 200 },
    });
    port = Number(new URL(await listen(t.app)).port);
    cookie = (await member(t.app)).cookieHeader;
  });
  afterAll(() => t.close());

  const boundary = 'xTertuliaBoundary';
  const uploadHead = (declared: number) =>
    [
      `POST ${api.album.uploadPhoto.path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${declared}`,
      '',
      '',
    ].join('\r\n');
  const partHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );

  it('answers 413 as soon as a part passes its limit and closes, without reading the rest', async () => {
    const limit = UploadLimits.IMAGE;
    // Declares 1 GB; sends the part up to its limit and 1 MB beyond, then keeps sending while it can.
    const seen = await rawRequest(port, uploadHead(1024 * MB), partHead, 200 * MB, 20_000);
    expect(status(seen)).toBe(413);
    expect(seen.answer).toMatch(/como máximo 15 MB/);
    expect(seen.answer.toLowerCase()).toContain('connection: close');
    expect(seen.closed).toBe(true);
    // The server stopped taking bytes soon after the limit: far from the 1 GB declared.
    expect(seen.sent).toBeLessThan(limit + 64 * MB);
  });

  it('closes a request whose body goes quiet, one that dribbles past its deadline, and one whose headers never end', async () => {
    const quiet = await rawRequest(port, uploadHead(1024 * MB), partHead, 256 * 1024, 20_000);
    expect(quiet.closed).toBe(true);
    expect(quiet.answer === '' || status(quiet) === 408).toBe(true);

    // A byte now and then keeps the connection from going idle; the request's deadline still ends it.
    const socket = net.connect(port, '127.0.0.1');
    socket.write(uploadHead(1024 * MB));
    const drip = setInterval(() => socket.write('a'), 200);
    const dripped = await new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(answer));
      setTimeout(() => resolve('still open'), 20_000);
    });
    clearInterval(drip);
    socket.destroy();
    expect(dripped).toMatch(/^HTTP\/1\.1 408/);

    const headers = await rawRequest(
      port,
      `POST ${api.album.uploadPhoto.path} HTTP/1.1\r\nHost: x\r\n`,
      Buffer.alloc(0),
      0,
      20_000,
    );
    expect(headers.closed).toBe(true);
  });

  it('a request within the limits still works, and a quiet push socket is not an idle request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const socket = await openPush(`http://127.0.0.1:${port}`, { cookie });
    expect((await socket.next()).type).toBe('hello');
    let closed = false;
    void socket.closed.then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // past the 1 s idle time
    expect(closed).toBe(false);
    await socket.close();
  });
});
