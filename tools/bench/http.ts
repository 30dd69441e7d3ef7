/**
 * HTTP throughput of our app against a minimal Fastify app serving the same JSON, measured in the
 * same run (`npx tsx tools/bench/http.ts`). Target: ratio 0.8 or better. Not a timed test.
 */
import type { AddressInfo } from 'node:net';
import { api } from '@tertulia/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LoadResult, LoadSpec } from './_http-load';
import { askHelper, fmt, ourApp, registeredCookie } from './_shared';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const WARMUP_MS = 1000;
// Each pair runs this many times, alternating, and keeps each side's best: a 2-core machine is noisy.
const ROUNDS = 2;
const TARGET = 0.8;

async function portOf(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** The reference: Fastify with no plugins, no hooks, no logger, one route. */
async function minimal(path: string, body: unknown) {
  const app = Fastify();
  app.get(path, async () => body);
  const port = await portOf(app);
  countAnswers(app, port);
  return { app, port };
}

/**
 * Requests each server answered, counted the same way on both: the servers run in this process
 * and the load in another, so this process's CPU time per answered request is the server's.
 * Unlike requests/s it hardly moves when other jobs take the cores.
 */
const answered = new Map<number, number>();
function countAnswers(app: FastifyInstance, port: number) {
  answered.set(port, 0);
  app.server.on('request', () => answered.set(port, answered.get(port)! + 1));
}

type Measured = LoadResult & { cpuUsPerRequest: number };
async function run(port: number, path: string, cookie?: string): Promise<Measured> {
  const before = { cpu: process.cpuUsage(), answered: answered.get(port)! };
  const result = await askHelper<LoadResult>('./_http-load.ts', {
    port,
    path,
    cookie,
    connections: CONNECTIONS,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
  } satisfies LoadSpec);
  const cpu = process.cpuUsage(before.cpu);
  const requests = answered.get(port)! - before.answered;
  return { ...result, cpuUsPerRequest: (cpu.user + cpu.system) / requests };
}

const ours = await ourApp();
const oursPort = await portOf(ours.app);
countAnswers(ours.app, oursPort);
const cookie = await registeredCookie(ours.app);
const userPath = api.user.getLoggedInUser.path;
const user = await ours.app.inject({ url: userPath, headers: { cookie } });
const health = await ours.app.inject({ url: '/healthz' });
if (user.statusCode !== 200) throw new Error(`getLoggedInUser: ${user.statusCode} ${user.body}`);

const refHealth = await minimal('/healthz', health.json());
const refUser = await minimal(userPath, user.json());

const pairs = [
  { name: '/healthz', ref: () => run(refHealth.port, '/healthz'), ours: () => run(oursPort, '/healthz') },
  {
    name: 'user/getLoggedInUser.do',
    ref: () => run(refUser.port, userPath),
    ours: () => run(oursPort, userPath, cookie),
  },
];

console.log(
  `HTTP: ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per run, best of ${ROUNDS}`,
);
for (const pair of pairs) {
  let best = { ref: undefined as Measured | undefined, ours: undefined as Measured | undefined };
  const cpu = { ref: Number.POSITIVE_INFINITY, ours: Number.POSITIVE_INFINITY };
  for (let round = 0; round < ROUNDS; round++) {
    const ref = await pair.ref();
    const mine = await pair.ours();
    best = {
      ref: !best.ref || ref.perSecond > best.ref.perSecond ? ref : best.ref,
      ours: !best.ours || mine.perSecond > best.ours.perSecond ? mine : best.ours,
    };
    cpu.ref = Math.min(cpu.ref, ref.cpuUsPerRequest);
    cpu.ours = Math.min(cpu.ours, mine.cpuUsPerRequest);
  }
  const { ref, ours: mine } = best as { ref: Measured; ours: Measured };
  if (mine.non2xx || ref.non2xx)
    throw new Error(`non-2xx answers: ours ${mine.non2xx}, reference ${ref.non2xx}`);
  const ratio = mine.perSecond / ref.perSecond;
  const line = (label: string, r: LoadResult) =>
    `  ${label.padEnd(10)} ${fmt(r.perSecond).padStart(8)} req/s   p50 ${fmt(r.p50Ms, 2)} ms   p99 ${fmt(r.p99Ms, 2)} ms`;
  console.log(`\n${pair.name}`);
  console.log(line('minimal', ref));
  console.log(line('ours', mine));
  console.log(`  ratio      ${fmt(ratio, 2)}  (target ${TARGET}: ${ratio >= TARGET ? 'met' : 'MISSED'})`);
  console.log(
    `  server CPU per request (best of ${ROUNDS}): minimal ${fmt(cpu.ref, 1)} µs, ours ${fmt(cpu.ours, 1)} µs, ratio ${fmt(cpu.ref / cpu.ours, 2)}`,
  );
}

// Where getLoggedInUser's time goes first: the session lookup every API request makes.
const request = { cookies: Object.fromEntries(cookie.split('; ').map((c) => c.split('='))) } as never;
const calls = 5000;
for (let i = 0; i < calls; i++) await ours.deps.sessions.resolve(request);
const started = performance.now();
for (let i = 0; i < calls; i++) await ours.deps.sessions.resolve(request);
const perCall = ((performance.now() - started) * 1000) / calls;
console.log(`
session lookup (sessions.resolve, in process, no HTTP): ${fmt(perCall, 1)} µs per request`);

await Promise.all([refHealth.app.close(), refUser.app.close(), ours.close()]);
