import { BUILTIN_GAMES_PATH } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, testApp } from '../../../tests/_util';
import { registerGame } from './_games-test';

describe('the container’s frame policy', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const cspOf = async (url: string) =>
    String((await t.app.inject({ url })).headers['content-security-policy']);

  it('lets /games frame our own pages and the registered origin of the game named, nothing else', async () => {
    const admin = await adminMember(t);
    const game = await registerGame(admin, { url: 'https://estudio.example.org/juego/' });
    expect(await cspOf(`/games?gid=${game.id}`)).toMatch(
      /; frame-src 'self' https:\/\/estudio\.example\.org$/,
    );
    expect(await cspOf('/games?gid=987654')).toMatch(/; frame-src 'self'$/);
    expect(await cspOf('/games')).toMatch(/; frame-src 'self'$/);
    expect(await cspOf('/games?gid=1%20https://evil.example.org')).toMatch(/; frame-src 'self'$/);
    expect(await cspOf('/')).not.toContain('frame-src');
  });

  it('serves built-in games’ files to be framed by our pages only, reaching nothing but their files', async () => {
    const res = await t.app.inject({ url: `${BUILTIN_GAMES_PATH}/example/index.html` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
