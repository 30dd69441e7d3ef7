/**
 * HTTP throughput of our app against a minimal Fastify app serving the same JSON, measured in the
 * same run (`npx tsx tools/bench/http.ts`). Target: ratio 0.8 or better. Not a timed test.
 */
import type { AddressInfo } from 'node:net';
import { api } from '@tertulia/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LoadResult, LoadSpec } from './_http-load';
import { askHelper, type BenchFigure, fmt, median, ourApp, registeredCookie, reportBench } from './_shared';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 2500);
const WARMUP_MS = 500;
// Each pair runs this many rounds, the two sides back to back (the first side alternates), and
// the verdict is the median of the rounds' ratios: a 2-core machine is noisy, and a side's best
// run alone can be a lucky moment the other side never had.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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
  `HTTP: ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per run, median of ${ROUNDS} rounds`,
);
const figures: BenchFigure[] = [];
for (const pair of pairs) {
  const rounds: { ref: Measured; ours: Measured }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const ref = await pair.ref();
      rounds.push({ ref, ours: await pair.ours() });
    } else {
      const ours = await pair.ours();
      rounds.push({ ref: await pair.ref(), ours });
    }
  }
  const failed = rounds.find((r) => r.ours.non2xx || r.ref.non2xx);
  if (failed) throw new Error(`non-2xx answers: ours ${failed.ours.non2xx}, reference ${failed.ref.non2xx}`);
  const ratio = median(rounds.map((r) => r.ours.perSecond / r.ref.perSecond));
  const cpuRatio = median(rounds.map((r) => r.ref.cpuUsPerRequest / r.ours.cpuUsPerRequest));
  console.log(`\n${pair.name}`);
  for (const [i, { ref, ours: mine }] of rounds.entries())
    console.log(
      `  round ${i + 1}  minimal ${fmt(ref.perSecond).padStart(7)} req/s (p99 ${fmt(ref.p99Ms, 2)} ms, CPU ${fmt(ref.cpuUsPerRequest, 1)} µs)` +
        `   ours ${fmt(mine.perSecond).padStart(7)} req/s (p99 ${fmt(mine.p99Ms, 2)} ms, CPU ${fmt(mine.cpuUsPerRequest, 1)} µs)` +
        `   ratio ${fmt(mine.perSecond / ref.perSecond, 2)}   load generator CPU ${fmt(ref.clientCpu * 100)} / ${fmt(mine.clientCpu * 100)} %`,
    );
  console.log(
    `  ratio      ${fmt(ratio, 2)}  median of ${ROUNDS} rounds (target ${TARGET}: ${ratio >= TARGET ? 'met' : 'MISSED'})`,
  );
  console.log(`  server CPU per request, minimal / ours: ${fmt(cpuRatio, 2)} (median of the rounds)`);
  figures.push({
    figure: `${pair.name} req/s`,
    value: median(rounds.map((r) => r.ours.perSecond)),
    reference: median(rounds.map((r) => r.ref.perSecond)),
    unit: '/s',
    ratio,
    target: { op: '>=', value: TARGET },
  });
}
reportBench(figures);

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
