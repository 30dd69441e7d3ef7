import { api, type CallesBattle, type FeedEvent, FeedEventType, STREET_WARS_GID } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_ATTACKS, seedCallesDemo } from './calles';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo Guerra de Calles', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('grows streets and fights the demo’s battles once: journals and the feed show them', async () => {
    await seedDemo(t.deps.db);
    await seedCallesDemo(t.app, t.deps.db);
    await seedCallesDemo(t.app, t.deps.db);
    const battles = await t.deps.db.selectFrom('calles_battles').select('id').execute();
    expect(battles).toHaveLength(DEMO_ATTACKS.length);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const [{ token }] = (await lucia.ok(api.game.getOAuthToken, { gid: STREET_WARS_GID })) as {
      token: string;
    }[];
    const [{ entries: journal }] = (await lucia.ok(api.game.callesJournal, {
      gameId: STREET_WARS_GID,
      token,
    })) as { entries: CallesBattle[] }[];
    expect(journal.map((b) => b.side).sort()).toEqual(['attacker', 'defender']);
    expect(journal.find((b) => b.side === 'defender')?.attacker.name).toBe('diego');
    const events = (await lucia.ok(api.feed.getEvents, { limit: 100 })) as FeedEvent[];
    expect(events.some((e) => e.type === FeedEventType.STREET_WARS_BATTLE_JOINED)).toBe(true);
  });
});
