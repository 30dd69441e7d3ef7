import { api } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import type { Deps } from '../../packages/server/src/deps';
import { PALABRA_GID } from '../../packages/server/src/features/games/modules/palabra';
import { palabraAnswer } from '../../packages/server/src/features/games/modules/palabra-play';
import { DAY_MS, dayOf, replayPalabra } from '../../packages/server/src/features/games/modules/palabra-rules';
import { palabraStore } from '../../packages/server/src/features/games/modules/palabra-store';
import { PALABRA_ANSWERS } from '../../packages/server/src/features/games/modules/palabra-words';
import { demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Who played today's word in the demo: wrong words before the answer, and seconds between guesses. */
export const DEMO_PALABRA: readonly { name: string; misses: number; gapS: number; solved?: false }[] = [
  { name: 'diego', misses: 2, gapS: 14 },
  { name: 'valentina', misses: 3, gapS: 21 },
  { name: 'mateo', misses: 1, gapS: 48 },
  { name: 'sofia', misses: 4, gapS: 35 },
  { name: 'carlos', misses: 5, gapS: 30, solved: false },
  { name: 'camila', misses: 2, gapS: 70 },
];

/**
 * Today's challenge of "La palabra del día" with demo members' results (docs/games-palabra.md,
 * "Demo"): each game is written with the game's own store as if played earlier today (a person's
 * pace cannot be waited for at seed time), replayed by the game's rules like any game, and its
 * score then goes through the real `submitScore` (the module checks it against the stored game).
 * lucia has not played yet: she can play today's word herself. A rerun changes nothing.
 */
export async function seedPalabraDemo(app: App, deps: Pick<Deps, 'db' | 'secret'>): Promise<void> {
  const { call, uid } = demoApi(app);
  const store = palabraStore(deps.db);
  const now = Date.now();
  const day = dayOf(now);
  const answer = palabraAnswer(deps.secret, day);
  const others = PALABRA_ANSWERS.filter((w) => w !== answer);
  for (const [i, p] of DEMO_PALABRA.entries()) {
    const userId = await uid(p.name);
    const tries = p.solved === false ? 6 : p.misses + 1;
    // Played within today (UTC), ending a few minutes ago, never before midnight.
    const startedAt = Math.max(day * DAY_MS, now - (i + 1) * 7 * 60_000 - tries * p.gapS * 1000);
    const guesses = Array.from({ length: tries }, (_, k) => ({
      word: k < p.misses || p.solved === false ? others[(i * 7 + k * 13) % others.length] : answer,
      at: Math.min(startedAt + (k + 1) * p.gapS * 1000, now - 1000),
    }));
    await store.start(userId, day, startedAt);
    const game = await store.game(userId, day);
    if (!game || game.tries > 0) continue;
    const replay = replayPalabra(answer, startedAt, guesses);
    await store.guess(game.id, 0, {
      guesses: JSON.stringify(guesses),
      tries: guesses.length,
      finished: replay.finished,
      solved: replay.solved,
      score: replay.score,
      at: guesses[guesses.length - 1].at,
    });
    if (replay.score === 0) continue;
    const [token] = (await call(p.name, api.game.getOAuthToken, { gid: PALABRA_GID })).GameToken as {
      token: string;
    }[];
    await call(p.name, api.game.submitScore, {
      gameId: PALABRA_GID,
      score: replay.score,
      token: token.token,
    });
    await call(p.name, api.game.setGamePresence, {
      gameId: PALABRA_GID,
      gameStatus: `Palabra del día: ${replay.score} puntos`,
      token: token.token,
    });
  }
}
