import { api, type FeedEvent, type Notification } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_STATUSES } from './feed';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo feed', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const login = async (name: string) => {
    const client = new Client(t.app);
    await client.ok(api.profile.login, { name, password: DEMO_PASSWORD });
    return client;
  };

  it('seeds statuses, likes, comments and guestbook entries once, readable through the API', async () => {
    await seedDemo(t.deps.db);
    await seedDemo(t.deps.db);
    const count = await t.deps.db.selectFrom('statuses').select('id').execute();
    expect(count).toHaveLength(DEMO_STATUSES.length);
    const lucia = await login('lucia');
    const friends = (await lucia.ok(api.feed.getEvents, { filter: 3, limit: 50 })) as FeedEvent[];
    const own = friends.filter((e) => e.user?.name === 'lucia' && e.type === 1);
    expect(own.map((e) => e.status?.status)).toEqual([
      '¿Recomendaciones de libros para el verano? 📚',
      'Madrid amanece precioso hoy ☀️',
    ]);
    expect(own[1]).toMatchObject({ likeCount: 4, commentCount: 1 });
    expect(own[0].comments?.map((c) => c.author?.name)).toEqual(['valentina', 'carlos']);
    // diego is not lucia's friend: his friends-only and NSFW posts stay out of her "all" feed.
    const all = (await lucia.ok(api.feed.getEvents, { filter: 1, limit: 50 })) as FeedEvent[];
    expect(all.filter((e) => e.user?.name === 'diego')).toEqual([]);
    // Her friends' likes of public statuses show as "likes X's status" cards with the status.
    const liked = friends.filter((e) => e.type === 20 && e.user?.name !== 'lucia');
    expect(liked.length).toBeGreaterThan(0);
    expect(liked.every((e) => e.status?.status && e.properties?.target?.user)).toBe(true);
    const guestbook = friends.find((e) => e.type === 14);
    expect(guestbook?.guestbookEntry?.message).toContain('ruta del domingo');
    const notes = (await lucia.ok(api.user.getNotifications, { limit: 50 })) as Notification[];
    expect(new Set(notes.map((n) => n.kind))).toEqual(new Set(['like', 'comment', 'guestbook']));
    // Newest first by time, as on a live server (the page lists them in creation order).
    const times = notes.map((n) => n.creationTime ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const trending = (await lucia.ok(api.feed.getEvents, { filter: 5 })) as FeedEvent[];
    expect(trending[0].status?.status).toBe('Madrid amanece precioso hoy ☀️');
  });
});
