import { api, type Photo, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { seedPhotosDemo } from './photos';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo photos', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('uploads albums of generated photos with comments and likes, once', async () => {
    await seedDemo(t.deps.db);
    await seedPhotosDemo(t.app);
    await seedPhotosDemo(t.app);
    const client = new Client(t.app);
    const [lucia] = (await client.ok(api.profile.login, {
      name: 'lucia',
      password: DEMO_PASSWORD,
    })) as User[];
    const photos = (await client.ok(api.album.getPhotos, { userId: lucia.uid })) as Photo[];
    expect(photos).toHaveLength(6);
    expect(photos.some((p) => p.privacy === 2)).toBe(true);
    const first = photos.find((p) => (p.commentCount ?? 0) > 0);
    expect(first).toMatchObject({ commentCount: 2, likeCount: 2 });
    const image = await t.app.inject({ method: 'GET', url: `${first!.image1}?w=300&crop=1` });
    expect(image.statusCode).toBe(200);

    // Mateo's backstage: Carlos was let in, Valentina was not (neither is VIP).
    const [mateo] = (await client.ok(api.profile.login, {
      name: 'mateo',
      password: DEMO_PASSWORD,
    })) as User[];
    const backstageOf = async (name: string) => {
      const viewer = new Client(t.app);
      await viewer.ok(api.profile.login, { name, password: DEMO_PASSWORD });
      const seen = (await viewer.ok(api.album.getPhotos, { userId: mateo.uid })) as Photo[];
      return seen.filter((p) => p.backstage).length;
    };
    expect(await backstageOf('carlos')).toBe(2);
    expect(await backstageOf('valentina')).toBe(0);

    // Valentina sent Lucía one of her photos in their IM, once however often the demo runs.
    const lines = await t.deps.db
      .selectFrom('messages')
      .select('content')
      .where('content', 'like', '%[photo]%')
      .execute();
    expect(lines).toHaveLength(1);
    const url = /\[photo\](.+)\[\/photo\]/.exec(lines[0].content)![1];
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
