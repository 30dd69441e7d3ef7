import path from 'node:path';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { seedPeopleDemo } from './people';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemoContent, seedDemoMembers } from './seed';

/** `npm run demo`: the real server on its own data directory, seeded, with the logins printed. */
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR || path.resolve('data-demo') });
const { app, deps } = await buildApp(config);
// Profile photos first: setting one is a feed event, and the demo's posts should top the feed.
const ids = await seedDemoMembers(deps.db);
await seedPeopleDemo(
  app,
  DEMO_MEMBERS.map((m) => m.name),
);
await seedDemoContent(deps.db, ids);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl ?? `http://localhost:${config.port}`;
console.log(`\nTertulia demo at ${url}  (data in ${config.dataDir})\nLogins (password "${DEMO_PASSWORD}"):`);
for (const m of DEMO_MEMBERS) {
  const role = m.is_admin ? 'admin, VIP' : m.star >= 2 ? 'VIP' : 'member';
  console.log(`  ${m.name.padEnd(10)} ${role}`);
}
