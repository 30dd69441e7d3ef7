import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ourApp, registeredCookie } from './_shared';

const ours = await ourApp();
await registeredCookie(ours.app);
const file = path.join((ours.deps.config as { dataDir: string }).dataDir, 'tertulia.db');
const db2 = new SQLite(file);
const dv = db2.prepare('PRAGMA data_version').pluck();
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  for (let i = 0; i < 10000; i++) dv.get();
  console.log(
    'data_version (second connection on the app db)',
    ((performance.now() - t) * 100).toFixed(2),
    'ns',
  );
}
const s1 = db2.prepare('select count(*) from users').pluck();
let t = performance.now();
for (let i = 0; i < 10000; i++) s1.get();
console.log('select count', ((performance.now() - t) * 100).toFixed(2), 'ns');
const start = process.cpuUsage();
t = performance.now();
for (let i = 0; i < 10000; i++) ours.deps.sessions.cached({ cookies: {} } as never);
console.log('cached no cookie', ((performance.now() - t) * 100).toFixed(2), 'ns');
await ours.close();
void start;
