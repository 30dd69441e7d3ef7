/**
 * Photo reads through the S3 store against the disk store (`npx tsx tools/bench/media-store.ts`).
 *
 * Two apps in this process, one per store (the S3 one against s3rver in a process of its own),
 * the same photos uploaded to each, the 300 px size rendered once (the image-size cache warm);
 * then the same keep-alive load (tools/bench/_http-load.ts, its own process) on one photo's
 * 300 px URL and on its original, in rounds whose order turns. The S3 side runs with its
 * per-instance hot cache (MEDIA_CACHE_MB, media/hot-cache.ts); a third side without it shows
 * what every read costs when it goes to the bucket. Target: S3 p50 ≤ 1.5x disk.
 * Not a timed test: it prints numbers and the verdict.
 */
import type { AddressInfo } from 'node:net';
import { api, imageUrl, type Photo } from '@tertulia/contract';
import sharp from 'sharp';
import type { S3Settings } from '../../packages/server/src/config';
import type { LoadResult, LoadSpec } from './_http-load';
import {
  askHelper,
  type BenchFigure,
  fmt,
  forkHelper,
  median,
  ourApp,
  registerBenchMember,
  reportBench,
} from './_shared';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);

const s3Process = forkHelper('./_s3-server.ts');
const { settings } = await new Promise<{ settings: S3Settings }>((resolve) =>
  s3Process.once('message', resolve as never),
);

async function appWithPhotos(media: { s3?: S3Settings }) {
  const built = await ourApp({ media });
  const owner = await registerBenchMember(built.app, 'bench_owner');
  const form = new FormData();
  form.append('albumName', 'Bench');
  for (let k = 0; k < PHOTOS; k++) {
    const data = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: `hsl(${k * 37},60%,60%)` },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `f${k}.jpg`);
  }
  const request = new Request('http://bench/', { method: 'POST', body: form });
  const res = await built.app.inject({
    method: 'POST',
    url: api.album.uploadPhotos.path,
    headers: { cookie: owner.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  const keys = (res.json().Photo as Photo[]).map((p) => decodeURIComponent(p.image1!.split('/').pop()!));
  // The image-size cache warm: every 300 px size rendered and stored once.
  for (const key of keys) {
    const warm = await built.app.inject({ url: imageUrl(key, { width: 300 }) });
    if (warm.statusCode !== 200) throw new Error(`warming ${key}: ${warm.statusCode}`);
  }
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...built, key: keys[0], port: (built.app.server.address() as AddressInfo).port };
}

const disk = await appWithPhotos({});
const s3 = await appWithPhotos({ s3: { ...settings, cacheBytes: 64 * 1024 * 1024 } });
// The same bucket without the per-instance hot cache (MEDIA_CACHE_MB=0): every read goes to S3.
const s3Bare = await appWithPhotos({ s3: { ...settings, cacheBytes: 0 } });

const load = (port: number, path: string) =>
  askHelper<LoadResult>('./_http-load.ts', {
    port,
    path,
    connections: CONNECTIONS,
    warmupMs: 500,
    durationMs: DURATION_MS,
  } satisfies LoadSpec);

console.log(
  `Photo reads, disk store vs S3 store (s3rver in its own process): ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s a side, ${ROUNDS} alternating rounds`,
);
const sides = [
  { name: 'disk', app: disk },
  { name: 's3', app: s3 },
  { name: 's3 uncached', app: s3Bare },
];
const figures: BenchFigure[] = [];
for (const [label, path] of [
  ['300 px size (cache warm)', (key: string) => imageUrl(key, { width: 300 })],
  ['original', (key: string) => imageUrl(key)],
] as const) {
  const ratios: number[] = [];
  const bareRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results = new Map<string, LoadResult>();
    // The order turns each round, so no side always runs first.
    for (let i = 0; i < sides.length; i++) {
      const side = sides[(i + round) % sides.length];
      const result = await load(side.app.port, path(side.app.key));
      if (result.non2xx || result.errors)
        throw new Error(`${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.set(side.name, result);
    }
    const d = results.get('disk')!;
    const c = results.get('s3')!;
    const u = results.get('s3 uncached')!;
    ratios.push(c.p50Ms / d.p50Ms);
    bareRatios.push(u.p50Ms / d.p50Ms);
    const show = (r: LoadResult) =>
      `${fmt(r.perSecond)}/s p50 ${fmt(r.p50Ms, 2)} ms p99 ${fmt(r.p99Ms, 2)} ms`;
    console.log(`  ${label} round ${round + 1}: disk ${show(d)} | s3 ${show(c)} | s3 uncached ${show(u)}`);
  }
  const ratio = median(ratios);
  console.log(
    `  ${label}: median p50 s3/disk ${fmt(ratio, 2)}x (target ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'MISSED'}); uncached ${fmt(median(bareRatios), 2)}x`,
  );
  figures.push({ figure: `${label}: p50 s3 / disk`, value: ratio, ratio, target: { op: '<=', value: 1.5 } });
}
reportBench(figures);

await disk.close();
await s3.close();
await s3Bare.close();
s3Process.disconnect();
