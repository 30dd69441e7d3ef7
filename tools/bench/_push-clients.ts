import WebSocket from 'ws';

/**
 * The push-fanout clients, in their own process (forked by push-fanout.ts): N WebSockets that
 * count every frame, record its latency from the `sentAt` stamped by the publisher, and report
 * when every client has an event so the publisher keeps a bounded number of events in flight.
 */
export type ToClients =
  | { type: 'connect'; url: string; cookies: (string | undefined)[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export type FromClients =
  | { type: 'ready' }
  | { type: 'done'; seq: number }
  | { type: 'reset' }
  | {
      type: 'report';
      deliveredPerSecond: number;
      delivered: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      /** Busy share of one core in the client process: near 100 means the clients were the limit. */
      clientCpu: number;
    };

// Latency histogram: 10 µs buckets up to 2 s.
const BUCKET_MS = 0.01;
const histogram = new Uint32Array(200_000);
let delivered = 0;
let maxMs = 0;
let since = performance.now();
let cpuSince = process.cpuUsage();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send!(message);

const sockets: WebSocket[] = [];
const received = new Map<number, number>();

function onFrame(data: WebSocket.RawData) {
  const frame = JSON.parse(String(data)) as { type: string; id: number; sentAt?: number };
  if (frame.sentAt === undefined) return;
  const ms = now() - frame.sentAt;
  histogram[Math.min(histogram.length - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]++;
  delivered++;
  if (ms > maxMs) maxMs = ms;
  const count = (received.get(frame.id) ?? 0) + 1;
  if (count === sockets.length) {
    received.delete(frame.id);
    send({ type: 'done', seq: frame.id });
  } else received.set(frame.id, count);
}

function quantile(q: number): number {
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= q * delivered) return (i + 1) * BUCKET_MS;
  }
  return Number.NaN;
}

/** Opens one socket and resolves on its first frame (the server's hello: it is registered by then). */
function open(url: string, cookie: string | undefined): Promise<WebSocket> {
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

process.on('message', async (message: ToClients) => {
  if (message.type === 'connect') {
    // In batches: a thousand handshakes at once would overflow the listen backlog.
    for (let i = 0; i < message.cookies.length; i += 100) {
      const batch = message.cookies.slice(i, i + 100);
      sockets.push(...(await Promise.all(batch.map((cookie) => open(message.url, cookie)))));
    }
    send({ type: 'ready' });
  } else if (message.type === 'reset') {
    histogram.fill(0);
    delivered = 0;
    maxMs = 0;
    since = performance.now();
    cpuSince = process.cpuUsage();
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    const seconds = (performance.now() - since) / 1000;
    const cpu = process.cpuUsage(cpuSince);
    send({
      type: 'report',
      deliveredPerSecond: delivered / seconds,
      delivered,
      p50Ms: quantile(0.5),
      p99Ms: quantile(0.99),
      maxMs,
      clientCpu: (cpu.user + cpu.system) / 1e4 / seconds,
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.disconnect();
  }
});
