import type WebSocket from 'ws';
import { Latency, openSockets } from './_latency';

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

const latency = new Latency();
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromChatClients) => process.send!(message);
const sockets: WebSocket[] = [];

function onFrame(data: WebSocket.RawData) {
  const frame = JSON.parse(String(data)) as { type: string; message?: string; entry?: { message?: string } };
  const line = frame.entry?.message ?? frame.message;
  if (!line?.startsWith('bench:')) return;
  const ms = now() - Number(line.split(':')[2]);
  latency.record(ms);
}

process.on('message', async (message: ToChatClients) => {
  if (message.type === 'connect') {
    const urls = message.cookies.map(() => message.url);
    sockets.push(...(await openSockets(urls, message.cookies, onFrame)));
    send({ type: 'ready' });
  } else if (message.type === 'reset') {
    latency.reset();
    send({ type: 'reset' });
  } else if (message.type === 'report') {
    send({ type: 'report', ...latency.summary() });
  } else {
    for (const ws of sockets) ws.terminate();
    process.disconnect();
  }
});
