import { api, type Game } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, member, testApp, uniqueId } from '../../../tests/_util';
import { ensureBuiltinGames } from './builtin-catalogue';
import type { GameModule } from './modules/types';

describe.each(dialects)('our own games in the catalogue on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('a module’s entry is made once at start, listed and featured, and an admin’s edits are kept', async () => {
    const slug = `kit${uniqueId()}`.replace(/[^a-z0-9]/g, '');
    const gid = 700 + Math.floor(Math.random() * 200);
    const module: GameModule = {
      slug,
      catalogue: { gid, name: 'Juego de la casa', description: 'Nuestro', featured: true, scoreMax: 500 },
    };
    expect(await ensureBuiltinGames(t.deps.db, [module])).toEqual([gid]);
    // Two instances starting together, or a restart: nothing more is made.
    expect(
      await Promise.all([ensureBuiltinGames(t.deps.db, [module]), ensureBuiltinGames(t.deps.db, [module])]),
    ).toEqual([[], []]);

    const someone = await member(t.app);
    const featured = (await someone.ok(api.game.getGamesListing, {
      filter: 'FEATURED',
      limit: 100,
    })) as Game[];
    expect(featured.find((g) => g.id === gid)).toMatchObject({
      name: 'Juego de la casa',
      url: `/games-builtin/${slug}/`,
    });
    const [game] = (await someone.ok(api.game.getGame, { gid })) as Game[];
    expect(game.roomId).toBeGreaterThan(0);

    const admin = await adminMember(t);
    await admin.ok(api.gameAdmin.updateGame, { gid, name: 'Renombrado' });
    await ensureBuiltinGames(t.deps.db, [module]);
    const [after] = (await admin.ok(api.game.getGame, { gid })) as Game[];
    expect(after.name).toBe('Renombrado');
  });
});
