import type WebSocket from 'ws';
import { PostPool } from './_keep-alive';
import { Latency, openSocket, openSockets, postJson, RunQueueWait } from './_latency';

/**
 * The chat benchmark's room members, in their own process (forked by chat.ts): N WebSockets that
 * count every room entry and record its latency from the send time carried in the line itself
 * ("bench:<seq>:<sentAt>"), whether it arrives as our chatEntry frame or as the relay's bare frame.
 * The lines are sent from here too, never from the measured server's process: one every
 * INTERVAL_MS, through `chat/sendMessage.do` on a keep-alive agent by member seq % N in turn
 * (ours), or on one extra socket of the relay's.
 */
export type ToChatClients =
  | {
      type: 'connect';
      url: string;
      cookies: (string | undefined)[];
      /** Ours: where sendMessage.do lives and the room. The relay: absent (lines go on a socket). */
      sendUrl?: string;
      roomId?: number;
    }
  | { type: 'start'; intervalMs: number }
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
      p90Ms: number;
      p99Ms: number;
      maxMs: number;
      /** Sends answered with an error (HTTP status not 2xx, or a failed request). */
      failed: number;
      firstFailure?: string;
      clientCpu: number;
      /** Share of the window this process's thread waited for a CPU (other jobs on the machine). */
      clientWait: number;
    };

const latency = new Latency();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromChatClients) => process.send!(message);
const sockets: WebSocket[] = [];
let relaySender: WebSocket | undefined;
let spec: Extract<ToChatClients, { type: 'connect' }>;
let timer: NodeJS.Timeout | undefined;
let failed = 0;
let firstFailure: string | undefined;
let cpuSince = process.cpuUsage();
const runQueue = new RunQueueWait();
let pool: PostPool | undefined;

function onFrame(data: WebSocket.RawData) {
  const text = String(data);
  // Cheap filter before parsing: only frames carrying a bench line.
  if (!text.includes('bench:')) return;
  const frame = JSON.parse(text) as { type: string; message?: string; entry?: { message?: string } };
  const line = frame.entry?.message ?? frame.message;
  if (!line?.startsWith('bench:')) return;
  const ms = now() - Number(line.split(':')[2]);
  latency.record(ms);
}

function say(seq: number) {
  const text = `bench:${seq}:${now()}`;
  if (!spec.sendUrl) return void relaySender!.send(text);
  const fail = (why: string) => {
    failed++;
    firstFailure ??= why;
  };
  const body = JSON.stringify({ roomId: spec.roomId, message: text });
  pool ??= new PostPool(spec.sendUrl, 64);
  postJson(pool, spec.cookies[seq % spec.cookies.length]!, body, fail);
}

process.on('message', async (message: ToChatClients) => {
  if (message.type === 'connect') {
    spec = message;
    const urls = message.cookies.map(() => message.url);
    sockets.push(...(await openSockets(urls, message.cookies, onFrame)));
    if (!message.sendUrl) relaySender = await openSocket(message.url, undefined, () => {});
    send({ type: 'ready' });
  } else if (message.type === 'start') {
    let seq = 0;
    timer = setInterval(() => say(seq++), message.intervalMs);
  } else if (message.type === 'reset') {
    latency.reset();
    failed = 0;
    firstFailure = undefined;
    cpuSince = process.cpuUsage();
    runQueue.reset();
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    clearInterval(timer);
    const seconds = latency.seconds();
    const clientWait = runQueue.percent();
    const cpu = process.cpuUsage(cpuSince);
    send({
      type: 'report',
      ...latency.summary(),
      failed,
      firstFailure,
      clientCpu: (cpu.user + cpu.system) / 1e4 / seconds,
      clientWait,
    });
  } else {
    for (const ws of sockets) ws.terminate();
    relaySender?.terminate();
    pool?.close();
    process.disconnect();
  }
});
