import { api, type Game, type LeaderboardItem, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_GAME, DEMO_SCORES, seedGamesDemo } from './games';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo games', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('registers the example game, featured, with scores and statuses, once', async () => {
    const ids = await seedDemo(t.deps.db);
    await seedGamesDemo(t.app);
    await seedGamesDemo(t.app);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const featured = (await lucia.ok(api.game.getGamesListing, { filter: 'FEATURED' })) as Game[];
    expect(featured.map((g) => g.id)).toEqual([DEMO_GAME.gid]);
    expect(featured[0]).toMatchObject({ name: DEMO_GAME.name, url: '/games-builtin/example/' });
    const board = (await lucia.ok(api.game.getGameLeaderboard, {
      gameId: DEMO_GAME.gid,
    })) as LeaderboardItem[];
    expect(board).toHaveLength(DEMO_SCORES.length);
    expect(board[0]).toMatchObject({ rank: 1, userName: 'diego', score: 1340 });
    // lucia and valentina tie at 1210: lucia played first.
    expect(board.slice(1, 3).map((r) => r.userName)).toEqual(['lucia', 'valentina']);
    const [diego] = (await lucia.ok(api.people.getUserById, { userId: ids.get('diego') })) as User[];
    expect(diego.game?.[0]).toMatchObject({ gameId: DEMO_GAME.gid, gameStatus: 'Primero de la semana' });
  });
});
