import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { ensureBuiltinGames } from '../../packages/server/src/features/games/builtin-catalogue';
import { PALABRA_GID } from '../../packages/server/src/features/games/modules/palabra';
import { startDemoActivity } from './activity';
import { seedCallesDemo } from './calles';
import { seedCuatroDemo, startCuatroBot } from './cuatro';
import { seedEphemeralDemo } from './ephemeral';
import { DEMO_GAME, seedGamesDemo } from './games';
import { seedGiftsDemo } from './gifts';
import { seedLiveDemo } from './live';
import { startDemoBroadcast } from './live-broadcast';
import { seedModerationDemo } from './moderation';
import { seedPalabraDemo } from './palabra';
import { seedPeopleDemo } from './people';
import { seedPhotosDemo } from './photos';
import { seedProfileMediaDemo } from './profile-media';
import { seedRewardsDemo } from './rewards';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemoContent, seedDemoMembers } from './seed';
import { seedStoriesDemo } from './stories';

/** Played by the demo activity; lucia and admin are left for people trying the demo. */
const ACTIVE_MEMBERS = ['mateo', 'valentina', 'carlos', 'sofia', 'diego', 'camila'];

/** `npm run demo`: the real server on its own data directory, seeded, with the logins printed. */
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR || path.resolve('data-demo') });
const { app, deps } = await buildApp(config);
// Our own games, as `npm start` lists them (docs/games.md, "Game modules").
await ensureBuiltinGames(deps.db);
// Profile photos first: setting one is a feed event, and the demo's posts should top the feed.
const ids = await seedDemoMembers(deps.db);
await seedPeopleDemo(
  app,
  DEMO_MEMBERS.map((m) => m.name),
);
await seedDemoContent(deps.db, ids);
await seedPhotosDemo(app);
// Stories from generated video, through the pipeline (needs ffmpeg; none without it).
await seedStoriesDemo(app, deps);
// Profile songs and a profile video, through the pipeline too (feed events 12 and 13).
await seedProfileMediaDemo(app, deps);
// A conversation with one view-once photo viewed and one waiting (mateo to lucia).
await seedEphemeralDemo(app);
// Gold and gifts go through the real API too (after the rooms and conversations exist).
// The limited-time board first, so the demo's gifts count on it; then more gifts and today's spins.
await seedRewardsDemo(app, 'before-gifts');
await seedGiftsDemo(app, deps.ledger);
await seedRewardsDemo(app, 'after-gifts');
// Past broadcasts with gifts: the streamers' diamonds fill top streamers (docs/live.md).
await seedLiveDemo(app, deps.ledger);
await seedModerationDemo(app);
await seedGamesDemo(app);
// Guerra de Calles: streets, attacks among demo members (journals, notices, feed events 1060/1062).
await seedCallesDemo(app, deps.db);
const cuatroGid = await seedCuatroDemo(app);
// Today's word of La palabra del día, played by some demo members (lucia's turn is left to you).
await seedPalabraDemo(app, deps);
await app.listen({ port: config.port, host: config.host });

// Demo members who come and go, chat and answer: started here only, never by the server itself.
const { port } = app.server.address() as AddressInfo;
const activity = await startDemoActivity({
  app,
  baseUrl: `http://127.0.0.1:${port}`,
  members: ACTIVE_MEMBERS,
  log: (line) => app.log.info(line),
});
const stopCuatroBot = startCuatroBot(app, cuatroGid, (line) => app.log.info(line));
// A broadcast from generated video through the real ingest socket (tools/demo/live-broadcast.ts).
const liveDemo = startDemoBroadcast({
  app,
  baseUrl: `http://127.0.0.1:${port}`,
  member: 'camila',
  log: (line) => app.log.info(line),
});
const shutdown = () => {
  stopCuatroBot();
  void Promise.all([activity.stop(), liveDemo.stop()]).then(() => app.close().then(() => process.exit(0)));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

const url = config.publicUrl ?? `http://localhost:${config.port}`;
console.log(`\nTertulia demo at ${url}  (data in ${config.dataDir})\nLogins (password "${DEMO_PASSWORD}"):`);
for (const m of DEMO_MEMBERS) {
  const role = m.is_admin ? 'admin, VIP' : m.star >= 2 ? 'VIP' : 'member';
  console.log(`  ${m.name.padEnd(10)} ${role}${ACTIVE_MEMBERS.includes(m.name) ? ', demo activity' : ''}`);
}
console.log('Demo activity: a few members stay online, chat, post and answer friend requests and first IMs.');
console.log(
  'Web Push: as lucia, send a first message and allow notifications when asked; with the tab closed, friends who write to you or go live reach your browser (docs/web-push.md).',
);
console.log(
  'Live: camila is on air with a generated video (the clock drawn in), through the real ingest path (/live).',
);
console.log(
  'Gold: every demo member has some; gifts exchanged in conversations, the tertulia room and profiles (/html/gifts/account.jsp).',
);
console.log(
  'Leaderboards (/html/gifts/leaderboards.jsp) filled by the gifts, a limited-time board running; mateo, valentina, carlos and diego already spun today, lucia has her daily spin to take (/html/gifts/spin.jsp).',
);
console.log(
  `La palabra del día (/games?gid=${PALABRA_GID}): today's word already played by diego, valentina, mateo, sofia, carlos and camila; lucia can play it (docs/games-palabra.md).`,
);
console.log(
  `Games (/games): the SDK's example game at /games?gid=${DEMO_GAME.gid}, with demo members' scores and statuses; its code is packages/web/public/games-builtin/example/, the SDK's calls are in packages/games-sdk/README.md.`,
);
console.log(
  `Cuatro en raya (/games?gid=${cuatroGid}): lucia beat mateo, carlos's challenge waits for her, valentina and camila play live (lucia may watch); mateo, valentina, diego and camila accept challenges and play back.`,
);
