import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import webPush from 'web-push';
import { freePorts, Instance, METRICS_TOKEN, waitFor } from '../../../tools/instances';
import { type LocalS3, startLocalS3 } from '../../server/tests/_local-s3';
import { connectedPage, type Member } from './members';

export type { Instance };

/**
 * Many machines on one (docs/many-machines.md): Debian's nginx, round robin without sticky
 * sessions, in front of two Tertulia processes that share PostgreSQL (a schema of their own),
 * Redis (a prefix of their own) and an S3 bucket (s3rver, in this process). Each instance has its
 * own DATA_DIR, so nothing can pass through a shared disk.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Why the suite can't run here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
    return 'TEST_DATABASE_URL and TEST_REDIS_URL are unset: two instances need a shared PostgreSQL and Redis';
  }
  return undefined;
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

/**
 * Opens `path` for `who` with its push socket on `on` (seen on that instance's /metrics).
 * Round robin hands each request to the next instance, and a page load makes about the same number
 * of requests each time: with an even count, the socket would land on the same instance on every
 * try. So after a miss, every other try sends one more request first, which flips the turn
 * whatever the page's count (CI once missed twelve times in a row with a fixed single request).
 */
export async function pageOn(
  cluster: Cluster,
  who: Member,
  path: string,
  on: Instance,
  desktop = false,
): Promise<Page> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const before = await on.sockets();
    const page = await connectedPage(who, path, desktop);
    if ((await on.sockets()) > before) return page;
    await page.close();
    if (attempt % 2 === 0) await fetch(`${cluster.baseURL}/healthz`);
  }
  throw new Error(`no socket of ${who.name} landed on instance ${on.name}`);
}

/** Starts S3, the two instances (one after the other: the first migrates) and nginx. */
export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tertulia-cluster-'));
  const s3 = await startLocalS3();
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const [lbPort, port1, port2] = await freePorts(3);
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
  // Started as root, nginx's workers run as nobody: they buffer large bodies (a story's video) in
  // these folders, so they must be able to reach and write them.
  chmodSync(dir, 0o755);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp));
    chmodSync(join(dir, temp), 0o777);
  }
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
    // nginx's own answer: whatever else might hold its port must not pass for it.
    async () => {
      const health = await fetch(`${baseURL}/healthz`);
      return health.ok && (health.headers.get('server') ?? '').startsWith('nginx');
    },
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
