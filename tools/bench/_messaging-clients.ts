import type WebSocket from 'ws';
import { PostPool } from './_keep-alive';
import { Latency, openSockets, postJson, RunQueueWait } from './_latency';

/**
 * The messaging benchmark's members, in their own process (forked by messaging.ts): N WebSockets
 * in pairs (member 2k with 2k+1). A steady RATE messages/s, each sent by one side of a pair in
 * turn, every member sending every N/RATE s; each timed from just before the send until the
 * partner's socket has it. Ours: the send is `POST send.do` on a keep-alive HTTP agent and the
 * arrival a `message` push. The relay: the send is a frame on the sender's own socket, forwarded
 * by the relay. Both carry the same text, "bench <seq> " padded to TEXT_BYTES.
 */
export type ToMessagingClients =
  | {
      type: 'connect';
      /** Push URL (ours) or relay URL; the relay gets `?id=<index>`. */
      url: string;
      cookies: (string | undefined)[];
      /** Ours only: where send.do lives and each pair's conversation id (pair k = members 2k, 2k+1). */
      sendUrl?: string;
      conversationIds?: number[];
    }
  | { type: 'start'; perSecond: number; textBytes: number }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export type FromMessagingClients =
  | { type: 'ready' }
  | { type: 'reset' }
  | {
      type: 'report';
      sentPerSecond: number;
      deliveredPerSecond: number;
      delivered: number;
      /** Sends answered with an error (HTTP status not 2xx, or a failed request). */
      failed: number;
      /** The first failure's status and body, to say why. */
      firstFailure?: string;
      p50Ms: number;
      /** Where the tail starts: a p99 far above it is a few disturbances, close to it a queue. */
      p90Ms: number;
      p99Ms: number;
      maxMs: number;
      clientCpu: number;
      /** Share of the window the clients' thread waited for a CPU (other jobs on the machine). */
      clientWait: number;
    };

const latency = new Latency();
let sent = 0;
let failed = 0;
let firstFailure: string | undefined;
let cpuSince = process.cpuUsage();
const runQueue = new RunQueueWait();
const send = (message: FromMessagingClients) => process.send!(message);

const sockets: WebSocket[] = [];
/** seq -> when it was sent (performance.now()), until the partner has it. */
const pending = new Map<number, number>();
/** Sends from this seq on are measured (set at reset). */
let measuredFrom = 0;
let seq = 0;
let timer: NodeJS.Timeout | undefined;
let spec: Extract<ToMessagingClients, { type: 'connect' }>;
let pool: PostPool | undefined;

function onFrame(data: WebSocket.RawData) {
  const text = String(data);
  // Cheap filter before parsing: only message frames carrying our marker.
  const at = text.indexOf('bench ');
  if (at < 0) return;
  const frame = JSON.parse(text) as { type: string; message?: { content?: string } };
  if (frame.type !== 'message') return;
  const n = Number(/^bench (\d+) /.exec(frame.message?.content ?? '')?.[1]);
  const t0 = pending.get(n);
  if (t0 === undefined) return;
  pending.delete(n);
  if (n < measuredFrom) return;
  const ms = performance.now() - t0;
  latency.record(ms);
}

/** One message: member `from` to its partner, through send.do (ours) or its own socket (relay). */
function sendOne(n: number, from: number, text: string) {
  const measured = n >= measuredFrom;
  if (measured) sent++;
  const fail = (why: string) => {
    pending.delete(n);
    if (measured) failed++;
    firstFailure ??= why;
  };
  pending.set(n, performance.now());
  if (!spec.sendUrl) {
    sockets[from].send(JSON.stringify({ to: from ^ 1, message: text }));
    return;
  }
  // As the web app sends into a conversation it shows (features/messaging/useSend.ts): a client
  // id for retries, and only the newest line back (it has the rest; pushes bring new ones).
  const body = JSON.stringify({
    conversationId: spec.conversationIds![from >> 1],
    message: text,
    clientMessageId: `bench-${n}`,
    maxMessages: 1,
  });
  pool ??= new PostPool(spec.sendUrl, 64);
  postJson(pool, spec.cookies[from]!, body, fail);
}

process.on('message', async (message: ToMessagingClients) => {
  if (message.type === 'connect') {
    spec = message;
    const urls = message.cookies.map((_, i) => (message.sendUrl ? message.url : `${message.url}?id=${i}`));
    sockets.push(...(await openSockets(urls, message.cookies, onFrame)));
    send({ type: 'ready' });
  } else if (message.type === 'start') {
    // Ticks of 10 ms, each sending its share. The sender rotates: pairs' even sides in turn, then
    // their odd sides, so every member sends once per `members` messages.
    const tickMs = 10;
    let owed = 0;
    let last = performance.now();
    const members = sockets.length;
    timer = setInterval(() => {
      const t = performance.now();
      owed += ((t - last) * message.perSecond) / 1000;
      last = t;
      for (; owed >= 1; owed--) {
        const n = seq++;
        const pair = n % (members >> 1);
        const side = Math.floor(n / (members >> 1)) & 1;
        const text = `bench ${n} `.padEnd(message.textBytes, 'x');
        sendOne(n, pair * 2 + side, text);
      }
    }, tickMs);
  } else if (message.type === 'reset') {
    latency.reset();
    sent = failed = 0;
    firstFailure = undefined;
    measuredFrom = seq;
    cpuSince = process.cpuUsage();
    runQueue.reset();
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    clearInterval(timer);
    const seconds = latency.seconds();
    const clientWait = runQueue.percent();
    // Let the last sends arrive (they were counted as sent) before reporting.
    const deadline = performance.now() + 2000;
    while (pending.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const cpu = process.cpuUsage(cpuSince);
    send({
      type: 'report',
      sentPerSecond: sent / seconds,
      ...latency.summary(),
      // Over the measured window, not the wait for stragglers above.
      deliveredPerSecond: latency.delivered / seconds,
      failed,
      firstFailure,
      clientCpu: (cpu.user + cpu.system) / 1e4 / seconds,
      clientWait,
    });
  } else {
    for (const ws of sockets) ws.terminate();
    pool?.close();
    process.disconnect();
  }
});
