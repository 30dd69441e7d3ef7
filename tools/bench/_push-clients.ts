import type WebSocket from 'ws';
import { Latency, openSockets } from './_latency';

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

const latency = new Latency();
let cpuSince = process.cpuUsage();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClients) => process.send!(message);

const sockets: WebSocket[] = [];
const received = new Map<number, number>();

function onFrame(data: WebSocket.RawData) {
  const frame = JSON.parse(String(data)) as { type: string; id: number; sentAt?: number };
  if (frame.sentAt === undefined) return;
  const ms = now() - frame.sentAt;
  latency.record(ms);
  const count = (received.get(frame.id) ?? 0) + 1;
  if (count === sockets.length) {
    received.delete(frame.id);
    send({ type: 'done', seq: frame.id });
  } else received.set(frame.id, count);
}

process.on('message', async (message: ToClients) => {
  if (message.type === 'connect') {
    const urls = message.cookies.map(() => message.url);
    sockets.push(...(await openSockets(urls, message.cookies, onFrame)));
    send({ type: 'ready' });
  } else if (message.type === 'reset') {
    latency.reset();
    cpuSince = process.cpuUsage();
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuSince);
    send({
      type: 'report',
      ...latency.summary(),
      clientCpu: (cpu.user + cpu.system) / 1e4 / latency.seconds(),
    });
  } else {
    for (const ws of sockets) ws.terminate();
    process.disconnect();
  }
});
