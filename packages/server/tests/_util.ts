import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint, ParamsOf } from '@tertulia/contract';
import { api } from '@tertulia/contract';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, defaultLimits, loadConfig } from '../src/config';
import { recordRequests } from './_requests';
import { listen } from './flows/_push';

/**
 * Integration tests run on SQLite always, and on PostgreSQL (and Redis) when CI sets
 * TEST_DATABASE_URL / TEST_REDIS_URL. Use `describe.each(dialects)`.
 */
export type Dialect = { name: 'sqlite' | 'postgres'; url?: string };
// TEST_DIALECTS (set per vitest project, vitest.config.ts) keeps one of them, so the SQLite and
// PostgreSQL runs of a file go to different workers and run side by side.
const onlyDialects = process.env.TEST_DIALECTS?.split(',');
export const dialects: Dialect[] = (
  [
    { name: 'sqlite' },
    ...(process.env.TEST_DATABASE_URL
      ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
      : []),
  ] satisfies Dialect[]
).filter((dialect) => !onlyDialects || onlyDialects.includes(dialect.name));
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

export const uniqueId = () => randomBytes(5).toString('hex');

/** A config on a fresh SQLite directory or a fresh PostgreSQL schema; no web app served. */
export function testConfig(dialect: Dialect, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({});
  return {
    ...base,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-test-')),
    databaseUrl: dialect.url,
    databaseSchema: dialect.url ? `t_${uniqueId()}` : undefined,
    redisPrefix: `tertulia-test-${uniqueId()}:`,
    logLevel: 'silent',
    webDist: undefined,
    limits: { ...defaultLimits, loginPerAddress: 1000, registerPerAddress: 1000 },
    // Test members share a birth date: the job would add events to feeds tests count.
    birthdayJob: false,
    // Tests settle contests themselves (features/rewards/contests.test.ts).
    contestExpiryMs: 0,
    ...overrides,
  };
}

export async function dropSchema(config: Config) {
  if (!config.databaseUrl || !config.databaseSchema) return;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
  await client.end();
}

/**
 * Removes a test app's data folder. A write the app started before closing (a mail in the outbox,
 * an upload's temp file, a late SQLite journal) may land while the folder is removed: retry for a
 * few seconds, then leave the temporary folder behind rather than fail a suite whose tests passed
 * (ENOTEMPTY after every test had passed, twice in clean-clone runs).
 */
async function removeDataDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      return;
    } catch (error) {
      if (attempt >= 20) {
        console.warn(`test teardown left ${dir} behind: ${String(error)}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function testApp(dialect: Dialect, overrides: Partial<Config> = {}, options?: BuildOptions) {
  const config = testConfig(dialect, overrides);
  const built = await buildApp(config, options);
  recordRequests(built.app);
  return {
    ...built,
    config,
    async close() {
      await built.app.close();
      await dropSchema(config);
      await removeDataDir(config.dataDir);
    },
  };
}

/** Another instance on a test app's database (a restart, a second server); closing it drops nothing. */
export function sameDatabaseApp(config: Config) {
  return buildApp(config);
}

type App = Awaited<ReturnType<typeof testApp>>['app'];

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { message?: string };
  headers: Record<string, string | string[] | number | undefined>;
}

/** A browser-like client: keeps its cookies, calls endpoints by their contract entry. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly app: App,
    readonly ip = '127.0.0.1',
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call<E extends Endpoint>(
    endpoint: E,
    params: Partial<ParamsOf<E>> | Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<CallResult> {
    const isGet = endpoint.method === 'GET';
    // Like the web's useIdempotencyKey: a money call made here is one intended action, with a
    // key of its own unless the test gives one. Tests of a missing key inject requests raw.
    const keyed = endpoint.movesMoney || (endpoint.schema.required ?? []).includes('idempotencyKey');
    if (keyed && !('idempotencyKey' in params)) params = { ...params, idempotencyKey: `test-${uniqueId()}` };
    const res = await this.app.inject({
      method: endpoint.method,
      url: endpoint.path,
      query: isGet
        ? (Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) as never)
        : undefined,
      payload: isGet ? undefined : (params as object),
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader, ...headers },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  /** The result list of a successful call; fails the test with the server's message otherwise. */
  async ok<E extends Endpoint>(endpoint: E, params: Partial<ParamsOf<E>> | Record<string, unknown> = {}) {
    const res = await this.call(endpoint, params);
    if (res.status !== 200) throw new Error(`${endpoint.path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body[endpoint.result.name] as unknown[];
  }
}

export const PASSWORD = 'contraseña-segura';

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/**
 * For a describe block: a fresh app on the dialect, listening on a port for push sockets, closed
 * after the block. Read `app.t` and `app.baseUrl` inside tests (they are set in beforeAll).
 */
export function listeningApp(dialect: Dialect) {
  const app = {
    t: undefined as unknown as TestApp,
    baseUrl: '',
    /** Writes columns of a member's row straight to the database (test setup). */
    setUser: (uid: number, values: Record<string, unknown>) =>
      app.t.deps.db.updateTable('users').set(values).where('id', '=', uid).execute(),
  };
  beforeAll(async () => {
    app.t = await testApp(dialect);
    app.baseUrl = await listen(app.t.app);
  });
  afterAll(() => app.t.close());
  return app;
}

export function registration(name = `m_${uniqueId()}`, extra: Record<string, unknown> = {}) {
  return {
    name,
    password: PASSWORD,
    birthdayYear: 1990,
    birthdayMonth: 6,
    birthdayDay: 15,
    gender: 'f',
    email: `${name}@example.org`,
    ...extra,
  };
}

/** A new member, logged in. */
export async function member(app: App, name?: string, ip?: string) {
  const client = new Client(app, ip);
  const [user] = (await client.ok(api.profile.register, registration(name))) as {
    uid: number;
    name: string;
  }[];
  return Object.assign(client, { user });
}

/** The member columns standing rules read (admin, VIP star and expiry), written straight to the row: test setup only. */
export type Standing = Partial<Record<'is_admin' | 'star' | 'vip_until', number>>;
export const setStanding = (t: Pick<TestApp, 'deps'>, uid: number, values: Standing) =>
  t.deps.db.updateTable('users').set(values).where('id', '=', uid).execute();

/** A new member, logged in, made an admin (the flag is set directly, as `npm run admin -- grant` does). */
export async function adminMember(t: Pick<TestApp, 'app' | 'deps'>) {
  const who = await member(t.app);
  await setStanding(t, who.user.uid, { is_admin: 1 });
  return who;
}
