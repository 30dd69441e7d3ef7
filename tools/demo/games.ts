import { api, EXAMPLE_GAME } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** The example game of the SDK, as the demo registers it (the web serves its files). */
export const DEMO_GAME = {
  gid: EXAMPLE_GAME.gid,
  name: 'Toca rápido',
  description:
    'Toca el botón tantas veces como puedas en 10 segundos. El juego de ejemplo del SDK de juegos.',
  playText: 'Jugar',
} as const;

/** Demo members' rounds (points, as the example game counts them: 10 a tap) and their statuses. */
export const DEMO_SCORES: readonly { name: string; score: number; status?: string }[] = [
  { name: 'lucia', score: 1210, status: 'Récord personal: 121 toques' },
  { name: 'mateo', score: 980 },
  { name: 'valentina', score: 1210, status: 'Entrenando para ganar a Lucía' },
  { name: 'diego', score: 1340, status: 'Primero de la semana' },
  { name: 'carlos', score: 640 },
  { name: 'sofia', score: 870 },
];

/**
 * The games demo through the real API: the admin registers the example game (featured, with
 * rewards), and some members play it: scores on its boards, statuses on their profiles. A rerun
 * changes nothing (the gid is taken: 409; a best score is kept).
 */
export async function seedGamesDemo(app: App): Promise<void> {
  const { call } = demoApi(app);
  await call(
    'admin',
    api.gameAdmin.registerGame,
    {
      gid: DEMO_GAME.gid,
      name: DEMO_GAME.name,
      description: DEMO_GAME.description,
      playText: DEMO_GAME.playText,
      kind: 'builtin',
      slug: EXAMPLE_GAME.slug,
      scoreMin: 0,
      scoreMax: 1500,
      scoresPerMinute: 6,
      credsIntegrated: true,
      leaderboardsIntegrated: true,
      rewardCurrency: 'gold',
      dailyRewardCap: 50,
    },
    [409],
  );
  await call('admin', api.gameAdmin.setGameStatus, { gid: DEMO_GAME.gid, featured: true });
  for (const s of DEMO_SCORES) {
    const [token] = (await call(s.name, api.game.getOAuthToken, { gid: DEMO_GAME.gid })).GameToken as {
      token: string;
    }[];
    await call(s.name, api.game.submitScore, { gameId: DEMO_GAME.gid, score: s.score, token: token.token });
    if (s.status)
      await call(s.name, api.game.setGamePresence, {
        gameId: DEMO_GAME.gid,
        gameStatus: s.status,
        token: token.token,
      });
  }
}
