import { api, type Story } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_PASSWORD, seedDemo } from './seed';
import { DEMO_LIKED_BY_LUCIA, DEMO_STORIES, DEMO_WATCHED_BY_LUCIA, seedStoriesDemo } from './stories';

describe('demo stories', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' }, { storySweepMs: 0 });
  });
  afterAll(() => t.close());

  it('posts generated clips through the pipeline once; lucia sees them, some already watched, one liked', async () => {
    await seedDemo(t.deps.db);
    expect(await seedStoriesDemo(t.app, t.deps)).toBe(DEMO_STORIES.length);
    expect(await seedStoriesDemo(t.app, t.deps)).toBe(DEMO_STORIES.length);
    const rows = await t.deps.db.selectFrom('stories').select(['state']).execute();
    expect(rows.map((r) => r.state)).toEqual(DEMO_STORIES.map(() => 'ready'));

    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const strip = (await lucia.ok(api.story.getAllStories, {})) as Story[];
    expect(strip.length).toBeGreaterThan(1);
    const watched = strip.filter((s) => s.viewed).map((s) => s.authorUser?.name);
    expect(watched).toEqual(DEMO_WATCHED_BY_LUCIA);
    const liked = strip.filter((s) => s.liked).map((s) => [s.authorUser?.name, s.likeCount]);
    expect(liked).toEqual(DEMO_LIKED_BY_LUCIA.map((name) => [name, 1]));
    // Unwatched first.
    expect(strip.at(-1)?.viewed).toBe(true);
    expect(strip.every((s) => s.video && s.poster)).toBe(true);
  }, 180_000);
});
