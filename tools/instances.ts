import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tertulia instances as separate processes (the many-machines browser suite, the soak benchmark):
 * each on its own port, started from packages/server/src/main.ts with the environment given.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = join(ROOT, 'packages/server/src/main.ts');
/** The bearer token the instances' /metrics ask for (METRICS_TOKEN). */
export const METRICS_TOKEN = 'instances-metrics-token';

/**
 * `count` distinct free ports. Held open together until all are chosen: asked one after the
 * other, the system may hand out a port it has just freed again, and a load balancer and an
 * instance once got the same port (the instance answered for nginx, which could not bind).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export async function waitFor(what: string, ready: () => Promise<boolean>, failed: () => string | undefined) {
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

  /** A series of this instance's /metrics (METRICS_TOKEN), or 0 when absent or unreachable. */
  async metric(series: string): Promise<number> {
    try {
      const res = await fetch(`${this.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
      return Number(line?.split(' ')[1] ?? 0);
    } catch {
      return 0;
    }
  }

  /** Push sockets open on this instance now. */
  sockets(): Promise<number> {
    return this.metric('tertulia_websockets_open');
  }
}
