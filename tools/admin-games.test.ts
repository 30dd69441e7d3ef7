import { api, type Game } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, member, testApp } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

describe('admin command: games', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('registers, features, hides and retires games as a named admin; the site follows', async () => {
    const admin = await adminMember(t);
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    const by = ['--by', admin.user.name];
    const registered = await runAdmin(
      ['game', 'register', 'Palabras', 'rápidas', '--builtin', 'palabras', '--featured', ...by],
      env,
    );
    const gid = Number(
      /^game (\d+) registered: Palabras rápidas at \/games-builtin\/palabras\/$/.exec(registered)?.[1],
    );
    expect(gid).toBeGreaterThan(0);
    const featured = (await m.ok(api.game.getGamesListing, { filter: 'FEATURED' })) as Game[];
    expect(featured.map((g) => g.id)).toContain(gid);
    expect(
      await runAdmin(
        ['game', 'register', 'Calle', '--url', 'https://sw.example.org/', '--gid', '1000', ...by],
        env,
      ),
    ).toMatch(/^game 1000 registered/);
    await expect(
      runAdmin(['game', 'register', 'Mal', '--url', 'http://x.example.org/', ...by], env),
    ).rejects.toThrow('https://');
    expect(await runAdmin(['game', 'hide', String(gid), ...by], env)).toBe(`game ${gid}: hidden`);
    expect(((await m.ok(api.game.getGamesListing, {})) as Game[]).map((g) => g.id)).not.toContain(gid);
    expect(await runAdmin(['game', 'retire', String(gid), ...by], env)).toBe(`game ${gid}: retired`);
    expect((await m.call(api.game.getGame, { gid })).status).toBe(404);
    expect(await runAdmin(['game', 'list'], env)).toContain(`${gid}\tretired featured\tPalabras rápidas`);
    await expect(runAdmin(['game', 'hide', String(gid), '--by', m.user.name], env)).rejects.toThrow(
      'is not an admin',
    );
    await expect(runAdmin(['game', 'hide', String(gid)], env)).rejects.toThrow('usage');
  });
});
