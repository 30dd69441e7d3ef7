/**
 * Chat room: 500 members connected to one room; one line every 10 ms from a rotating sender
 * through chat/sendMessage.do (real HTTP), delivered to everyone in the room as chatEntry frames.
 * The reference, measured in the same run: a minimal `ws` room relay that broadcasts each line a
 * client sends to every client. Reports delivered entries/s and p50/p99 latency from send to
 * arrival (`npx tsx tools/bench/chat.ts`; BENCH_MEMBERS, BENCH_INTERVAL_MS, BENCH_DURATION_MS).
 * Target: our p99 at most 3x the relay's and under 100 ms. Not a timed test.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, PUSH_PATH } from '@tertulia/contract';
import WebSocket, { WebSocketServer } from 'ws';
import type { FromChatClients, ToChatClients } from './_chat-clients';
import { benchMembers, clientProcess, fmt, ourApp } from './_shared';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 10);
const WARMUP_MS = 1000;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const TARGET_FACTOR = 3;
const TARGET_P99_MS = 100;

type Report = Extract<FromChatClients, { type: 'report' }>;
const line = (seq: number) => `bench:${seq}:${performance.timeOrigin + performance.now()}`;

/** Connects the members, sends a line every INTERVAL_MS, and reports what the members saw. */
async function measure(
  url: string,
  cookies: (string | undefined)[],
  say: (seq: number, text: string) => unknown,
) {
  const { child: clients, next, tell } = clientProcess<ToChatClients, FromChatClients>('./_chat-clients.ts');
  const ready = next('ready');
  tell({ type: 'connect', url, cookies });
  await ready;
  let seq = 0;
  const timer = setInterval(() => {
    const n = seq++;
    say(n, line(n));
  }, INTERVAL_MS);
  await sleep(WARMUP_MS);
  const reset = next('reset');
  tell({ type: 'reset' });
  await reset;
  await sleep(DURATION_MS);
  const report = next('report');
  tell({ type: 'report' });
  const result = (await report) as Report;
  clearInterval(timer);
  tell({ type: 'close' });
  await new Promise((resolve) => clients.once('exit', resolve));
  return result;
}

/** The reference: a bare `ws` relay; one extra client sends the lines, every client gets them. */
async function reference(): Promise<Report> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (ws) => {
    ws.send('{"type":"hello"}');
    ws.on('message', (data) => {
      const frame = JSON.stringify({ type: 'line', message: String(data) });
      for (const client of wss.clients)
        if (client !== ws && client.readyState === client.OPEN) client.send(frame);
    });
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`;
  const sender = new WebSocket(url);
  await new Promise((resolve) => sender.once('message', resolve));
  const report = await measure(url, Array(MEMBERS).fill(undefined), (_seq, text) => sender.send(text));
  sender.terminate();
  for (const client of wss.clients) client.terminate();
  await new Promise((resolve) => wss.close(resolve));
  return report;
}

/** Our app on SQLite: members, sessions and room membership written straight to the db. */
async function ours(): Promise<Report> {
  const app = await ourApp({
    redisUrl: process.env.BENCH_REDIS_URL,
    redisPrefix: `tertulia-bench-${randomBytes(4).toString('hex')}:`,
  });
  const t = Date.now();
  const db = app.deps.db;
  const room = await db
    .insertInto('chat_rooms')
    .values({
      name: 'bench',
      display_name: 'Bench',
      category: 'Bench',
      room_type: 2,
      max_users: MEMBERS + 1,
      owner_id: null,
      locale: 'es',
      country: null,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { ids, cookies } = await benchMembers(db, MEMBERS, 'chat');
  for (let i = 0; i < ids.length; i += 200) {
    await db
      .insertInto('chat_room_members')
      .values(ids.slice(i, i + 200).map((id) => ({ room_id: room.id, user_id: id, entered_at: t })))
      .execute();
  }
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace(/^http/, 'ws')}${PUSH_PATH}`;
  const report = await measure(url, cookies, (seq, text) =>
    fetch(`${address}${api.chat.sendMessage.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[seq % cookies.length] },
      body: JSON.stringify({ roomId: room.id, message: text }),
    }).then((res) => res.arrayBuffer()),
  );
  await app.close();
  return report;
}

console.log(
  `Chat room: ${fmt(MEMBERS)} members, a line every ${INTERVAL_MS} ms from a rotating sender, ${DURATION_MS / 1000} s`,
);
const ref = await reference();
const mine = await ours();
const show = (label: string, r: Report) =>
  `  ${label.padEnd(10)} ${fmt(r.deliveredPerSecond).padStart(9)} entries/s   p50 ${fmt(r.p50Ms, 1)} ms   p99 ${fmt(r.p99Ms, 1)} ms   max ${fmt(r.maxMs, 1)} ms`;
console.log(show('ws relay', ref));
console.log(show(process.env.BENCH_REDIS_URL ? 'ours+redis' : 'ours', mine));
const met = mine.p99Ms <= TARGET_FACTOR * ref.p99Ms && mine.p99Ms < TARGET_P99_MS;
console.log(
  `  p99 ratio  ${fmt(mine.p99Ms / ref.p99Ms, 2)}  (target <= ${TARGET_FACTOR} and p99 < ${TARGET_P99_MS} ms: ${met ? 'met' : 'MISSED'})`,
);
