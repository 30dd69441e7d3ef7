import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { seedPeopleDemo } from './people';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo profiles', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('fills profiles and uploads a generated photo once per member', async () => {
    await seedDemo(t.deps.db);
    await seedPeopleDemo(t.app, ['lucia', 'carlos', 'admin']);
    await seedPeopleDemo(t.app, ['lucia', 'carlos', 'admin']);
    const client = new Client(t.app);
    const [lucia] = (await client.ok(api.profile.login, {
      name: 'lucia',
      password: DEMO_PASSWORD,
    })) as User[];
    expect(lucia).toMatchObject({ firstName: 'Lucía', city: 'Madrid' });
    expect(lucia.image1).toMatch(/^\/media\/img\//);
    const photos = await t.deps.db
      .selectFrom('photos')
      .select('id')
      .where('owner_id', '=', lucia.uid)
      .execute();
    expect(photos).toHaveLength(1);
    const image = await t.app.inject({ method: 'GET', url: `${lucia.image1}?w=220&q=75` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const carlos = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'carlos')
      .executeTakeFirstOrThrow();
    const [shown] = (await client.ok(api.people.getUserById, { userId: carlos.id })) as User[];
    expect(shown).toMatchObject({ isFeaturedArtist: true, song: 'Los Caminos — Carretera al sur' });
  });
});
