/**
 * Gift leaderboards: a page (20 lines) of the week's top gifters and of the all-time board, read
 * from the running totals (features/rewards/board-store.ts) beside the bare SQL of the same page on
 * the driver, at 100,000 gift events and again at 1,000,000 (`node --import tsx tools/bench/leaderboards.ts`).
 * Also printed: the same week page computed from the raw gift events (what a board without totals
 * would run). Targets: ours at most 1.5x the bare SQL at p50, and flat (at most 2x) when events
 * grow tenfold. Same page everywhere or the run fails. SQLite.
 *
 * The bare statements bind kind, room, day, limit and offset as parameters, as any statement
 * answering a member's request must (each value bound instead of written into the SQL text costs
 * ~11 µs on the all-time page: tools/bench/README.md, "Session 14, perf-games"). Each page is
 * timed in its own loop, ours and bare alternating, so the week page's work does not land on the
 * all-time page's figure.
 *
 * The totals are built as recordGiftForLeaderboards leaves them (one row per member, day and side,
 * one per member and side for all time), written in bulk so the run takes seconds, not hours.
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { boardStore, type Window } from '../../packages/server/src/features/rewards/board-store';
import { dayOf } from '../../packages/server/src/features/rewards/days';
import { fmt, median, ourApp, reportBench } from './_shared';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const DAYS = 90;
const REPS = Number(process.env.BENCH_REPS ?? 200);
const LIMIT = 20;
const TARGET = 1.5;
const DAY = 86_400_000;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function measure(events: number) {
  const app = await ourApp();
  const file = `${app.deps.config.dataDir}/tertulia.db`;
  const raw = new SQLite(file);
  const now = Date.now();
  const today = dayOf(now);
  const rand = prng(events);
  // A few generous members give most: a skewed pick, like real gifting.
  const pick = () => 1 + Math.floor(MEMBERS * rand() ** 2);
  const days = new Map<string, number>();
  const totals = new Map<string, number>();
  const insertSend = raw.prepare(
    `insert into gift_sends (transfer_key, gift_id, sender_id, receiver_id, source, price, value, created_at)
     values (?, 1, ?, ?, 'profile', ?, ?, ?)`,
  );
  const t0 = performance.now();
  raw.transaction(() => {
    for (let i = 0; i < events; i++) {
      const sender = pick();
      const receiver = pick();
      const price = [10, 20, 50, 100, 500][Math.floor(rand() * 5)];
      const ago = Math.floor(rand() * DAYS * DAY);
      const at = now - ago;
      // Whole days back from today (the zone's offset changes are irrelevant to the timing).
      const day = today - Math.floor(ago / DAY);
      insertSend.run(`bench-${i + 1}`, sender, receiver, price, price / 2, at);
      for (const [kind, uid] of [
        ['gifters', sender],
        ['receivers', receiver],
      ] as const) {
        const dk = `${kind}:${day}:${uid}`;
        days.set(dk, (days.get(dk) ?? 0) + price);
        const tk = `${kind}:${uid}`;
        totals.set(tk, (totals.get(tk) ?? 0) + price);
      }
    }
    const insDay = raw.prepare(
      'insert into gift_board_days (kind, room_id, day, user_id, score, gifts) values (?, 0, ?, ?, ?, 1)',
    );
    for (const [k, score] of days) {
      const [kind, day, uid] = k.split(':');
      insDay.run(kind, Number(day), Number(uid), score);
    }
    const insTotal = raw.prepare(
      'insert into gift_board_totals (kind, room_id, user_id, score, gifts) values (?, 0, ?, ?, 1)',
    );
    for (const [k, score] of totals) {
      const [kind, uid] = k.split(':');
      insTotal.run(kind, Number(uid), score);
    }
  })();
  raw.exec('create index if not exists bench_sends_time on gift_sends (created_at, sender_id, price)');
  raw.exec('analyze');
  const built = performance.now() - t0;

  const store = boardStore(app.deps.db);
  const fromDay = today - 6;
  const bareWeek = raw.prepare(
    `select user_id, score from (select user_id, sum(score) as score from gift_board_days
       where kind = ? and room_id = ? and day >= ? group by user_id) s
     order by score desc, user_id limit ? offset ?`,
  );
  const bareAll = raw.prepare(
    `select user_id, score from gift_board_totals where kind = ? and room_id = ?
     order by score desc, user_id limit ? offset ?`,
  );
  const scanWeek = raw.prepare(
    `select sender_id as user_id, sum(price) as score from gift_sends where created_at >= ?
     group by sender_id order by score desc, sender_id limit ${LIMIT}`,
  );
  const weekStart = now - 7 * DAY;
  type Path = { name: string; run: () => Promise<{ user_id?: number; userId?: number; score: number }[]> };
  const paths: Path[] = [
    { name: 'ours week', run: () => store.page('gifters', 0, { fromDay } as Window, 0, LIMIT) },
    {
      name: 'bare week',
      run: async () => bareWeek.all('gifters', 0, fromDay, LIMIT, 0) as { user_id: number; score: number }[],
    },
    { name: 'ours all-time', run: () => store.page('gifters', 0, { allTime: true }, 0, LIMIT) },
    {
      name: 'bare all-time',
      run: async () => bareAll.all('gifters', 0, LIMIT, 0) as { user_id: number; score: number }[],
    },
    {
      name: 'raw-event scan week',
      run: async () => scanWeek.all(weekStart) as { user_id: number; score: number }[],
    },
  ];
  const ids = (rows: { user_id?: number; userId?: number }[]) =>
    rows.map((r) => r.userId ?? r.user_id).join(',');
  if (ids(await paths[0].run()) !== ids(await paths[1].run())) throw new Error('week pages differ');
  if (ids(await paths[2].run()) !== ids(await paths[3].run())) throw new Error('all-time pages differ');
  const times = new Map<string, number[]>(paths.map((p) => [p.name, []]));
  // One loop per page (week, all time, the raw scan), ours and bare alternating within it.
  for (const group of [paths.slice(0, 2), paths.slice(2, 4), paths.slice(4)]) {
    for (let rep = 0; rep < REPS + 20; rep++) {
      for (const p of group) {
        // The raw scan is slow at a million events: a few runs tell its size.
        if (p.name.startsWith('raw') && rep % 10 !== 0) continue;
        const start = performance.now();
        await p.run();
        if (rep >= 20 || p.name.startsWith('raw')) times.get(p.name)!.push(performance.now() - start);
      }
    }
  }
  const p50 = new Map([...times].map(([k, v]) => [k, median(v)]));
  const rows = {
    days: (raw.prepare('select count(*) as n from gift_board_days').get() as { n: number }).n,
  };
  raw.close();
  await app.close();
  return { events, built, p50, rows };
}

const results = [];
for (const events of (process.env.BENCH_EVENTS ?? '100000,1000000').split(',').map(Number)) {
  const r = await measure(events);
  results.push(r);
  console.log(
    `\n${fmt(events)} gift events, ${fmt(MEMBERS)} members, ${DAYS} days (${fmt(r.rows.days)} day rows; built in ${fmt(r.built / 1000, 1)} s)`,
  );
  for (const [name, ms] of r.p50) console.log(`  ${name.padEnd(22)} p50 ${fmt(ms * 1000)} µs`);
  for (const w of ['week', 'all-time']) {
    const ratio = r.p50.get(`ours ${w}`)! / r.p50.get(`bare ${w}`)!;
    console.log(
      `  ${w}: ours / bare = ${fmt(ratio, 2)}x ${ratio <= TARGET ? '(within 1.5x)' : '(ABOVE 1.5x)'}`,
    );
  }
}
const [small, big] = results;
if (big)
  for (const w of ['week', 'all-time']) {
    const growth = big.p50.get(`ours ${w}`)! / small.p50.get(`ours ${w}`)!;
    console.log(`${w}: 10x events -> page time x${fmt(growth, 2)} ${growth <= 2 ? '(flat)' : '(NOT flat)'}`);
  }
if (big) {
  const scanGrowth = big.p50.get('raw-event scan week')! / small.p50.get('raw-event scan week')!;
  console.log(`raw-event scan week: 10x events -> x${fmt(scanGrowth, 2)}`);
}
reportBench(
  results.flatMap((r) =>
    ['week', 'all-time'].map((w) => {
      const ours = r.p50.get(`ours ${w}`)!;
      const bare = r.p50.get(`bare ${w}`)!;
      return {
        figure: `${w} page, ${fmt(r.events)} events`,
        value: ours * 1000,
        reference: bare * 1000,
        unit: 'µs',
        ratio: ours / bare,
        target: { op: '<=' as const, value: TARGET },
      };
    }),
  ),
);
