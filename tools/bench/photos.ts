/**
 * The image service and the album page (`node --import tsx tools/bench/photos.ts`).
 *
 * 1. Resized images per second at widths 150 (square crop) and 300: cold (the first request of
 *    each variant: read the original, resize, encode, write the cache file) and warm (the same
 *    URLs again, served from the cache file), through the real image route; beside a bare sharp
 *    script doing the same resizes of the same originals (read the file, resize, encode) in the
 *    same run. Targets: cold >= 0.8x bare sharp, warm >= 10x cold.
 * 2. album/getPhotos.do for a page of 50 photos seen by another member, beside the bare SQL of
 *    the same page (better-sqlite3, prepared). Target: ours <= 1.5x the bare SQL.
 * Not a timed test: it prints numbers and the verdicts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { api, imageUrl, type Photo } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { originalName } from '../../packages/server/src/media/keys';
import { defaultQuality } from '../../packages/server/src/media/resize';
import { diskStoreFor } from '../../packages/server/src/media/storage';
import { type BenchFigure, fmt, ourApp, registerBenchMember, reportBench } from './_shared';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 50);
const WARM_PASSES = Number(process.env.BENCH_WARM_PASSES ?? 10);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const WIDTHS = [150, 300];

const ours = await ourApp();
const { app, deps } = ours;

const register = (name: string) => registerBenchMember(app, name);

// Photos as phones send them after the browser's resize: 1200 x 800 JPEGs, each different.
const owner = await register('bench_owner');
const viewer = await register('bench_viewer');
const photos: Photo[] = [];
for (let i = 0; i < PHOTOS; i += 10) {
  const form = new FormData();
  form.append('albumName', 'Bench');
  for (let k = i; k < Math.min(PHOTOS, i + 10); k++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <rect width="1200" height="800" fill="hsl(${(k * 37) % 360},60%,60%)"/>
      <circle cx="${200 + ((k * 97) % 800)}" cy="300" r="150" fill="#fff8"/>
      <text x="100" y="700" font-size="120" fill="#222">foto ${k}</text></svg>`;
    const data = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `f${k}.jpg`);
  }
  const request = new Request('http://bench/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: api.album.uploadPhotos.path,
    headers: { cookie: owner.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  photos.push(...(res.json().Photo as Photo[]));
}
const keys = photos.map((p) => decodeURIComponent(p.image1!.split('/').pop()!));
const media = diskStoreFor(deps.config);

async function serveAll(width: number) {
  const started = performance.now();
  for (const key of keys) {
    const res = await app.inject({ method: 'GET', url: imageUrl(key, { width, crop: width === 150 }) });
    if (res.statusCode !== 200) throw new Error(`image ${res.statusCode}`);
  }
  return performance.now() - started;
}

// The bare script: the same originals from disk, the same resize and encoding, nothing else.
async function bareAll(width: number) {
  const started = performance.now();
  for (const key of keys) {
    const original = await fs.promises.readFile(media.pathOf(originalName(key)));
    const meta = await sharp(original).metadata();
    const crop = width === 150;
    const w = Math.min(width, meta.width!);
    const h = crop ? w : Math.round((meta.height! * w) / meta.width!);
    await sharp(original)
      .resize(w, h, crop ? { fit: 'cover', position: 'centre' } : {})
      .jpeg({ quality: defaultQuality(w, h) })
      .toBuffer();
  }
  return performance.now() - started;
}

// Both paths once at another width first, so neither side's first calls pay for JIT and loading.
for (const key of keys.slice(0, 5)) {
  await app.inject({ method: 'GET', url: imageUrl(key, { width: 100 }) });
  await sharp(await fs.promises.readFile(media.pathOf(originalName(key))))
    .resize(100)
    .jpeg()
    .toBuffer();
}
console.log(`image service: ${PHOTOS} photos of 1200 x 800`);
const figures: BenchFigure[] = [];
for (const width of WIDTHS) {
  // Bare first, then ours: both read originals the page cache already holds (the upload wrote them).
  const bareMs = await bareAll(width);
  const coldMs = await serveAll(width);
  let warmMs = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < WARM_PASSES; pass++) warmMs = Math.min(warmMs, await serveAll(width));
  const perSecond = (ms: number) => (keys.length * 1000) / ms;
  const cold = perSecond(coldMs) / perSecond(bareMs);
  const warm = perSecond(warmMs) / perSecond(coldMs);
  console.log(
    `  width ${width}: bare sharp ${fmt(perSecond(bareMs))}/s, cold ${fmt(perSecond(coldMs))}/s, warm ${fmt(perSecond(warmMs))}/s`,
  );
  console.log(
    `    cold / bare ${fmt(cold, 2)} (target 0.8: ${cold >= 0.8 ? 'met' : 'MISSED'}), warm / cold ${fmt(warm, 1)} (target 10: ${warm >= 10 ? 'met' : 'MISSED'})`,
  );
  figures.push(
    {
      figure: `cold resize ${width}/s`,
      value: perSecond(coldMs),
      reference: perSecond(bareMs),
      unit: '/s',
      ratio: cold,
      target: { op: '>=', value: 0.8 },
    },
    {
      figure: `warm / cold ${width}`,
      value: perSecond(warmMs),
      unit: '/s',
      ratio: warm,
      target: { op: '>=', value: 10 },
    },
  );
}

// The album page.
const albumId = photos[0].albumId!;
const bare = new SQLite(path.join(deps.config.dataDir, 'tertulia.db'), { readonly: true });
const bareStatement = bare.prepare(
  `SELECT p.*, a.name AS album_name, s.like_count, s.comment_count FROM photos p
   JOIN albums a ON a.id = p.album_id
   LEFT JOIN item_stats s ON s.item_id = p.id AND s.item_type = 2
   WHERE p.owner_id = ? AND p.album_id = ? AND p.privacy IN (1) AND p.backstage = 0 AND p.nsfw = 0 AND p.quarantine = 0
   ORDER BY p.position, p.id DESC LIMIT 50`,
);
const bareOnce = () => bareStatement.all(owner.uid, albumId).length;
async function oursOnce() {
  const res = await app.inject({
    method: 'GET',
    url: api.album.getPhotos.path,
    query: { userId: String(owner.uid), albumId: String(albumId), limit: '50' },
    headers: { cookie: viewer.cookie },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json().Photo as unknown[]).length;
}
for (let i = 0; i < 20; i++) {
  await oursOnce();
  bareOnce();
}
const timings = { ours: [] as number[], bare: [] as number[] };
// CPU time of this process per call (both sides run here): steadier than wall time on a busy machine.
const cpu = { ours: [] as number[], bare: [] as number[] };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
for (let i = 0; i < REPS; i++) {
  let c = process.cpuUsage();
  let t = performance.now();
  const a = await oursOnce();
  timings.ours.push(performance.now() - t);
  cpu.ours.push(cpuMs(c));
  c = process.cpuUsage();
  t = performance.now();
  const b = bareOnce();
  timings.bare.push(performance.now() - t);
  cpu.bare.push(cpuMs(c));
  if (a !== Math.min(50, PHOTOS) || b !== a)
    throw new Error(`expected ${Math.min(50, PHOTOS)} rows, got ${a} and ${b}`);
}
const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const ratio = p50(timings.ours) / p50(timings.bare);
console.log(`album page (50 photos, another member viewing), ${REPS} runs`);
console.log(
  `  bare SQL p50 ${fmt(p50(timings.bare), 3)} ms (${fmt(1000 / p50(timings.bare))}/s), ours p50 ${fmt(p50(timings.ours), 3)} ms (${fmt(1000 / p50(timings.ours))}/s)`,
);
console.log(`  ratio ${fmt(ratio, 2)} (target 1.5: ${ratio <= 1.5 ? 'met' : 'MISSED'})`);
console.log(
  `  CPU time per call, p50: ours ${fmt(p50(cpu.ours), 3)} ms, bare ${fmt(p50(cpu.bare), 3)} ms, ratio ${fmt(p50(cpu.ours) / p50(cpu.bare), 2)}`,
);
figures.push({
  figure: 'album page p50',
  value: p50(timings.ours),
  reference: p50(timings.bare),
  unit: 'ms',
  ratio,
  target: { op: '<=', value: 1.5 },
});
reportBench(figures);
bare.close();
await ours.close();
