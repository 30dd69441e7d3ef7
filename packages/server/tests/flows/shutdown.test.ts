import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { api, PushClose } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects, registration, uniqueId } from '../_util';
import { openPush, within } from './_push';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const IN_FLIGHT = 20;
// SIGTERM goes out once this many writes are acknowledged, so it lands mid-stream.
const ACKS_BEFORE_TERM = 40;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The real server process, as `npm run serve` starts it. Not through the tsx CLI: it relays
 * SIGTERM and SIGKILLs the server when a busy event loop does not confirm within 30 ms.
 */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', PUBLIC_URL: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { child, exited };
}

async function waitUntilHealthy(base: string, exited: Promise<unknown>) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !gone) {
    const res = await fetch(`${base}/healthz`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(gone ? 'the server exited before it was healthy' : 'the server did not become healthy');
}

type Target = {
  name: string;
  env: Record<string, string>;
  storedNames(names: string[]): Promise<Set<string>>;
};

function sqliteTarget(dataDir: string): Target {
  return {
    name: 'sqlite',
    env: {},
    async storedNames(names) {
      const db = new SQLite(path.join(dataDir, 'tertulia.db'), { readonly: true });
      const rows = db
        .prepare(`SELECT name FROM users WHERE name IN (${names.map(() => '?').join(',')})`)
        .all(...names);
      db.close();
      return new Set((rows as { name: string }[]).map((r) => r.name));
    },
  };
}

function postgresTarget(url: string, schema: string): Target {
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    storedNames: (names) =>
      withClient(async (client) => {
        const { rows } = await client.query(`SELECT name FROM ${schema}.users WHERE name = ANY($1)`, [names]);
        return new Set(rows.map((r: { name: string }) => r.name));
      }),
  };
}

const postgresUrl = dialects.find((d) => d.name === 'postgres')?.url;

describe.each(['sqlite', ...(postgresUrl ? ['postgres'] : [])])('SIGTERM on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('loses no acknowledged write and tells push clients to reconnect', { timeout: 90_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-shutdown-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const schema = `t_${uniqueId()}`;
    const target = kind === 'sqlite' ? sqliteTarget(dataDir) : postgresTarget(postgresUrl!, schema);
    if (kind === 'postgres') cleanups.push(() => dropSchemaNamed(postgresUrl!, schema));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, exited } = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_ADDRESS: '1000000',
      ...target.env,
    });
    cleanups.push(() => stopIfRunning(child, exited));
    await waitUntilHealthy(base, exited);

    const register = (name: string) =>
      fetch(new URL(api.profile.register.path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(registration(name)),
      });

    // A member with a push socket open through the shutdown.
    const first = await register(`sd_${uniqueId()}`);
    expect(first.status).toBe(200);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const socket = await openPush(base, { cookie });
    expect((await socket.next()).type).toBe('hello');

    const acked: string[] = [];
    let ackedAfterTerm = 0;
    let termSent = false;
    const run = uniqueId();
    let sequence = 0;
    // Each lane keeps one registration in flight until the server stops answering.
    const lane = async () => {
      for (;;) {
        const name = `sd${run}_${sequence++}`;
        const res = await register(name).catch(() => undefined);
        if (!res) return;
        await res.arrayBuffer().catch(() => undefined);
        if (res.status !== 200) continue;
        acked.push(name);
        if (termSent) ackedAfterTerm++;
        if (!termSent && acked.length >= ACKS_BEFORE_TERM) {
          termSent = true;
          child.kill('SIGTERM');
        }
      }
    };
    await within(Promise.all(Array.from({ length: IN_FLIGHT }, lane)), 60_000, 'the request stream to end');

    const { code, stderr } = await within(exited, 30_000, 'the server to exit');
    expect(code, stderr).toBe(0);
    expect(termSent).toBe(true);
    // Requests in flight when the signal came were finished, not dropped.
    expect(ackedAfterTerm).toBeGreaterThan(0);
    const stored = await target.storedNames(acked);
    expect(acked.filter((name) => !stored.has(name))).toEqual([]);
    expect((await within(socket.closed, 5000, 'the socket close')).code).toBe(PushClose.restart);
  });
});

async function stopIfRunning(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

async function dropSchemaNamed(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
