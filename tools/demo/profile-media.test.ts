import { api, type FeedEvent, FeedEventType, FeedFilter, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_SONGS, DEMO_VIDEOS, seedProfileMediaDemo } from './profile-media';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo profile songs and videos', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('sets them once through the pipeline; profiles play them and the feed tells of them', async () => {
    await seedDemo(t.deps.db);
    const count = DEMO_SONGS.length + DEMO_VIDEOS.length;
    expect(await seedProfileMediaDemo(t.app, t.deps)).toBe(count);
    expect(await seedProfileMediaDemo(t.app, t.deps)).toBe(count);
    const jobs = await t.deps.db
      .selectFrom('video_jobs')
      .select('state')
      .where('kind', 'like', 'profile-%')
      .execute();
    expect(jobs.map((j) => j.state)).toEqual(Array(count).fill('done'));

    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const idOf = async (name: string) =>
      (await t.deps.db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id;
    for (const song of DEMO_SONGS) {
      const [shown] = (await lucia.ok(api.people.getUserById, { userId: await idOf(song.name) })) as User[];
      expect(shown).toMatchObject({
        song: song.title,
        songUrl: expect.stringMatching(/^\/media\/video\/\d+\/song_/),
      });
    }
    for (const video of DEMO_VIDEOS) {
      const [shown] = (await lucia.ok(api.people.getUserById, { userId: await idOf(video.name) })) as User[];
      expect(shown.profileVideo?.poster).toBeTruthy();
    }
    const events = (await lucia.ok(api.feed.getEvents, {
      filter: FeedFilter.ALL,
      limit: 100,
    })) as FeedEvent[];
    const kinds = events.filter((e) => e.type === FeedEventType.SONG || e.type === FeedEventType.VIDEO);
    expect(kinds).toHaveLength(count);
  }, 180_000);
});
