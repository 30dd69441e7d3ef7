import { api, type Game, type LeaderboardItem } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltinGames } from '../../packages/server/src/features/games/builtin-catalogue';
import { PALABRA_GID } from '../../packages/server/src/features/games/modules/palabra';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_PALABRA, seedPalabraDemo } from './palabra';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo: La palabra del día', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('lists the game, featured, with today’s challenge played by demo members, once', async () => {
    await seedDemo(t.deps.db);
    await ensureBuiltinGames(t.deps.db);
    await seedPalabraDemo(t.app, t.deps);
    await seedPalabraDemo(t.app, t.deps);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const featured = (await lucia.ok(api.game.getGamesListing, { filter: 'FEATURED' })) as Game[];
    expect(featured.find((g) => g.id === PALABRA_GID)).toMatchObject({
      name: 'La palabra del día',
      icon: '/games-builtin/palabra/icon.svg',
    });
    const board = (await lucia.ok(api.game.getGameLeaderboard, { gameId: PALABRA_GID })) as LeaderboardItem[];
    const solved = DEMO_PALABRA.filter((p) => p.solved !== false).map((p) => p.name);
    expect(board.map((r) => r.userName).sort()).toEqual([...solved].sort());
    expect(board[0].userName).toBe('mateo'); // two tries: the fewest
    const [token] = (await lucia.ok(api.game.getOAuthToken, { gid: PALABRA_GID })) as { token: string }[];
    const today = (await lucia.ok(api.game.palabraBoard, {
      gameId: PALABRA_GID,
      token: token.token,
    })) as LeaderboardItem[];
    expect(today).toHaveLength(DEMO_PALABRA.length); // carlos's lost game is on the day's board with 0
    expect(today.at(-1)).toMatchObject({ userName: 'carlos', score: 0, scoreFormatted: '0 · X/6' });
  });
});
