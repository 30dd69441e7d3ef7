/**
 * Opening a view-once item (`node --import tsx tools/bench/ephemeral.ts`).
 *
 * Ours: GET of a member's media link through the real app over HTTP: the session cookie, the
 * link's signature, the item and the viewer's running look read from the database, the
 * participant check, then the file streamed; timed to the first byte of the body. Reference, same
 * run and same process: the same file served by @fastify/static from a bare Fastify, to its first
 * byte. Requests alternate between the two over keep-alive connections. Target: ours <= 1.5x
 * the reference at p50. Also printed: openEphemeral.do + the first byte (what a tap costs).
 * Not a timed test: it prints numbers and the verdict.
 */
import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { api, type EphemeralItem } from '@tertulia/contract';
import Fastify from 'fastify';
import sharp from 'sharp';
import { ephemeralStore } from '../../packages/server/src/features/ephemeral/store';
import { diskStoreFor } from '../../packages/server/src/media/storage';
import { fmt, ourApp, registerBenchMember, reportBench } from './_shared';

const REPS = Number(process.env.BENCH_REPS ?? 1000);
const WARMUP = 100;

const ours = await ourApp({ storySweepMs: 0 });
const { app, deps } = ours;
await app.listen({ port: 0, host: '127.0.0.1' });
const oursPort = (app.server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const register = (name: string) => registerBenchMember(app, name);

/** Time to the first body byte of a GET, in ms; the rest is read and dropped. */
function firstByte(port: number, url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port, path: url, agent, headers: cookie ? { cookie } : {} },
      (res) => {
        let at = 0;
        res.once('data', () => {
          at = performance.now() - start;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(at) : reject(new Error(`${url} -> ${res.statusCode}`)),
        );
        res.resume();
      },
    );
    req.on('error', reject);
  });
}

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

// A phone photo after the browser's resize: 1200 x 900 JPEG (~100 KB).
const author = await register('bench_author');
const viewer = await register('bench_viewer');
const started = await post(api.messaging.send.path, author.cookie, {
  targetIds: [viewer.uid],
  message: 'hola',
});
const conversationId = started.json().Conversation[0].conversationId as number;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="#e76f51"/><circle cx="600" cy="400" r="250" fill="#fff8"/></svg>`;
const form = new FormData();
form.append('conversationId', String(conversationId));
form.append(
  'image',
  new Blob([new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer())], {
    type: 'image/jpeg',
  }),
  'f.jpg',
);
const request = new Request('http://bench/', { method: 'POST', body: form });
const sent = await app.inject({
  method: 'POST',
  url: api.ephemeral.uploadEphemeralPhoto.path,
  headers: { cookie: author.cookie, 'content-type': request.headers.get('content-type')! },
  payload: Buffer.from(await request.arrayBuffer()),
});
const item = sent.json().EphemeralItem[0] as EphemeralItem;
// A long allowance, so the bench's thousands of looks never spend it.
await deps.db
  .updateTable('ephemeral_items')
  .set({ expiration: 3600 })
  .where('id', '=', item.postId)
  .execute();
const ref = { postId: item.postId, authorId: item.authorId };
const link = (await post(api.ephemeral.openEphemeral.path, viewer.cookie, ref)).json().EphemeralItem[0]
  .origImage1 as string;

// The reference: the same stored file, as a static file.
const row = (await ephemeralStore(deps.db).findAny(item.postId))!;
const file = diskStoreFor(deps.config).pathOf(row.media_name!);
const bare = Fastify();
await bare.register(fastifyStatic, { root: path.dirname(file), serve: true });
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;
const staticUrl = `/${path.basename(file)}`;

const oursMs: number[] = [];
const bareMs: number[] = [];
for (let i = 0; i < REPS + WARMUP; i++) {
  const a = await firstByte(oursPort, link, viewer.cookie);
  const b = await firstByte(barePort, staticUrl);
  if (i >= WARMUP) {
    oursMs.push(a);
    bareMs.push(b);
  }
}

// What a tap costs: openEphemeral.do (a new look) then the first byte, over HTTP too.
const tapMs: number[] = [];
for (let i = 0; i < 200; i++) {
  // Ends the running look (untimed), so each tap starts a new one as a member's tap does.
  await post(api.ephemeral.updateEphemeralPhoto.path, viewer.cookie, { ...ref, viewTime: 1 });
  const start = performance.now();
  const opened = await post(api.ephemeral.openEphemeral.path, viewer.cookie, ref);
  await firstByte(oursPort, opened.json().EphemeralItem[0].origImage1, viewer.cookie);
  tapMs.push(performance.now() - start);
}

const p = (xs: number[], q: number) => [...xs].sort((x, y) => x - y)[Math.floor(q * (xs.length - 1))];
const ratio = p(oursMs, 0.5) / p(bareMs, 0.5);
console.log(
  `view-once media, first byte of a ${(statSync(file).size / 1024).toFixed(0)} KB photo, ${REPS} requests each`,
);
console.log(
  `  static file (@fastify/static): p50 ${fmt(p(bareMs, 0.5), 2)} ms  p90 ${fmt(p(bareMs, 0.9), 2)} ms`,
);
console.log(
  `  ours (authorised link):       p50 ${fmt(p(oursMs, 0.5), 2)} ms  p90 ${fmt(p(oursMs, 0.9), 2)} ms`,
);
console.log(`  ratio at p50: ${ratio.toFixed(2)}  (target <= 1.5: ${ratio <= 1.5 ? 'met' : 'missed'})`);
console.log(`  a tap (open call in-process + first byte): p50 ${fmt(p(tapMs, 0.5), 2)} ms`);
reportBench([
  {
    figure: 'view-once photo first byte p50',
    value: p(oursMs, 0.5),
    reference: p(bareMs, 0.5),
    unit: 'ms',
    ratio,
    target: { op: '<=', value: 1.5 },
  },
]);
agent.destroy();
await bare.close();
await ours.close();
