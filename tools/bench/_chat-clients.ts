import WebSocket from 'ws';

/**
 * The chat benchmark's room members, in their own process (forked by chat.ts): N WebSockets that
 * count every room entry and record its latency from the send time carried in the line itself
 * ("bench:<seq>:<sentAt>"), whether it arrives as our chatEntry frame or as the relay's bare frame.
 */
export type ToChatClients =
  | { type: 'connect'; url: string; cookies: (string | undefined)[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export type FromChatClients =
  | { type: 'ready' }
  | { type: 'reset' }
  | {
      type: 'report';
      deliveredPerSecond: number;
      delivered: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
    };

const BUCKET_MS = 0.01;
const histogram = new Uint32Array(200_000);
let delivered = 0;
let maxMs = 0;
let since = performance.now();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromChatClients) => process.send!(message);
const sockets: WebSocket[] = [];

function onFrame(data: WebSocket.RawData) {
  const frame = JSON.parse(String(data)) as { type: string; message?: string; entry?: { message?: string } };
  const line = frame.entry?.message ?? frame.message;
  if (!line?.startsWith('bench:')) return;
  const ms = now() - Number(line.split(':')[2]);
  histogram[Math.min(histogram.length - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]++;
  delivered++;
  if (ms > maxMs) maxMs = ms;
}

function quantile(q: number): number {
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= q * delivered) return (i + 1) * BUCKET_MS;
  }
  return Number.NaN;
}

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

process.on('message', async (message: ToChatClients) => {
  if (message.type === 'connect') {
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
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    const seconds = (performance.now() - since) / 1000;
    send({
      type: 'report',
      deliveredPerSecond: delivered / seconds,
      delivered,
      p50Ms: quantile(0.5),
      p99Ms: quantile(0.99),
      maxMs,
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.disconnect();
  }
});
