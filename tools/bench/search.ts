/**
 * Advanced search over 100,000 generated members, three filters (gender, age range, country) and a
 * sort (last access desc), 20 a page, beside the bare SQL for the same page on the same data, in
 * the same run (`node --import tsx tools/bench/search.ts`). SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (in a fresh schema, dropped at the end).
 *
 * Four paths, interleaved and warm, each a count and a page: the endpoint through HTTP
 * (app.inject with a session cookie), the search service alone (plan, SQL, presenting the page,
 * remembering the search), our two SQL statements alone (as the search runs them: prepared once
 * per shape of filters, values bound), and the bare SQL on the driver. Every path must return the
 * same page as the bare SQL. Target: ours at most 1.5x the bare query at p50, and the plans of the
 * SQL our query builder generates served by indexes. A full scan of users, or a page that
 * differs, fails the run; times are only printed.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { type Config, loadConfig } from '../../packages/server/src/config';
import type { UsersTable } from '../../packages/server/src/db/schema';
import {
  advancedPlan,
  pageStatements,
  searchUseCases,
} from '../../packages/server/src/features/people/search';
import { peopleUseCases } from '../../packages/server/src/features/people/use-cases';
import type { UserRow } from '../../packages/server/src/http/context';
import { SESSION_COOKIE } from '../../packages/server/src/http/session';
import { type BenchFigure, reportBench } from './_shared';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const WARMUP = 30;
const LIMIT = 20;
const TARGET = 1.5;
const DAY = 86_400_000;
const YEAR = 365 * DAY;
const NOW = Date.now();
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

// ---------------------------------------------------------------------------------------------
// Generated members: a seeded spread, so every run searches the same town.

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20240611);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
/** Index into a Zipf-weighted list of n: the first is the most common. */
function zipfTable(n: number, s = 1) {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  const cumulative = weights.map((w) => (sum += w / total));
  return () => {
    const r = random();
    const i = cumulative.findIndex((c) => c >= r);
    return i === -1 ? n - 1 : i;
  };
}

const COUNTRIES = [
  'México',
  'España',
  'Argentina',
  'Colombia',
  'Estados Unidos',
  'Chile',
  'Perú',
  'Venezuela',
  'Ecuador',
  'Guatemala',
  'Cuba',
  'Bolivia',
  'República Dominicana',
  'Honduras',
  'Paraguay',
  'El Salvador',
  'Nicaragua',
  'Costa Rica',
  'Panamá',
  'Uruguay',
  'Puerto Rico',
  'Brasil',
  'Francia',
  'Italia',
  'Alemania',
  'Reino Unido',
  'Portugal',
  'Canadá',
  'Andorra',
  'Belice',
  'Guinea Ecuatorial',
  'Filipinas',
  'Marruecos',
  'Suiza',
  'Bélgica',
  'Países Bajos',
  'Irlanda',
  'Suecia',
  'Noruega',
  'Australia',
  'Japón',
  'China',
  'India',
  'Rusia',
  'Polonia',
  'Rumanía',
  'Grecia',
  'Turquía',
  'Israel',
  'Sudáfrica',
];
const STATES: Record<string, string[]> = {
  México: ['Ciudad de México', 'Jalisco', 'Nuevo León', 'Puebla', 'Veracruz', 'Yucatán', 'Chihuahua'],
  España: ['Madrid', 'Cataluña', 'Andalucía', 'Comunidad Valenciana', 'Galicia', 'País Vasco'],
  Argentina: ['Buenos Aires', 'Córdoba', 'Santa Fe', 'Mendoza', 'Tucumán'],
  Colombia: ['Bogotá', 'Antioquia', 'Valle del Cauca', 'Atlántico', 'Santander'],
  'Estados Unidos': ['California', 'Texas', 'Florida', 'Nueva York', 'Illinois', 'Arizona'],
};
const statesOf = (country: string) =>
  STATES[country] ?? Array.from({ length: 3 + (country.length % 4) }, (_, i) => `${country} ${i + 1}`);
