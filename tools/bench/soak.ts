/**
 * Soak: many members on two instances for a long time (`npx tsx tools/bench/soak.ts`).
 *
 * Two Tertulia processes share PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; else one
 * SQLite file in a shared DATA_DIR) and Redis (BENCH_REDIS_URL or TEST_REDIS_URL: required, the
 * bus is what joins them). N members (--members, default 5,000) hold a WebSocket each, half on
 * each instance; each sends an IM to a partner on the other instance about once a minute, and
 * rooms of 50 (spanning both) get a line every 10 s. Every minute (--minute-seconds, default 60)
 * it prints IM and room-line delivery p50/p99 and each instance's memory, for --minutes (default
 * 10). Targets: memory per instance grows < 10 % from minute 2 to the last; IM p99 in the last
 * minute ≤ 1.2x minute 2's. Not a timed test: it prints numbers and the verdicts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, PUSH_PATH } from '@tertulia/contract';
import pg from 'pg';
import { createDb } from '../../packages/server/src/db/index';
import { freePorts, Instance, METRICS_TOKEN } from '../instances';
import { benchMembers, clientProcess, fmt } from './_shared';
import type { FromSoakClients, ToSoakClients } from './_soak-clients';

const flag = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
};
const MEMBERS = flag('members', 5000) & ~1;
const MINUTES = flag('minutes', 10);
const MINUTE_MS = flag('minute-seconds', 60) * 1000;
const ROOM_SIZE = 50;
const CHAT_EVERY_MS = 10_000;

const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.log('soak skipped: set BENCH_REDIS_URL (or TEST_REDIS_URL): the two instances share Redis');
  process.exit(0);
}
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const id = randomBytes(4).toString('hex');
const schema = databaseUrl ? `soak_${id}` : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-soak-'));
const env = {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema! } : {}),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `tertulia-soak-${id}:`,
  SECRET_KEY: randomBytes(32).toString('hex'),
  METRICS_TOKEN,
  LOG_LEVEL: 'warn',
  BIRTHDAY_JOB: 'false',
  // Members are written straight to the database; nothing here may be refused by a limit.
  REGISTER_LIMIT_PER_ADDRESS: '100000',
};
const ports = await freePorts(2);
const instances = [new Instance('a', ports[0], dataDir, env), new Instance('b', ports[1], dataDir, env)];
// One after the other: the first runs the migrations.
for (const instance of instances) await instance.start();

const db = await createDb({ dataDir, databaseUrl, databaseSchema: schema });
const { ids, cookies } = await benchMembers(db, MEMBERS, `soak${id}`);
const t = Date.now();
const rooms: { roomId: number; members: number[] }[] = [];
for (let first = 0; first < MEMBERS; first += ROOM_SIZE) {
  const members = Array.from({ length: Math.min(ROOM_SIZE, MEMBERS - first) }, (_, k) => first + k);
  const room = await db
    .insertInto('chat_rooms')
    .values({
      name: `soak ${first / ROOM_SIZE}`,
      display_name: `Soak ${first / ROOM_SIZE}`,
      category: 'Soak',
      room_type: 2,
      max_users: ROOM_SIZE + 1,
      owner_id: null,
      locale: 'es',
      country: null,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('chat_room_members')
    .values(members.map((m) => ({ room_id: room.id, user_id: ids[m], entered_at: t })))
    .execute();
  rooms.push({ roomId: room.id, members });
}

// Each pair's IM, started through send.do (untimed), 20 at a time.
const conversationIds: number[] = [];
for (let pair = 0; pair < MEMBERS / 2; pair += 20) {
  const started = await Promise.all(
    Array.from({ length: Math.min(20, MEMBERS / 2 - pair) }, async (_, k) => {
      const p = pair + k;
      const res = await fetch(`${instances[0].url}${api.messaging.send.path}`, {
        method: 'POST',
        headers: { cookie: cookies[2 * p], 'content-type': 'application/json', origin: instances[0].url },
        body: JSON.stringify({ targetIds: [ids[2 * p + 1]], message: 'hola', maxMessages: 0 }),
      });
      if (!res.ok) throw new Error(`starting an IM failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { Conversation: [{ conversationId: number }] }).Conversation[0]
        .conversationId;
    }),
  );
  conversationIds.push(...started);
}

const clients = clientProcess<ToSoakClients, FromSoakClients>('./_soak-clients.ts');
const [wsA, wsB] = instances.map((i) => `${i.url.replace(/^http/, 'ws')}${PUSH_PATH}`);
clients.tell({
  type: 'connect',
  cookies,
  pushUrls: [wsA, wsB],
  messageUrls: [
    `${instances[0].url}${api.messaging.send.path}`,
    `${instances[1].url}${api.messaging.send.path}`,
  ],
  chatUrls: [
    `${instances[0].url}${api.chat.sendMessage.path}`,
    `${instances[1].url}${api.chat.sendMessage.path}`,
  ],
  conversationIds,
  rooms,
});
const ready = (await clients.next('ready')) as Extract<FromSoakClients, { type: 'ready' }>;
const messagesPerSecond = MEMBERS / 60;
console.log(
  `Soak: ${fmt(MEMBERS)} members (${fmt(MEMBERS / 2)} a instance, sockets open in ${fmt(ready.openMs / 1000, 1)} s), ` +
    `${fmt(messagesPerSecond, 1)} IMs/s across instances, ${rooms.length} rooms of ${ROOM_SIZE} with a line every ${CHAT_EVERY_MS / 1000} s; ` +
    `${MINUTES} windows of ${MINUTE_MS / 1000} s; ${databaseUrl ? 'PostgreSQL' : 'SQLite'} + Redis`,
);
clients.tell({ type: 'start', messagesPerSecond, chatEveryMs: CHAT_EVERY_MS });

const mb = (bytes: number) => bytes / 1024 / 1024;
type Row = { im: { p50: number; p99: number }; rss: number[]; heap: number[] };
const rows: Row[] = [];
console.log(
  '  min  IMs   fail  p50 ms  p99 ms | lines  fail  p50 ms  p99 ms | sockets | rss MB a / b  heap MB a / b',
);
for (let minute = 1; minute <= MINUTES; minute++) {
  await new Promise((r) => setTimeout(r, MINUTE_MS));
  clients.tell({ type: 'minute' });
  const m = (await clients.next('minute')) as Extract<FromSoakClients, { type: 'minute' }>;
  const rss = await Promise.all(instances.map((i) => i.metric('process_resident_memory_bytes')));
  const heap = await Promise.all(instances.map((i) => i.metric('nodejs_heap_size_used_bytes')));
  rows.push({ im: { p50: m.messages.p50Ms, p99: m.messages.p99Ms }, rss, heap });
  console.log(
    `  ${String(minute).padStart(3)} ${fmt(m.messages.delivered).padStart(5)} ${fmt(m.messages.failed).padStart(5)} ${fmt(m.messages.p50Ms, 1).padStart(7)} ${fmt(m.messages.p99Ms, 1).padStart(7)} |` +
      ` ${fmt(m.chat.delivered).padStart(6)} ${fmt(m.chat.failed).padStart(4)} ${fmt(m.chat.p50Ms, 1).padStart(7)} ${fmt(m.chat.p99Ms, 1).padStart(7)} |` +
      ` ${fmt(m.sockets).padStart(7)} | ${fmt(mb(rss[0])).padStart(5)} / ${fmt(mb(rss[1]))}  ${fmt(mb(heap[0])).padStart(5)} / ${fmt(mb(heap[1]))}` +
      (m.chat.firstFailure ? `  first failure: ${m.chat.firstFailure.slice(0, 120)}` : ''),
  );
}

if (rows.length >= 3) {
  const second = rows[1];
  const last = rows[rows.length - 1];
  instances.forEach((instance, i) => {
    const growth = last.rss[i] / second.rss[i] - 1;
    console.log(
      `  instance ${instance.name}: memory (rss) minute 2 → ${rows.length}: ${fmt(mb(second.rss[i]))} → ${fmt(mb(last.rss[i]))} MB, ${fmt(growth * 100, 1)} % (target < 10 %: ${growth < 0.1 ? 'met' : 'MISSED'})`,
    );
  });
  const ratio = last.im.p99 / second.im.p99;
  console.log(
    `  IM p99 last minute / minute 2: ${fmt(last.im.p99, 1)} / ${fmt(second.im.p99, 1)} ms = ${fmt(ratio, 2)}x (target ≤ 1.2x: ${ratio <= 1.2 ? 'met' : 'MISSED'})`,
  );
} else {
  console.log('  verdicts need at least 3 windows (minute 2 against the last)');
}

clients.tell({ type: 'close' });
await Promise.all(instances.map((i) => i.stop('SIGTERM')));
await db.destroy();
if (databaseUrl) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });
