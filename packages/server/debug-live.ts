import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, member, dialects, sameDatabaseApp } from './tests/_util';
import { startLocalS3 } from './tests/_local-s3';
import { listen } from './tests/flows/_push';
import { generatedWebm, goLive, openIngest, sendRecording } from './src/features/live/stream/_live-test';

generatedWebm();
const s3 = await startLocalS3();
const t = await testApp(dialects[0], { logLevel: 'warn', secretKey: 'x-secret', media: { s3: s3.settings() }, liveStream: { dropMs: 3000, keepMs: 3000 } });
const base = await listen(t.app);
const b = await sameDatabaseApp({ ...t.config, dataDir: t.config.dataDir });
await listen(b.app);
const star = await member(t.app);
const viewer = await member(t.app);
const id = await goLive(star);
const ws = await openIngest(base, star.cookieHeader, id);
ws.on('close', (c) => console.log('closed', c));
const t0 = Date.now();
const ready = await sendRecording(ws, generatedWebm()).ready;
console.log(ready, Date.now() - t0);
for (let i = 0; i < 30; i++) {
  await new Promise((r) => setTimeout(r, 500));
  const res = await b.app.inject({ url: ready.playlist, headers: { cookie: viewer.cookieHeader } });
  const ra = await t.app.inject({ url: ready.playlist, headers: { cookie: viewer.cookieHeader } });
  console.log(Date.now() - t0, res.statusCode, res.body, ra.statusCode, ra.body.length);
  if (res.body.includes('00002')) { console.log(res.body); break; }
}
ws.close();
await b.app.close(); await t.close(); await s3.close();
