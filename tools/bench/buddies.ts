/**
 * buddy/getBuddiesSorted.do with ONLINE_DEFAULT for a member with 5,000 friends, beside a bare
 * SQL query returning the same friends' rows in a stored order, same data, same run
 * (`node --import tsx tools/bench/buddies.ts`). Target: ours at most 1.5x the bare query.
 * Not a timed test: it prints numbers and the ratio.
 */
import path from 'node:path';
import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import { fmt, ourApp, registeredCookie, reportBench } from './_shared';

const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 5000);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const PAGE = 50;
const ONLINE_SHARE = 0.1;
const TARGET = 1.5;

const ours = await ourApp();
const { app, deps } = ours;
const cookie = await registeredCookie(app);
const me = await deps.db
  .selectFrom('users')
  .select('id')
  .where('name_lower', '=', 'bench_user')
  .executeTakeFirstOrThrow();

// Friends straight into the database: bulk inserts in one transaction.
const now = Date.now();
await deps.db.transaction().execute(async (trx) => {
  for (let start = 0; start < FRIENDS; start += 500) {
    const rows = Array.from({ length: Math.min(500, FRIENDS - start) }, (_, k) => {
      const i = start + k;
      return {
        name: `amigo${i}`,
        name_lower: `amigo${i}`,
        password_hash: 'x',
        email: `a${i}@example.org`,
        gender: (i % 2 ? 'm' : 'f') as 'm' | 'f',
        birth_date: '1990-01-01',
        creation_time: now,
        last_access: now - i * 60_000,
      };
    });
    const ids = await trx.insertInto('users').values(rows).returning('id').execute();
    await trx
      .insertInto('friendships')
      .values(
        ids.flatMap(({ id }, k) => [
          {
            user_id: me.id,
            friend_id: id,
            created_at: now,
            position: (start + k) % 97 === 0 ? (start + k) / 97 + 1 : 0,
          },
          { user_id: id, friend_id: me.id, created_at: now, position: 0 },
        ]),
      )
      .execute();
  }
});
const friendIds = (
  await deps.db.selectFrom('friendships').select('friend_id').where('user_id', '=', me.id).execute()
).map((r) => r.friend_id);
for (const id of friendIds)
  if (Math.random() < ONLINE_SHARE) await deps.presence.connected(id, `bench-${id}`, 'Web');

// The bare query: the same page (online first, then pinned positions, then names), with the
// online ids handed to it for free; ours also asks presence for them.
const onlineIds = [...(await deps.presence.sources(friendIds)).keys()];
const bare = new SQLite(path.join(deps.config.dataDir, 'tertulia.db'), { readonly: true });
const bareStatement = bare.prepare(
  `SELECT u.*, f.position FROM friendships f JOIN users u ON u.id = f.friend_id
   WHERE f.user_id = ? AND u.banned_at = 0
   ORDER BY CASE WHEN u.id IN (${onlineIds.map(() => '?').join(',') || 'NULL'}) AND u.online_status != 1 THEN 0 ELSE 1 END,
     CASE WHEN f.position = 0 THEN 1 ELSE 0 END, f.position, u.name_lower, u.id LIMIT ?`,
);

async function oursOnce() {
  const res = await app.inject({
    method: 'GET',
    url: api.buddy.getBuddiesSorted.path,
    query: { sort: 'ONLINE_DEFAULT', limit: String(PAGE) },
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().User.length as number;
}
const bareOnce = () => bareStatement.all(me.id, ...onlineIds, PAGE).length;

const timings = { ours: [] as number[], bare: [] as number[] };
// CPU time of this process per call: all of both sides' work runs here (SQLite in process), so
// this compares their work even while other jobs take the cores and stretch wall times.
const cpuTimes = { ours: [] as number[], bare: [] as number[] };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
for (let i = 0; i < 20; i++) {
  await oursOnce();
  bareOnce();
}
for (let i = 0; i < REPS; i++) {
  let c = process.cpuUsage();
  let t = performance.now();
  const a = await oursOnce();
  timings.ours.push(performance.now() - t);
  cpuTimes.ours.push(cpuMs(c));
  c = process.cpuUsage();
  t = performance.now();
  const b = bareOnce();
  timings.bare.push(performance.now() - t);
  cpuTimes.bare.push(cpuMs(c));
  if (a !== PAGE || b !== PAGE) throw new Error(`expected ${PAGE} rows, got ${a} and ${b}`);
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)];
console.log(
  `getBuddiesSorted ONLINE_DEFAULT, ${FRIENDS} friends (${Math.round(ONLINE_SHARE * 100)}% online), page of ${PAGE}, ${REPS} runs`,
);
for (const [name, xs] of Object.entries(timings)) {
  console.log(`  ${name.padEnd(5)} p50 ${fmt(pct(xs, 0.5), 2)} ms   p95 ${fmt(pct(xs, 0.95), 2)} ms`);
}
const ratio = pct(timings.ours, 0.5) / pct(timings.bare, 0.5);
console.log(
  `  ratio (p50 ours / bare) ${fmt(ratio, 2)}  (target ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'})`,
);
const cpu = { ours: pct(cpuTimes.ours, 0.5), bare: pct(cpuTimes.bare, 0.5) };
console.log(
  `  CPU time per call, p50: ours ${fmt(cpu.ours, 2)} ms, bare ${fmt(cpu.bare, 2)} ms, ratio ${fmt(cpu.ours / cpu.bare, 2)}`,
);
reportBench([
  {
    figure: 'online friends page p50',
    value: pct(timings.ours, 0.5),
    reference: pct(timings.bare, 0.5),
    unit: 'ms',
    ratio,
    target: { op: '<=', value: TARGET },
  },
]);
bare.close();
await ours.close();
