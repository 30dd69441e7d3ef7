/**
 * The games platform (`node --import tsx tools/bench/games.ts`), two measures, each beside a
 * reference in the same run. Not a timed test: it prints numbers and ratios.
 *
 * 1. SDK round trip: a score submitted from the game's sandboxed frame (SDK → host page bridge →
 *    game/submitScore.do → back to the frame), p50/p99, against a direct fetch of the same call
 *    from the page. Target: p99 ≤ 2x. Needs the built web app (`npm run build`) and Chromium.
 * 2. game/getGamesListing.do (ALL, first page) with BENCH_GAMES games and a member with
 *    BENCH_FRIENDS friends who play them, against the bare SQL of the same page (games, last
 *    week's players, the friends playing with their names). Target: ≤ 1.5x. Printed beside it:
 *    the listing's own three statements run bare on the driver (the page ordered by name, each
 *    game's newest five friends in good standing, their cards), the SQL the bare page skips.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@tertulia/contract';
import SQLite from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { type BenchFigure, benchMembers, fmt, ourApp, reportBench } from './_shared';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const FRIENDS = Number(process.env.BENCH_FRIENDS ?? 1000);
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 200);
const REPS = Number(process.env.BENCH_REPS ?? 200);
/** Between calls: a game is served 10 calls a second past its burst; the page's fetch waits alike. */
const PAUSE_MS = 110;
const WEB_DIST = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) * p)];

const ours = await ourApp({ webDist: existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined });
const { app, deps } = ours;
const db = deps.db;
const now = Date.now();

// The member, their friends, the games and who plays them: straight into the database.
const {
  ids: [me],
  cookies: [cookie],
} = await benchMembers(db, 1, 'gamer');
const { ids: friends } = await benchMembers(db, FRIENDS, 'amigo');
for (let i = 0; i < friends.length; i += 250)
  await db
    .insertInto('friendships')
    .values(
      friends.slice(i, i + 250).flatMap((id) => [
        { user_id: me, friend_id: id, created_at: now, position: 0 },
        { user_id: id, friend_id: me, created_at: now, position: 0 },
      ]),
    )
    .execute();
const gameRows = Array.from({ length: GAMES }, (_, i) => ({
  id: i + 1,
  slug: i === 0 ? 'example' : `juego-${i}`,
  name: i === 0 ? 'Atrapa la estrella' : `Juego ${i}`,
  kind: 'builtin',
  url: `/games-builtin/${i === 0 ? 'example' : `juego-${i}`}/`,
  featured: i % 10 === 0 ? 1 : 0,
  leaderboards_integrated: 1,
  score_max: 1500,
  scores_per_minute: 600,
  created_at: now,
  updated_at: now,
}));
for (let i = 0; i < gameRows.length; i += 100)
  await db
    .insertInto('games')
    .values(gameRows.slice(i, i + 100))
    .execute();
const gameIds = gameRows.map((g) => g.id);
// Each friend plays three games.
const plays = friends.flatMap((uid, k) =>
  [0, 1, 2].map((j) => ({
    game_id: gameIds[(k * 7 + j * 13) % gameIds.length],
    user_id: uid,
    created_at: now,
    updated_at: now,
    played_at: now - ((k + j) % 10) * 86_400_000,
  })),
);
for (let i = 0; i < plays.length; i += 300)
  await db
    .insertInto('game_players')
    .values(plays.slice(i, i + 300))
    .execute();