const citiesOf = (state: string) =>
  Array.from({ length: 2 + (state.length % 5) }, (_, i) => (i === 0 ? state : `${state} ${'ABCDEFG'[i]}`));
const FIRST = {
  f: ['Ana', 'Lucía', 'María', 'Sofía', 'Valentina', 'Camila', 'Elena', 'Carmen', 'Paula', 'Julia'],
  m: ['Juan', 'Carlos', 'Luis', 'Diego', 'Javier', 'Miguel', 'Andrés', 'Pablo', 'Mateo', 'Hugo'],
};
const LAST = ['García', 'Rodríguez', 'López', 'Martínez', 'Pérez', 'Gómez', 'Sánchez', 'Díaz', 'Torres'];

const countryIndex = zipfTable(COUNTRIES.length);
const small = zipfTable(8);
const usedTimes = new Set<number>();
/** A time within the last year, recent ones more likely; distinct, so every order is total. */
function recent(skew: number): number {
  let t = NOW - Math.floor(random() ** skew * YEAR);
  while (usedTimes.has(t)) t--;
  usedTimes.add(t);
  return t;
}
const birthDate = () => {
  // 18 to 70, more of them young: a dating site's spread.
  const age = 18 + Math.floor(random() ** 1.6 * 52);
  const day = Math.floor(random() * 365);
  return new Date(NOW - age * YEAR - day * DAY).toISOString().slice(0, 10);
};

function member(i: number): Insertable<UsersTable> {
  const gender = random() < 0.55 ? 'm' : 'f';
  const country = COUNTRIES[countryIndex()];
  const states = statesOf(country);
  const state = states[Math.min(states.length - 1, small())];
  const cities = citiesOf(state);
  const city = cities[Math.min(cities.length - 1, small())];
  const first = pick(FIRST[gender]);
  const lastAccess = recent(3);
  const name = `${first
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase()}_${i}`;
  return {
    name,
    name_lower: name,
    password_hash: '!',
    email: `${name}@example.org`,
    gender,
    birth_date: birthDate(),
    locale: random() < 0.8 ? 'es' : 'en',
    verified: random() < 0.4 ? 1 : 0,
    star: random() < 0.05 ? pick([1, 2, 3]) : 0,
    online_status: random() < 0.03 ? pick([1, 2]) : 0,
    creation_time: lastAccess - Math.floor(random() * 2 * YEAR),
    last_access: lastAccess,
    profile_updated_at: lastAccess - Math.floor(random() ** 2 * 90 * DAY),
    first_name: first,
    last_name: random() < 0.7 ? pick(LAST) : null,
    about:
      random() < 0.5
        ? `Hola, soy ${first}. Me gusta ${pick(['leer', 'bailar', 'viajar', 'el cine'])}.`
        : null,
    country,
    state,
    city,
    postal_code: random() < 0.6 ? String(10000 + Math.floor(random() * 89999)) : null,
    image1: random() < 0.6 ? `m/${randomBytes(8).toString('hex')}.jpg` : null,
    education: Math.floor(random() * 7),
    ethnicity: Math.floor(random() * 8),
    children: Math.floor(random() * 4),
    looking_for: Math.floor(random() * 5),
    relationship_status: Math.floor(random() * 5),
    sexual_orientation: Math.floor(random() * 4),
    banned_at: random() < 0.002 ? lastAccess : 0,
  };
}

const members = Array.from({ length: MEMBERS }, (_, i) => member(i));
const viewerRow: Insertable<UsersTable> = {
  ...member(MEMBERS),
  name: 'bench_viewer',
  name_lower: 'bench_viewer',
  email: 'bench_viewer@example.org',
  gender: 'm',
  banned_at: 0,
};

