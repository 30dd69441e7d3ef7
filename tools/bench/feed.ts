/**
 * feed/getEvents.do, friends filter (3), first page of 10, for a member with 1,000 friends and one
 * with 100, in a SQLite database of 100,000 members and 1,000,000 events, against a minimal
 * Fastify + SQLite app serving the same page precomputed, in the same run
 * (`npx tsx tools/bench/feed.ts`). Target: ours at 0.8x the reference's requests/s or better, and
 * the same cost for 100 and 1,000 friends. Not a timed test: it prints numbers and ratios.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { LoadResult, LoadSpec } from './_http-load';
import { askHelper, type BenchFigure, benchMembers, fmt, ourApp, reportBench } from './_shared';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const FRIENDS = [1000, 100];
const PAGE = 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const ROUNDS = 2;
const REPS = Number(process.env.BENCH_REPS ?? 300);
const TARGET = 0.8;

const ours = await ourApp({ logLevel: 'silent' });
const { app, deps } = ours;
const readers = await benchMembers(deps.db, FRIENDS.length, 'reader');
const dbFile = path.join(deps.config.dataDir, 'tertulia.db');

// Seeding: one transaction of prepared inserts on a second connection to the same file, writing
// what recordFeedEvent writes (event, status, the author's own inbox row, each friend's row).
let t0 = performance.now();
const raw = new SQLite(dbFile);
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = OFF');
const now = Date.now();
const seed = raw.transaction(() => {
  const addUser = raw.prepare(
    `INSERT INTO users (name, name_lower, password_hash, email, gender, birth_date, creation_time, last_access)
     VALUES (?, ?, 'x', ?, ?, '1990-01-01', ?, ?)`,
  );
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `feed${i}`;
    members.push(
      Number(addUser.run(name, name, `${name}@example.org`, i % 2 ? 'm' : 'f', now, now).lastInsertRowid),
    );
  }
  // Reader k's friends are a spread-out slice of the members, so their events are spread too.
  const addFriend = raw.prepare('INSERT INTO friendships (user_id, friend_id, created_at) VALUES (?, ?, ?)');
  const readersOf = new Map<number, number[]>();
  FRIENDS.forEach((count, k) => {
    const reader = readers.ids[k];
    for (let j = 0; j < count; j++) {
      const friend = members[(j * 97 + k * 13) % MEMBERS];
      addFriend.run(reader, friend, now);
      addFriend.run(friend, reader, now);
      readersOf.set(friend, [...(readersOf.get(friend) ?? []), reader]);
    }
  });
  const addStatus = raw.prepare(
    'INSERT INTO statuses (user_id, text, privacy, nsfw, created_at) VALUES (?, ?, 1, 0, ?)',
  );
  const addEvent = raw.prepare(
    `INSERT INTO feed_events (type, user_id, post_id, properties, created_at, privacy, nsfw, item_type, item_id)
     VALUES (1, ?, ?, ?, ?, 1, 0, 1, ?)`,
  );
  const addInbox = raw.prepare('INSERT INTO feed_inbox (user_id, event_id, direct) VALUES (?, ?, ?)');
  const addLike = raw.prepare(
    'INSERT INTO likes (item_type, item_id, user_id, author_id, created_at) VALUES (1, ?, ?, ?, ?)',
  );
  const addComment = raw.prepare(
    `INSERT INTO comments (post_type, post_id, post_author_id, author_id, message, created_at)
     VALUES (1, ?, ?, ?, ?, ?)`,
  );
  const addStats = raw.prepare(
    'INSERT INTO item_stats (item_type, item_id, like_count, comment_count, updated_at) VALUES (1, ?, ?, ?, ?)',
  );
  const start = now - EVENTS * 1000;
  let friendEvents = 0;
  for (let i = 0; i < EVENTS; i++) {
    const author = members[(i * 7919) % MEMBERS];
    const at = start + i * 1000;
    const statusId = Number(
      addStatus.run(author, `Estado número ${i} de la prueba de rendimiento`, at).lastInsertRowid,
    );
    const eventId = Number(
      addEvent.run(author, statusId, `{"source.user":${author}}`, at, statusId).lastInsertRowid,
    );
    addInbox.run(author, eventId, 1);
    const to = readersOf.get(author);
    if (!to) continue;
    for (const reader of to) addInbox.run(reader, eventId, 0);
    // Friends' posts get likes and comments, so the page carries counters, likers and comments.
    const likes = friendEvents % 4;
    const comments = friendEvents % 3;
    friendEvents++;
    for (let l = 0; l < likes; l++) addLike.run(statusId, members[(i + l * 31) % MEMBERS], author, at + l);
    for (let c = 0; c < comments; c++)
      addComment.run(statusId, author, members[(i + c * 17) % MEMBERS], `Comentario ${c}`, at + c);
    if (likes || comments) addStats.run(statusId, likes, comments, at);
  }
  return friendEvents;
});
const friendEvents = seed();
// Fold the seeding's write-ahead log into the database file, as a running server's checkpoints
// would have long done: otherwise every read first searches a log of a million rows.
raw.pragma('wal_checkpoint(TRUNCATE)');
raw.close();
console.log(
  `seeded ${fmt(MEMBERS)} members, ${fmt(EVENTS)} events (${fmt(friendEvents)} by the readers' friends) in ${fmt((performance.now() - t0) / 1000, 1)} s`,
);

const pagePath = `${api.feed.getEvents.path}?filter=3&limit=${PAGE}`;
async function oursOnce(cookie: string) {
  const res = await app.inject({ method: 'GET', url: pagePath, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.body;
}

// The reference: the same response body, precomputed into its own SQLite table, served by a
// bare Fastify route that reads it by member id (no session, no plugins).
const refDb = new SQLite(path.join(deps.config.dataDir, 'reference.db'));
refDb.exec('CREATE TABLE pages (user_id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const bodies: string[] = [];
for (const [k, cookie] of readers.cookies.entries()) {
  const body = await oursOnce(cookie);
  const events = JSON.parse(body).FeedEvent as unknown[];
  if (events.length !== PAGE) throw new Error(`reader ${k}: expected ${PAGE} events, got ${events.length}`);
  refDb.prepare('INSERT INTO pages (user_id, body) VALUES (?, ?)').run(readers.ids[k], body);
  bodies.push(body);
}
const pageStatement = refDb.prepare('SELECT body FROM pages WHERE user_id = ?');
const reference = Fastify();
reference.get<{ Params: { uid: string } }>('/page/:uid', async (request, reply) => {
  const row = pageStatement.get(Number(request.params.uid)) as { body: string };
  reply.type('application/json; charset=utf-8');
  return row.body;
});

async function portOf(server: FastifyInstance) {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return (server.server.address() as AddressInfo).port;
}
// Warm both sides (page cache, statement caches, JIT) before measuring.
for (let i = 0; i < 200; i++) for (const cookie of readers.cookies) await oursOnce(cookie);
const refPort = await portOf(reference);
const oursPort = await portOf(app);
const run = (port: number, urlPath: string, cookie?: string) =>
  askHelper<LoadResult>('./_http-load.ts', {
    port,
    path: urlPath,
    cookie,
    connections: CONNECTIONS,
    warmupMs: 1000,
    durationMs: DURATION_MS,
  } satisfies LoadSpec);

console.log(
  `\nfeed/getEvents.do filter 3 (friends), page of ${PAGE} (${fmt(bodies[0].length)} bytes); ${CONNECTIONS} connections, ${DURATION_MS / 1000} s, best of ${ROUNDS}`,
);
const line = (label: string, r: LoadResult) =>
  `  ${label.padEnd(22)} ${fmt(r.perSecond).padStart(7)} req/s   p50 ${fmt(r.p50Ms, 2)} ms   p99 ${fmt(r.p99Ms, 2)} ms`;
const perSecond: Record<number, number> = {};
const figures: BenchFigure[] = [];
for (const [k, friends] of FRIENDS.entries()) {
  let ref: LoadResult | undefined;
  let mine: LoadResult | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const r = await run(refPort, `/page/${readers.ids[k]}`);
    const m = await run(oursPort, pagePath, readers.cookies[k]);
    if (r.non2xx || m.non2xx) throw new Error(`non-2xx answers: ours ${m.non2xx}, reference ${r.non2xx}`);
    if (!ref || r.perSecond > ref.perSecond) ref = r;
    if (!mine || m.perSecond > mine.perSecond) mine = m;
  }
  const ratio = mine!.perSecond / ref!.perSecond;
  perSecond[friends] = mine!.perSecond;
  figures.push({
    figure: `friends page req/s, ${fmt(friends)} friends`,
    value: mine!.perSecond,
    reference: ref!.perSecond,
    unit: '/s',
    ratio,
    target: { op: '>=', value: TARGET },
  });
  console.log(`\n${fmt(friends)} friends`);
  console.log(line('reference (precomputed)', ref!));
  console.log(line('ours', mine!));
  console.log(
    `  ratio                  ${fmt(ratio, 2)}  (target ${TARGET}: ${ratio >= TARGET ? 'met' : 'MISSED'})`,
  );
}

// The floor of any authenticated call on our stack (session, plugins, envelope), same run.
let floor: LoadResult | undefined;
for (let round = 0; round < ROUNDS; round++) {
  const r = await run(oursPort, api.user.getLoggedInUser.path, readers.cookies[0]);
  if (!floor || r.perSecond > floor.perSecond) floor = r;
}
console.log('\nfloor: our user/getLoggedInUser.do, same member');
console.log(line('ours', floor!));
console.log(`  feed (1,000 friends) / this floor: ${fmt(perSecond[1000] / floor!.perSecond, 2)}`);

// Per call in process (app.inject, no sockets): 100 against 1,000 friends.
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)];
const perCall: number[][] = FRIENDS.map(() => []);
for (let i = 0; i < 30; i++) for (const cookie of readers.cookies) await oursOnce(cookie);
for (let i = 0; i < REPS; i++) {
  for (const [k, cookie] of readers.cookies.entries()) {
    t0 = performance.now();
    await oursOnce(cookie);
    perCall[k].push(performance.now() - t0);
  }
}
console.log(`\nper call in process (app.inject), ${REPS} runs each`);
for (const [k, friends] of FRIENDS.entries())
  console.log(
    `  ${fmt(friends).padStart(5)} friends  p50 ${fmt(pct(perCall[k], 0.5), 3)} ms   p95 ${fmt(pct(perCall[k], 0.95), 3)} ms`,
  );
console.log(
  `  1,000 / 100 friends: ${fmt(pct(perCall[0], 0.5) / pct(perCall[1], 0.5), 2)}x per call, ${fmt(perSecond[100] / perSecond[1000], 2)}x requests/s`,
);

// The kept page's other side: a call right after a change the page must show (here the
// generation raised, as a block or a deletion would) renders it again: stamp, render, stamp.
const missed: number[][] = FRIENDS.map(() => []);
for (let i = 0; i < REPS / 3; i++) {
  for (const [k, cookie] of readers.cookies.entries()) {
    await sql`UPDATE feed_generation SET value = value + 1 WHERE id = 1`.execute(deps.db);
    t0 = performance.now();
    await oursOnce(cookie);
    missed[k].push(performance.now() - t0);
  }
}
console.log(`\nper call in process right after a change (the page rendered again), ${REPS / 3} runs each`);
for (const [k, friends] of FRIENDS.entries())
  console.log(
    `  ${fmt(friends).padStart(5)} friends  p50 ${fmt(pct(missed[k], 0.5), 3)} ms   p95 ${fmt(pct(missed[k], 0.95), 3)} ms`,
  );

// Why an inbox: the page's ids by the inbox against fan-out on read (the friend list joined to
// every friend's events, newest first), bare SQL on the same data.
const bare = new SQLite(dbFile, { readonly: true });
const inbox = bare.prepare(
  'SELECT event_id FROM feed_inbox WHERE user_id = ? ORDER BY event_id DESC LIMIT ?',
);
const fanIn = bare.prepare(
  `SELECT e.id FROM friendships f JOIN feed_events e ON e.user_id = f.friend_id
   WHERE f.user_id = ? ORDER BY e.id DESC LIMIT ?`,
);
const time = (fn: () => unknown, reps = 200) => {
  for (let i = 0; i < 20; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  return pct(xs, 0.5);
};
console.log('\npage ids only, bare SQL p50: inbox (ours) vs fan-out on read');
for (const [k, friends] of FRIENDS.entries()) {
  const a = time(() => inbox.all(readers.ids[k], PAGE));
  const b = time(() => fanIn.all(readers.ids[k], PAGE), 50);
  console.log(
    `  ${fmt(friends).padStart(5)} friends  inbox ${fmt(a * 1000, 0)} µs   fan-out on read ${fmt(b * 1000, 0)} µs`,
  );
}
reportBench(figures);
bare.close();
refDb.close();
await reference.close();
await ours.close();
