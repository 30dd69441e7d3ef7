import { api, type EphemeralItem } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_EPHEMERAL, seedEphemeralDemo } from './ephemeral';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo view-once photos', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' }, { storySweepMs: 0 });
  });
  afterAll(() => t.close());

  it('leaves lucia one photo viewed and one waiting, once', async () => {
    await seedDemo(t.deps.db);
    const ids = await seedEphemeralDemo(t.app);
    expect(await seedEphemeralDemo(t.app)).toEqual(ids);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: DEMO_EPHEMERAL.to, password: DEMO_PASSWORD });
    const authorId = (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', DEMO_EPHEMERAL.from)
        .executeTakeFirstOrThrow()
    ).id;
    const remaining = [];
    for (const postId of ids) {
      const [item] = (await lucia.ok(api.ephemeral.getEphemeral, { postId, authorId })) as EphemeralItem[];
      remaining.push(item.remaining);
    }
    expect(remaining).toEqual([0, 10]);
  });
});
