import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import webPush from 'web-push';
import { type LocalS3, startLocalS3 } from '../../server/tests/_local-s3';

/**
 * Many machines on one (docs/many-machines.md): Debian's nginx, round robin without sticky
 * sessions, in front of two Tertulia processes that share PostgreSQL (a schema of their own),
 * Redis (a prefix of their own) and an S3 bucket (s3rver, in this process). Each instance has its
 * own DATA_DIR, so nothing can pass through a shared disk.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENTRY = join(ROOT, 'packages/server/src/main.ts');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const METRICS_TOKEN = 'e2e-metrics-token';

/** Why the suite can't run here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
    return 'TEST_DATABASE_URL and TEST_REDIS_URL are unset: two instances need a shared PostgreSQL and Redis';
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(what: string, ready: () => Promise<boolean>, failed: () => string | undefined) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const failure = failed();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up`);
}

/** One Tertulia process on its own port and data dir. */
export class Instance {
  child?: ChildProcess;
  output = '';
  constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitFor(
      `instance ${this.name}`,
      async () => (await fetch(`${this.url}/readyz`)).ok,
      () => (child.exitCode !== null ? `exited with ${child.exitCode}:\n${this.output}` : undefined),
    );
  }

  /** Sends the signal and resolves when the process has exited. */
  async stop(signal: 'SIGTERM' | 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Push sockets open on this instance now (its /metrics). */
  async sockets(): Promise<number> {
    try {
      const res = await fetch(`${this.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const line = (await res.text()).split('\n').find((l) => l.startsWith('tertulia_websockets_open '));
      return Number(line?.split(' ')[1] ?? 0);
    } catch {
      return 0;
    }
  }
}

export interface Cluster {
  baseURL: string;
  instances: [Instance, Instance];
  s3: LocalS3;
  close(): Promise<void>;
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  # Round robin, no sticky sessions; a refused connection moves on to the other instance.
  upstream tertulia {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 64m;
    location / {
      proxy_pass http://tertulia;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_buffering off;
    }
  }
}
`;
}

/** Starts S3, the two instances (one after the other: the first migrates) and nginx. */
export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tertulia-cluster-'));
  const s3 = await startLocalS3();
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const [lbPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${lbPort}`;
  const vapid = webPush.generateVAPIDKeys();
  const shared = {
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.TEST_DATABASE_URL!,
    DATABASE_SCHEMA: schema,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `tertulia-e2e-${schema}:`,
    PUBLIC_URL: baseURL,
    TRUST_PROXY: 'true',
    SECRET_KEY: randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '1000',
    VIDEO_CONCURRENCY: '1',
    ...s3.env(`${schema}/`),
  };
  const instance = (name: string, port: number) => {
    const dataDir = join(dir, name);
    mkdirSync(dataDir);
    return new Instance(name, port, dataDir, { ...shared, DATA_DIR: dataDir });
  };
  const instances: [Instance, Instance] = [instance('a', port1), instance('b', port2)];
  await instances[0].start();
  await instances[1].start();

  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, lbPort, [port1, port2]));
  // Its own prefix, config, pid and logs under the temp dir; a child in the foreground (daemon off).
  const nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let nginxOutput = '';
  nginx.stderr?.on('data', (chunk: Buffer) => {
    nginxOutput += chunk.toString();
  });
  await waitFor(
    'nginx',
    async () => (await fetch(`${baseURL}/healthz`)).ok,
    () => (nginx.exitCode !== null ? `exited with ${nginx.exitCode}: ${nginxOutput}` : undefined),
  );

  return {
    baseURL,
    instances,
    s3,
    async close() {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      if (nginx.exitCode === null) nginx.kill('SIGTERM');
      await exited;
      await Promise.all(instances.map((i) => i.stop('SIGTERM')));
      await s3.close();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
