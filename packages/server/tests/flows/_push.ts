import type { AddressInfo } from 'node:net';
import { PUSH_PATH } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Helpers for flows that talk to the push WebSocket of a listening server. */

export type Frame = { type: string; [key: string]: unknown };
export type Closed = { code: number; reason: string };

/** Listens on a free port of the loopback interface; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Rejects after `ms` so a missing event fails the test with a reason instead of hanging it. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A client socket whose frames queue up until the test takes them, in order. */
export class PushSocket {
  private readonly frames: Frame[] = [];
  private wake: () => void = () => {};
  readonly closed: Promise<Closed>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        this.wake();
      }),
    );
  }

  /** The next frame the server sent that the test has not taken yet. */
  async next(ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    while (this.frames.length === 0) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed while waiting for a frame');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${ms} ms`);
      await within(new Promise<void>((resolve) => (this.wake = resolve)), left, 'a push frame').catch(
        () => {},
      );
    }
    return this.frames.shift()!;
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  /** Closes from the client side and waits for the closing handshake. */
  async close(): Promise<Closed> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    return within(this.closed, 5000, 'the socket to close');
  }
}

export interface PushOptions {
  cookie?: string;
  origin?: string;
  source?: string;
}

function pushUrl(baseUrl: string, source?: string) {
  const url = new URL(PUSH_PATH, baseUrl.replace(/^http/, 'ws'));
  if (source) url.searchParams.set('source', source);
  return url.toString();
}

function socketTo(baseUrl: string, options: PushOptions) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return new WebSocket(pushUrl(baseUrl, options.source), { headers });
}

/** Opens the push socket; resolves once it is open (frames, hello first, are queued). */
export function openPush(baseUrl: string, options: PushOptions = {}): Promise<PushSocket> {
  const ws = socketTo(baseUrl, options);
  const socket = new PushSocket(ws);
  return within(
    new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (req, res) => {
        req.destroy();
        reject(new Error(`upgrade refused with ${res.statusCode}`));
      });
      ws.on('error', reject);
    }),
    5000,
    'the push socket to open',
  );
}

/** The HTTP status of an upgrade the server refuses; fails when the upgrade succeeds. */
export function refusedStatus(baseUrl: string, options: PushOptions = {}): Promise<number> {
  const ws = socketTo(baseUrl, options);
  return within(
    new Promise((resolve, reject) => {
      ws.once('unexpected-response', (req, res) => {
        res.resume();
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
      ws.once('open', () => {
        ws.terminate();
        reject(new Error('the upgrade was accepted'));
      });
      ws.on('error', reject);
    }),
    5000,
    'the upgrade answer',
  );
}
