import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { PostPool } from './_keep-alive';

/**
 * What the benchmarks' client processes share: a latency histogram (10 µs buckets up to 2 s,
 * so recording stays O(1) at thousands of events per second) and socket opening.
 */
export class Latency {
  static readonly BUCKET_MS = 0.01;
  private readonly histogram = new Uint32Array(200_000);
  delivered = 0;
  maxMs = 0;
  private since = performance.now();

  record(ms: number) {
    const bucket = Math.floor(ms / Latency.BUCKET_MS);
    this.histogram[Math.min(this.histogram.length - 1, Math.max(0, bucket))]++;
    this.delivered++;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  reset() {
    this.histogram.fill(0);
    this.delivered = 0;
    this.maxMs = 0;
    this.since = performance.now();
  }

  seconds(): number {
    return (performance.now() - this.since) / 1000;
  }

  quantile(q: number): number {
    let seen = 0;
    for (let i = 0; i < this.histogram.length; i++) {
      seen += this.histogram[i];
      if (seen >= q * this.delivered) return (i + 1) * Latency.BUCKET_MS;
    }
    return Number.NaN;
  }

  /** The report fields every client process sends back. */
  summary() {
    return {
      deliveredPerSecond: this.delivered / this.seconds(),
      delivered: this.delivered,
      p50Ms: this.quantile(0.5),
      p90Ms: this.quantile(0.9),
      p99Ms: this.quantile(0.99),
      maxMs: this.maxMs,
    };
  }
}

/**
 * POSTs a JSON body as a member (its cookie) on the pool's keep-alive sockets; a status of 300 or
 * more, with the start of its answer, or a network error goes to `fail`. A success is dropped.
 */
export function postJson(pool: PostPool, cookie: string, body: string, fail: (why: string) => void) {
  pool.post(cookie, body, (answer) => {
    if (answer instanceof Error) fail(String(answer));
    else if (answer.status >= 300) fail(`${answer.status} ${answer.body.toString('utf8', 0, 200)}`);
  });
}

/** Opens one socket and resolves on its first frame (the server's hello: it is registered by then). */
export function openSocket(
  url: string,
  cookie: string | undefined,
  onFrame: (data: WebSocket.RawData) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    ws.once('message', () => {
      ws.on('message', onFrame);
      resolve(ws);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Opens sockets in batches of 100: a thousand handshakes at once would overflow the listen backlog. */
export async function openSockets(
  urls: string[],
  cookies: (string | undefined)[],
  onFrame: (data: WebSocket.RawData) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < cookies.length; i += 100) {
    const batch = cookies.slice(i, i + 100);
    sockets.push(...(await Promise.all(batch.map((cookie, k) => openSocket(urls[i + k], cookie, onFrame)))));
  }
  return sockets;
}

/**
 * How long this thread waited for a CPU while runnable (Linux schedstat; 0 elsewhere). On a small
 * machine shared with other jobs that wait, not our code, is what stalls a server's event loop:
 * a loop late by 250 ms whose thread ran 3 ms of it and waited 251 ms in the run queue was
 * descheduled, not busy (tools/bench/README.md, "Instant messages").
 */
export class RunQueueWait {
  private start = RunQueueWait.read();
  private since = performance.now();

  private static read(): number {
    try {
      return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e6;
    } catch {
      return 0;
    }
  }

  reset() {
    this.start = RunQueueWait.read();
    this.since = performance.now();
  }

  /** Share of the wall time since reset (0-100) the thread spent runnable but not running. */
  percent(): number {
    return (100 * (RunQueueWait.read() - this.start)) / (performance.now() - this.since);
  }
}