/** The searches, from the most common country down to a rare one. */
const SEARCHES = [
  { gender: 'f', minAge: 25, maxAge: 35, country: 'México' },
  { gender: 'm', minAge: 30, maxAge: 45, country: 'españa' },
  { gender: 'f', minAge: 20, maxAge: 30, country: 'Chile' },
  { gender: 'f', minAge: 40, maxAge: 60, country: 'Uruguay' },
  { gender: 'm', minAge: 18, maxAge: 70, country: 'Suecia' },
] as const;
type Search = (typeof SEARCHES)[number];

// ---------------------------------------------------------------------------------------------
// The bare SQL: what one would write by hand for the same page, the page's own rules included
// (not banned, not the viewer, not blocked either way), on the driver with no query builder.

/** Birth dates making someone `years` old today, as the search computes them. */
function birthBound(years: number, today = new Date()) {
  const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}
const bareArgs = (s: Search, viewerId: number) => [
  s.gender,
  birthBound(s.maxAge + 1),
  birthBound(s.minAge),
  s.country.toLowerCase(),
  viewerId,
  viewerId,
  viewerId,
];
const BARE_WHERE = `gender = ? AND birth_date > ? AND birth_date <= ? AND lower(country) = ?
  AND banned_at = 0 AND id <> ?
  AND id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ? UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?)`;
const BARE_COUNT = `SELECT count(*) AS n FROM users WHERE ${BARE_WHERE}`;
const BARE_PAGE = `SELECT * FROM users WHERE ${BARE_WHERE} ORDER BY last_access DESC LIMIT ${LIMIT}`;
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