// ---- 2. The listing against the bare SQL ----
const bare = new SQLite(path.join(deps.config.dataDir, 'tertulia.db'), { readonly: true });
const weekAgo = now - 7 * 86_400_000;
const bareStatement = bare.prepare(
  `SELECT g.*,
     (SELECT COUNT(*) FROM game_players p WHERE p.game_id = g.id AND p.played_at > ?) AS weekly,
     (SELECT group_concat(u.id || ':' || u.name) FROM game_players p
        JOIN friendships f ON f.user_id = ? AND f.friend_id = p.user_id
        JOIN users u ON u.id = p.user_id
       WHERE p.game_id = g.id) AS friends
   FROM games g WHERE g.status = 'active' ORDER BY g.featured DESC, g.id DESC LIMIT 20`,
);
// The statements the listing runs (features/games/catalogue-store.ts), bare, parameters bound.
const pageStatement = bare.prepare(
  `SELECT * FROM games WHERE status IN (?) ORDER BY featured DESC, name, id LIMIT ? OFFSET ?`,
);
const countsStatement = bare.prepare(
  `SELECT g.id AS game_id,
     (SELECT COUNT(*) FROM game_players w WHERE w.game_id = g.id AND w.played_at >= ?) AS weekly,
     (SELECT group_concat(s.user_id, ',' ORDER BY s.played_at DESC, s.user_id) FROM
       (SELECT p.user_id, p.played_at FROM game_players p WHERE p.game_id = g.id
          AND EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ? AND f.friend_id = p.user_id)
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.banned_at = ? AND u.deleted_at = ?)
        ORDER BY p.played_at DESC, p.user_id LIMIT ?) s) AS friends
   FROM games g WHERE g.id IN (SELECT value FROM json_each(?))`,
);
const cardsStatement = bare.prepare(
  `SELECT id, name, image1, gender, star, vip_until FROM users
   WHERE id IN (SELECT value FROM json_each(?)) AND banned_at = ? AND deleted_at = ?`,
);
const ownSqlOnce = () => {
  const games = pageStatement.all('active', 20, 0) as { id: number }[];
  const counts = countsStatement.all(weekAgo, me, 0, 0, 5, JSON.stringify(games.map((g) => g.id))) as {
    friends: string | null;
  }[];
  const ids = [...new Set(counts.flatMap((c) => (c.friends ? c.friends.split(',').map(Number) : [])))];
  cardsStatement.all(JSON.stringify(ids), 0, 0);
  return games.length;
};
const listingOnce = async () => {
  const res = await app.inject({ method: 'GET', url: api.game.getGamesListing.path, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().Game.length as number;
};
const bareOnce = () => bareStatement.all(weekAgo, me).length;
for (let i = 0; i < 20; i++) {
  await listingOnce();
  bareOnce();
  ownSqlOnce();
}
const listing = { ours: [] as number[], bare: [] as number[], ownSql: [] as number[] };
// CPU time per call beside wall time: on the shared machine it moves much less.
const cpu = { ours: [] as number[], bare: [] as number[], ownSql: [] as number[] };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
for (let i = 0; i < REPS; i++) {
  let t = performance.now();
  let c = process.cpuUsage();
  const a = await listingOnce();
  listing.ours.push(performance.now() - t);
  cpu.ours.push(cpuMs(c));
  t = performance.now();
  c = process.cpuUsage();
  const b = bareOnce();
  listing.bare.push(performance.now() - t);
  cpu.bare.push(cpuMs(c));
  if (a !== b) throw new Error(`expected the same page, got ${a} and ${b} games`);
  t = performance.now();
  c = process.cpuUsage();
  if (ownSqlOnce() !== a) throw new Error('the listing statements gave another page');
  listing.ownSql.push(performance.now() - t);
  cpu.ownSql.push(cpuMs(c));
}
console.log(`getGamesListing ALL, ${GAMES} games, ${FRIENDS} friends playing 3 each, ${REPS} runs`);
for (const [name, xs] of Object.entries(listing))
  console.log(`  ${name.padEnd(5)} p50 ${fmt(pct(xs, 0.5), 2)} ms   p99 ${fmt(pct(xs, 0.99), 2)} ms`);
console.log(
  `  CPU time per call, p50: ours ${fmt(pct(cpu.ours, 0.5), 3)} ms, bare ${fmt(pct(cpu.bare, 0.5), 3)} ms, ratio ${fmt(pct(cpu.ours, 0.5) / pct(cpu.bare, 0.5), 2)}`,
);
console.log(
  `  ours / its own statements bare (p50) ${fmt(pct(listing.ours, 0.5) / pct(listing.ownSql, 0.5), 2)}x, by CPU ${fmt(pct(cpu.ours, 0.5) / pct(cpu.ownSql, 0.5), 2)}x; those / the bare page ${fmt(pct(listing.ownSql, 0.5) / pct(listing.bare, 0.5), 2)}x, by CPU ${fmt(pct(cpu.ownSql, 0.5) / pct(cpu.bare, 0.5), 2)}x`,
);
const listingRatio = pct(listing.ours, 0.5) / pct(listing.bare, 0.5);
console.log(
  `  ratio (p50) ${fmt(listingRatio, 2)}x   target ≤ 1.5x ${listingRatio <= 1.5 ? 'met' : 'MISSED'}`,
);
const figures: BenchFigure[] = [
  {
    figure: 'getGamesListing ALL p50',
    value: pct(listing.ours, 0.5),
    reference: pct(listing.bare, 0.5),
    unit: 'ms',
    ratio: listingRatio,
    target: { op: '<=', value: 1.5 },
  },
];

// ---- 1. The SDK round trip against a direct fetch from the page ----
if (!deps.config.webDist) {
  console.log('SDK round trip skipped: no packages/web/dist (run `npm run build`)');
} else {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const gid = gameIds[0];
  await page.goto(`${base}/games?gid=${gid}&play=1`);
  await page.getByTestId('game-frame').waitFor();
  let frame = page.frames().find((f) => f.url().includes('/games-builtin/example/'));
  while (!frame) {
    await page.waitForTimeout(50);
    frame = page.frames().find((f) => f.url().includes('/games-builtin/example/'));
  }
  await frame.waitForFunction(() => 'TertuliaGames' in window);
  const viaSdk = (n: number) =>
    frame.evaluate(
      async ({ count, pause }) => {
        const sdk = (
          window as never as {
            TertuliaGames: { createGameClient: () => { submitScore: (s: number) => Promise<unknown> } };
          }
        ).TertuliaGames.createGameClient();
        const times: number[] = [];
        for (let i = 0; i < count; i++) {
          const t = performance.now();
          await sdk.submitScore(10 * (i % 150));
          times.push(performance.now() - t);
          // The host serves a game 10 calls a second after a burst (features/games/bridge.ts).
          await new Promise((r) => setTimeout(r, pause));
        }
        return times;
      },
      { count: n, pause: PAUSE_MS },
    );
  const direct = (n: number) =>
    page.evaluate(
      async ({ count, gameId, tokenPath, scorePath, pause }) => {
        const token = (await (await fetch(`${tokenPath}?gid=${gameId}`)).json()).GameToken[0].token;
        const times: number[] = [];
        for (let i = 0; i < count; i++) {
          const t = performance.now();
          const res = await fetch(scorePath, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ gameId, score: 10 * (i % 150), token }),
          });
          await res.json();
          if (!res.ok) throw new Error(`submitScore: ${res.status}`);
          times.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, pause));
        }
        return times;
      },
      {
        count: n,
        gameId: gid,
        tokenPath: api.game.getOAuthToken.path,
        scorePath: api.game.submitScore.path,
        pause: PAUSE_MS,
      },
    );
  // Warm both paths, then alternate blocks of ten so load on the machine falls on both alike.
  await viaSdk(5);
  await direct(5);
  const trips = { sdk: [] as number[], fetch: [] as number[] };
  for (let done = 0; done < ROUND_TRIPS; done += 10) {
    trips.sdk.push(...(await viaSdk(10)));
    trips.fetch.push(...(await direct(10)));
  }
  console.log(
    `submitScore round trip, ${trips.sdk.length} each (frame → host → server → frame vs the page's fetch)`,
  );
  for (const [label, xs] of Object.entries(trips))
    console.log(`  ${label.padEnd(5)} p50 ${fmt(pct(xs, 0.5), 2)} ms   p99 ${fmt(pct(xs, 0.99), 2)} ms`);
  const ratio = pct(trips.sdk, 0.99) / pct(trips.fetch, 0.99);
  console.log(`  ratio (p99) ${fmt(ratio, 2)}x   target ≤ 2x ${ratio <= 2 ? 'met' : 'MISSED'}`);
  figures.push({
    figure: 'submitScore via SDK p99',
    value: pct(trips.sdk, 0.99),
    reference: pct(trips.fetch, 0.99),
    unit: 'ms',
    ratio,
    target: { op: '<=', value: 2 },
  });
  await browser.close();
}
reportBench(figures);
bare.close();
await ours.close();
