import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, testApp } from '../../tests/_util';
import { registerGame } from '../features/games/_games-test';
import { gameFrameOrigins } from './game-frame-origins';
import { securityHeaders } from './security-headers';

describe.each(dialects)('pages may frame the registered external games on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('learns a registered game’s origin, and forgets it once retired', async () => {
    const admin = await adminMember(t);
    const origins = gameFrameOrigins(t.deps.db, (error) => {
      throw error;
    });
    const headersFor = securityHeaders(false, origins.current);
    const csp = () => headersFor('/games?gid=1')['content-security-policy'];
    try {
      const external = await registerGame(admin);
      const builtIn = await registerGame(admin, { kind: 'builtin', slug: `ej${Date.now() % 100000}`, url: undefined });
      const origin = new URL(external.url ?? '').origin;
      await origins.refresh();
      expect(origins.current()).toContain(origin);
      expect(csp()).toContain(`frame-src 'self' `);
      expect(csp()).toContain(origin);
      // Built-in games need no origin of their own: they are ours ('self').
      expect(origins.current().some((o) => o.includes(builtIn.slug ?? '-'))).toBe(false);

      const before = origins.current();
      await origins.refresh();
      expect(origins.current()).toBe(before);

      await admin.ok(api.gameAdmin.setGameStatus, { gid: external.id, status: 'retired' });
      await origins.refresh();
      expect(origins.current()).not.toContain(origin);
      expect(csp()).not.toContain(origin);
    } finally {
      origins.stop();
    }
  });
});
