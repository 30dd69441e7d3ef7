import type WebSocket from 'ws';
import { PostPool } from './_keep-alive';
import { Latency, openSocket, postJson } from './_latency';

/**
 * The soak's members, in their own process (forked by soak.ts): one WebSocket each, member i on
 * instance i % 2, so every pair (2k, 2k+1) and every room spans both instances. Each member sends
 * an IM to its partner once a minute on average, and every room gets a line every CHAT_EVERY_MS
 * from its members in turn, each through the sender's own instance. Latency is stamped in the text
 * and read when the push arrives (an IM at the partner, a room line at every member).
 */
export type ToSoakClients =
  | {
      type: 'connect';
      cookies: string[];
      pushUrls: [string, string];
      messageUrls: [string, string];
      chatUrls: [string, string];
      /** Pair k (members 2k, 2k+1): its conversation. */
      conversationIds: number[];
      rooms: { roomId: number; members: number[] }[];
    }
  | { type: 'start'; messagesPerSecond: number; chatEveryMs: number }
  | { type: 'minute' }
  | { type: 'close' };

export interface Figures {
  delivered: number;
  failed: number;
  firstFailure?: string;
  p50Ms: number;
  p99Ms: number;
}
export type FromSoakClients =
  | { type: 'ready'; openMs: number }
  | { type: 'minute'; messages: Figures; chat: Figures; sockets: number };

const messages = new Latency();
const chat = new Latency();
const failures = { messages: 0, chat: 0, first: undefined as string | undefined };
const sockets: WebSocket[] = [];
const pending = new Map<number, { t0: number; to: number }>();
const pools: PostPool[] = [];
let spec: Extract<ToSoakClients, { type: 'connect' }>;
let seq = 0;
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromSoakClients) => process.send!(message);

function onFrame(member: number, data: WebSocket.RawData) {
  const text = String(data);
  if (!text.includes('soak')) return;
  const frame = JSON.parse(text) as {
    type: string;
    message?: { content?: string };
    entry?: { message?: string };
  };
  if (frame.type === 'message') {
    const n = Number(/soak (\d+)/.exec(frame.message?.content ?? '')?.[1]);
    const sent = pending.get(n);
    if (!sent || sent.to !== member) return;
    pending.delete(n);
    messages.record(performance.now() - sent.t0);
  } else if (frame.type === 'chatEntry') {
    const line = frame.entry?.message ?? '';
    if (line.startsWith('soak:')) chat.record(now() - Number(line.split(':')[2]));
  }
}

const pool = (url: string) => {
  const found = pools.find((p) => (p as unknown as { url: string }).url === url);
  if (found) return found;
  const made = Object.assign(new PostPool(url, 32), { url });
  pools.push(made);
  return made;
};

function sendMessage(from: number) {
  const n = seq++;
  const to = from ^ 1;
  pending.set(n, { t0: performance.now(), to });
  const body = JSON.stringify({
    conversationId: spec.conversationIds[from >> 1],
    message: `soak ${n} hola, ¿qué tal?`,
    clientMessageId: `soak-${n}`,
    maxMessages: 1,
  });
  postJson(pool(spec.messageUrls[from % 2]), spec.cookies[from], body, (why) => {
    pending.delete(n);
    failures.messages++;
    failures.first ??= why;
  });
}

function sayInRoom(room: { roomId: number; members: number[] }, turn: number) {
  const from = room.members[turn % room.members.length];
  const body = JSON.stringify({ roomId: room.roomId, message: `soak:${seq++}:${now()}` });
  postJson(pool(spec.chatUrls[from % 2]), spec.cookies[from], body, (why) => {
    failures.chat++;
    failures.first ??= why;
  });
}

const figures = (latency: Latency, failed: number): Figures => ({
  delivered: latency.delivered,
  failed,
  p50Ms: latency.quantile(0.5),
  p99Ms: latency.quantile(0.99),
});

const timers: NodeJS.Timeout[] = [];
process.on('message', async (message: ToSoakClients) => {
  if (message.type === 'connect') {
    spec = message;
    const started = performance.now();
    for (let i = 0; i < message.cookies.length; i += 100) {
      const batch = message.cookies.slice(i, i + 100);
      sockets.push(
        ...(await Promise.all(
          batch.map((cookie, k) =>
            openSocket(message.pushUrls[(i + k) % 2], cookie, (d) => onFrame(i + k, d)),
          ),
        )),
      );
    }
    send({ type: 'ready', openMs: performance.now() - started });
  } else if (message.type === 'start') {
    // Senders chosen at random: on average each member once a minute at N/60 messages/s.
    let owed = 0;
    let last = performance.now();
    timers.push(
      setInterval(() => {
        const t = performance.now();
        owed += ((t - last) * message.messagesPerSecond) / 1000;
        last = t;
        for (; owed >= 1; owed--) sendMessage(Math.floor(Math.random() * sockets.length));
      }, 20),
    );
    // Rooms' lines spread over the interval rather than all at once.
    spec.rooms.forEach((room, r) => {
      let turn = 0;
      const offset = (message.chatEveryMs * r) / spec.rooms.length;
      setTimeout(() => {
        timers.push(setInterval(() => sayInRoom(room, turn++), message.chatEveryMs));
      }, offset);
    });
  } else if (message.type === 'minute') {
    send({
      type: 'minute',
      messages: figures(messages, failures.messages),
      chat: { ...figures(chat, failures.chat), firstFailure: failures.first },
      sockets: sockets.filter((s) => s.readyState === s.OPEN).length,
    });
    messages.reset();
    chat.reset();
    failures.messages = failures.chat = 0;
    failures.first = undefined;
    // Sends that never arrived in a minute are lost, not late: forget them.
    const cutoff = performance.now() - 60_000;
    for (const [n, sent] of pending) if (sent.t0 < cutoff) pending.delete(n);
  } else {
    for (const t of timers) clearInterval(t);
    for (const ws of sockets) ws.terminate();
    for (const p of pools) p.close();
    process.disconnect();
  }
});
