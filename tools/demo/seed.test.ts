import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } from './seed';

describe('demo seed', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('creates members who can log in, and is idempotent', async () => {
    const first = await seedDemo(t.deps.db);
    const second = await seedDemo(t.deps.db);
    expect([...second]).toEqual([...first]);
    for (const m of DEMO_MEMBERS) {
      const [user] = (await new Client(t.app).ok(api.profile.login, {
        name: m.name,
        password: DEMO_PASSWORD,
      })) as {
        uid: number;
        vip: boolean;
      }[];
      expect(user.uid).toBe(first.get(m.name));
      expect(user.vip).toBe(m.star >= 2);
    }
  });
});