interface Bare {
  page(s: Search, viewerId: number): Promise<{ total: number; ids: number[] }>;
  /** The plan of a statement with its parameters, one line per step. */
  plan(text: string, params: readonly unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The app's own SQLite connection, caught as createDb sets it up: the bare SQL runs on it, sharing
 * its page cache. A second connection would start cold after every write the app makes (the
 * search remembers its parameters), which is not what a hand-written app would see.
 */
function catchSqlite(): () => SQLite.Database {
  const proto = SQLite.prototype as unknown as { pragma: (...args: unknown[]) => unknown };
  const original = proto.pragma;
  let caught: SQLite.Database | undefined;
  proto.pragma = function (this: SQLite.Database, ...args: unknown[]) {
    caught ??= this;
    return original.apply(this, args);
  };
  return () => {
    proto.pragma = original;
    if (!caught) throw new Error('no SQLite connection was opened');
    return caught;
  };
}

function bareSqlite(db: SQLite.Database): Bare {
  const count = db.prepare(BARE_COUNT);
  const page = db.prepare(BARE_PAGE);
  return {
    async page(s, viewerId) {
      const args = bareArgs(s, viewerId);
      const { n } = count.get(...args) as { n: number };
      const rows = page.all(...args) as UserRow[];
      return { total: n, ids: rows.map((r) => r.id) };
    },
    async plan(text, params) {
      const rows = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      const depth = new Map<number, number>([[0, 0]]);
      return rows.map((r) => {
        depth.set(r.id, (depth.get(r.parent) ?? 0) + 1);
        return `${'  '.repeat(depth.get(r.id)! - 1)}${r.detail}`;
      });
    },
    async close() {},
  };
}

async function barePostgres(url: string, schema: string): Promise<Bare> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const count = numbered(BARE_COUNT);
  const page = numbered(BARE_PAGE);
  return {
    async page(s, viewerId) {
      const args = bareArgs(s, viewerId);
      const { rows: c } = await client.query<{ n: string }>(count, args);
      const { rows } = await client.query<UserRow>(page, args);
      return { total: Number(c[0].n), ids: rows.map((r) => r.id) };
    },
    async plan(text, params) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params as unknown[]);
      return rows.map((r) => r['QUERY PLAN']);
    },
    async close() {
      await client.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One dialect: build, fill, check, measure, explain.

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (n: number) => n.toFixed(3).padStart(8);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function bench(label: string, dialect: { url?: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-bench-search-'));
  const schema = dialect.url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: dialect.url,
    databaseSchema: schema,
    logLevel: 'silent',
    webDist: undefined,
  };
  const caught = dialect.url ? undefined : catchSqlite();
  const { app, deps } = await buildApp(config);
  const appSqlite = caught?.();
  const { db } = deps;
  let bare: Bare | undefined;
  let scanned = false;
  let mismatched = false;
  const figures: BenchFigure[] = [];
  try {
    // Members in bulk, a transaction per batch; blocks among them; the viewer and its session.
    const started = performance.now();
    const BATCH = 500;
    const [viewer] = await db.insertInto('users').values(viewerRow).returning('id').execute();
    for (let i = 0; i < members.length; i += BATCH * 20) {
      await db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(members.length, i + BATCH * 20); j += BATCH) {
          await trx
            .insertInto('users')
            .values(members.slice(j, j + BATCH))
            .execute();
        }
      });
    }
    const { min } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.min('id').as('min'))
      .where('id', '!=', viewer.id)
      .executeTakeFirstOrThrow();
    const firstId = Number(min);
    const someone = () => firstId + Math.floor(random() * MEMBERS);
    const blocks = new Map<string, { blocker_id: number; blocked_id: number; created_at: number }>();
    for (let i = 0; i < MEMBERS / 50; i++) {
      const [a, b] = [someone(), someone()];
      if (a !== b) blocks.set(`${a}:${b}`, { blocker_id: a, blocked_id: b, created_at: NOW });
    }
    // The viewer blocked two of the first search's top members, and a third blocked the viewer.
    const first = SEARCHES[0];
    const top = await db
      .selectFrom('users')
      .select('id')
      .where('gender', '=', first.gender)
      .where('banned_at', '=', 0)
      .where('birth_date', '>', birthBound(first.maxAge + 1))
      .where('birth_date', '<=', birthBound(first.minAge))
      .where('country', '=', first.country)
      .orderBy('last_access', 'desc')
      .limit(10)
      .execute();
    for (const [blocker, blocked] of [
      [viewer.id, top[0].id],
      [viewer.id, top[4].id],
      [top[2].id, viewer.id],
    ]) {
      blocks.set(`${blocker}:${blocked}`, { blocker_id: blocker, blocked_id: blocked, created_at: NOW });
    }
    const blockRows = [...blocks.values()];
    for (let i = 0; i < blockRows.length; i += BATCH) {
      await db
        .insertInto('blocks')
        .values(blockRows.slice(i, i + BATCH))
        .execute();
    }
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        id_hash: hash(token),
        user_id: viewer.id,
        created_at: NOW,
        last_seen: NOW,
        expires_at: NOW + YEAR,
        remember: 1,
      })
      .execute();
    // PostgreSQL's autovacuum analyzes a table this size within a minute; run it now instead.
    if (dialect.url) await sql`ANALYZE`.execute(db);
    bare = dialect.url ? await barePostgres(dialect.url, schema!) : bareSqlite(appSqlite!);
    console.log(
      `\n${label}: ${MEMBERS.toLocaleString('en-US')} members and ${blockRows.length} blocks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const cookie = `${SESSION_COOKIE}=${token}`;
    const search = searchUseCases(deps, peopleUseCases(deps));
    const viewerUser = (await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', viewer.id)
      .executeTakeFirstOrThrow()) as UserRow;
    const params = (s: Search) => ({ ...s, sortBy: 'LAST_ACCESS_DESC' as const, limit: LIMIT });

    type Page = { total: number; ids: number[] };
    const paths: Record<'http' | 'service' | 'statements' | 'bare', (s: Search) => Promise<Page>> = {
      async http(s) {
        const res = await app.inject({
          method: 'GET',
          url: api.people.getAdvancedUserSearch.path,
          query: Object.fromEntries(Object.entries(params(s)).map(([k, v]) => [k, String(v)])),
          headers: { cookie },
        });
        if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
        const [r] = res.json()[api.people.getAdvancedUserSearch.result.name] as {
          searchResults: { uid: number }[];
          totalNumberResults: number;
        }[];
        return { total: r.totalNumberResults, ids: r.searchResults.map((u) => u.uid) };
      },
      async service(s) {
        const r = await search.advanced(viewerUser, params(s));
        return { total: r.totalNumberResults, ids: r.searchResults.map((u) => u.uid) };
      },
      // Our two statements as the search runs them (prepared once per shape of filters, values
      // bound), without the service around them.
      async statements(s) {
        const { plan, sort } = advancedPlan(viewerUser, params(s));
        const { count, rows } = pageStatements(db, viewer.id, plan, sort, 0, LIMIT);
        return { total: await count(), ids: (await rows()).map((r) => r.id) };
      },
      bare: (s) => bare!.page(s, viewer.id),
    };
    const names = (Object.keys(paths) as (keyof typeof paths)[]).filter(
      (n) => n === 'bare' || !process.env.BENCH_PATHS || process.env.BENCH_PATHS.split(',').includes(n),
    );

    // Same page on every path, or the comparison means nothing.
    for (const s of SEARCHES) {
      const b = await paths.bare(s);
      for (const n of names) {
        const p = await paths[n](s);
        if (p.total !== b.total || p.ids.join() !== b.ids.join() || b.ids.length === 0) {
          mismatched = true;
          console.log(
            `  MISMATCH on ${JSON.stringify(s)}: ${n} ${p.total} [${p.ids}], bare ${b.total} [${b.ids}]`,
          );
        }
      }
    }
    const blockedShown = (await paths.http(SEARCHES[0])).ids.some((id) =>
      [top[0].id, top[2].id, top[4].id].includes(id),
    );
    if (blockedShown) {
      mismatched = true;
      console.log('  blocked members shown');
    }

    const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    // CPU time of this process per query: on SQLite every path runs all its work here, so this
    // compares the paths' work even while other jobs take the cores (wall time then stretches).
    const cpuTimes: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    // The same times by search, to see where a ratio comes from.
    const bySearch = SEARCHES.map(() => Object.fromEntries(names.map((n) => [n, [] as number[]])));
    for (let rep = 0; rep < WARMUP + REPS; rep++) {
      const which = rep % SEARCHES.length;
      const s = SEARCHES[which];
      // Warm: the search's pages are read once, untimed, so no path pays for the switch from the
      // previous search (with 20 MB of members, the database's page cache holds one search at a
      // time). Then each path in turn, the first one rotating from round to round.
      await paths.bare(s);
      const first = Math.floor(rep / SEARCHES.length);
      for (let k = 0; k < names.length; k++) {
        const name = names[(first + k) % names.length];
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await paths[name](s);
        const elapsed = performance.now() - t0;
        const cpu = process.cpuUsage(c0);
        if (rep >= WARMUP) {
          times[name].push(elapsed);
          cpuTimes[name].push((cpu.user + cpu.system) / 1000);
          bySearch[which][name].push(elapsed);
        }
      }
    }
    const stats = Object.fromEntries(
      names.map((n) => {
        const sorted = [...times[n]].sort((a, b) => a - b);
        return [n, { p50: pct(sorted, 0.5), p95: pct(sorted, 0.95) }];
      }),
    ) as Record<keyof typeof paths, { p50: number; p95: number }>;

    console.log(
      `  ${REPS} searches per path, ${SEARCHES.length} filter sets in turn, per query (count + page):`,
    );
    console.log(`  ${''.padEnd(22)}${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}   ratio p50 / p95`);
    const labels = {
      http: 'ours, HTTP endpoint',
      service: 'ours, service call',
      statements: 'ours, SQL statements',
      bare: 'bare SQL',
    };
    for (const n of names) {
      const ratio =
        n === 'bare'
          ? ''
          : `   ${(stats[n].p50 / stats.bare.p50).toFixed(2)} / ${(stats[n].p95 / stats.bare.p95).toFixed(2)}`;
      console.log(`  ${labels[n].padEnd(22)}${ms(stats[n].p50)}  ${ms(stats[n].p95)}${ratio}`);
    }
    // Only the paths that ran (BENCH_PATHS may leave some out).
    for (const n of names.filter((x) => x !== 'bare')) {
      const ratio = stats[n].p50 / stats.bare.p50;
      figures.push({
        figure: `${label}: ${labels[n]} p50 / bare SQL`,
        value: stats[n].p50,
        reference: stats.bare.p50,
        unit: 'ms',
        ratio,
        target: { op: '<=', value: TARGET },
      });
      console.log(
        `  ${labels[n]}: ${ratio.toFixed(2)}x bare at p50 (target ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'})`,
      );
    }
    if (!dialect.url) {
      const cpu50 = (n: string) =>
        pct(
          [...cpuTimes[n]].sort((a, b) => a - b),
          0.5,
        );
      console.log(
        `  CPU time per query, p50 ms: ${names.map((n) => `${n} ${ms(cpu50(n)).trim()}`).join(', ')}${names.includes('http') ? `; HTTP / bare ${(cpu50('http') / cpu50('bare')).toFixed(2)}` : ''}`,
      );
    }
    console.log(
      `\n  p50 ms by search${''.padEnd(17)}${names.map((n) => n.padStart(11)).join('')}  http/bare  matches`,
    );
    for (const [i, s] of SEARCHES.entries()) {
      const p50 = (n: string) =>
        pct(
          [...bySearch[i][n]].sort((a, b) => a - b),
          0.5,
        );
      const { total } = await paths.bare(s);
      const what = `${s.gender} ${s.minAge}-${s.maxAge} ${s.country}`;
      const ratio = names.includes('http') ? (p50('http') / p50('bare')).toFixed(2) : '–';
      console.log(
        `    ${what.padEnd(30)}${names.map((n) => ms(p50(n)).padStart(11)).join('')}  ${ratio.padStart(9)}  ${total}`,
      );
    }

    // The plans of what our query builder sends (and of the bare SQL, to compare), first and last search.
    for (const s of [SEARCHES[0], SEARCHES[SEARCHES.length - 1]]) {
      const { plan, sort } = advancedPlan(viewerUser, params(s));
      const ours = pageStatements(db, viewer.id, plan, sort, 0, LIMIT).compiled();
      const text = (t: string) => (dialect.url ? numbered(t) : t);
      const statements = [
        { what: 'our count', ...ours.count },
        { what: 'our rows', ...ours.rows },
        { what: 'bare count', sql: text(BARE_COUNT), parameters: bareArgs(s, viewer.id) },
        { what: 'bare rows', sql: text(BARE_PAGE), parameters: bareArgs(s, viewer.id) },
      ];
      for (const { what, sql: statement, parameters } of statements) {
        const plan = await bare.plan(statement, parameters);
        const fullScan = plan.some((line) =>
          dialect.url ? /Seq Scan on users\b/.test(line) : /\bSCAN users\b(?! USING)/.test(line),
        );
        if (what.startsWith('our')) scanned ||= fullScan;
        console.log(
          `\n  plan of ${what}, ${s.country}: ${fullScan ? 'FULL SCAN of users' : 'served by indexes'}`,
        );
        if (what.startsWith('our')) console.log(`    ${statement.replace(/\s+/g, ' ')}`);
        for (const line of plan) console.log(`    | ${line}`);
      }
    }
  } finally {
    await bare?.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect.url && schema) {
      const admin = new pg.Client({ connectionString: dialect.url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  }
  return { scanned, mismatched, figures };
}

const results = [await bench('SQLite', {})];
if (PG_URL) results.push(await bench('PostgreSQL', { url: PG_URL }));
reportBench(results.flatMap((r) => r.figures));
if (results.some((r) => r.scanned || r.mismatched)) {
  console.log('\nFAILED: a full scan of users, or a page that differs from the bare query');
  process.exitCode = 1;
}
