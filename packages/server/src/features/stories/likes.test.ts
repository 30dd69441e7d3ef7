import { api, LikeItemType, type Story, StoryLimits, StoryState, type User } from '@tertulia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, type Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';
import { postStory } from './_stories-test';
import { sweepExpiredStories } from './sweeper';

/**
 * Likes on stories: user/like.do and the other like calls with type 4 (LikeItemType.STORY).
 * Who may watch a story may like it; its author gets a notice by push.
 */
describe.each(dialects)('story likes on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl: string;
  const idle = () => t.deps.video.queue.idle();
  const ref = (s: { uid: number }, author: Member) => ({
    type: LikeItemType.STORY,
    itemId: s.uid,
    authorUserId: author.user.uid,
  });
  const storyOf = async (m: Member, s: { uid: number }, author: Member) =>
    ((await m.ok(api.story.getStory, { storyId: s.uid, authorUserId: author.user.uid })) as Story[])[0];

  /**
   * A ready story written straight to the table: the policy cases need many stories, and the
   * pipeline that makes real ones is tested in stories.test.ts (one real story is liked below).
   */
  async function storyRow(author: Member, extra: { state?: string; nsfw?: number; createdAt?: number } = {}) {
    const now = extra.createdAt ?? Date.now();
    const row = await t.deps.db
      .insertInto('stories')
      .values({
        author_id: author.user.uid,
        state: extra.state ?? StoryState.READY,
        video_name: 'video/1/story_0_0000000000000000.mp4',
        poster_key: 'p'.repeat(32),
        nsfw: extra.nsfw ?? 0,
        created_at: now,
        expires_at: now + StoryLimits.LIFETIME_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { uid: row.id };
  }

  beforeAll(async () => {
    t = await testApp(dialect, { storySweepMs: 0, videoConcurrency: 1 });
    baseUrl = await listen(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('likes a story once, tells its author by push, and takes the like back', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    const story = await postStory(ana, idle);
    const socket = await openPush(baseUrl, { cookie: ana.cookieHeader });

    expect(await bea.ok(api.user.like, ref(story, ana))).toEqual([1]);
    expect(await bea.ok(api.user.like, ref(story, ana))).toEqual([1]);
    let frame = await socket.next(5000);
    while (frame.type !== 'notification') frame = await socket.next(5000);
    expect(frame).toMatchObject({
      kind: 'like',
      text: `A ${bea.user.name} le gusta tu historia.`,
      url: `/html/index.jsp?story=${story.uid}&u=${ana.user.uid}`,
    });
    await socket.close();

    expect(await storyOf(bea, story, ana)).toMatchObject({ likeCount: 1, liked: true });
    const own = await storyOf(ana, story, ana);
    expect(own).toMatchObject({ likeCount: 1, liked: false });
    expect(own.likes?.map((u) => u.uid)).toEqual([bea.user.uid]);
    const [inStrip] = (await bea.ok(api.story.getAllStories)) as Story[];
    expect(inStrip).toMatchObject({ uid: story.uid, likeCount: 1, liked: true });
    expect(await bea.ok(api.user.doesUserLike, ref(story, ana))).toEqual([true]);
    const likers = (await ana.ok(api.user.getItemLikes, ref(story, ana))) as User[];
    expect(likers.map((u) => u.uid)).toEqual([bea.user.uid]);
    // The author's notices list says it in their language too.
    const [notice] = (await ana.ok(api.user.getNotifications, {})) as { text: string }[];
    expect(notice.text).toBe(`A ${bea.user.name} le gusta tu historia.`);

    expect(await bea.ok(api.user.unlike, ref(story, ana))).toEqual([0]);
    expect(await bea.ok(api.user.unlike, ref(story, ana))).toEqual([0]);
    expect(await storyOf(bea, story, ana)).toMatchObject({ likeCount: 0, liked: false });
    // A story's like is no news for the liker's friends: no feed event.
    const events = await t.deps.db
      .selectFrom('feed_events')
      .select('id')
      .where('item_type', '=', 4)
      .execute();
    expect(events).toEqual([]);
  });

  it('needs login and refuses bad input without storing a like', async () => {
    const ana = await member(t.app);
    const story = await storyRow(ana);
    const anonymous = await new Client(t.app).call(api.user.like, ref(story, ana));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Inicia sesión para continuar');
    const bea = await member(t.app);
    const bad = await bea.call(api.user.like, { type: LikeItemType.STORY, itemId: 'abc', authorUserId: 1 });
    expect(bad.status).toBe(400);
    // The wrong author, or a story that does not exist: the same not-found, nothing stored.
    const wrongAuthor = await bea.call(api.user.like, { ...ref(story, ana), authorUserId: bea.user.uid });
    expect(wrongAuthor.status).toBe(404);
    expect((await bea.call(api.user.like, { ...ref(story, ana), itemId: story.uid + 999 })).status).toBe(404);
    const rows = await t.deps.db
      .selectFrom('likes')
      .select('user_id')
      .where('item_id', '=', story.uid)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets like exactly those who may watch the story', async () => {
    const [ana, friend, visitor, blocked, blocker] = [
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
      await member(t.app),
    ];
    await befriend(ana, friend);
    await ana.ok(api.people.blockUser, { userId: blocked.user.uid });
    await blocker.ok(api.people.blockUser, { userId: ana.user.uid });
    const plain = await storyRow(ana);
    const processing = await storyRow(ana, { state: StoryState.PROCESSING });
    const adult = await storyRow(ana, { nsfw: 1 });

    const cases: [Member, { uid: number }, number][] = [
      [friend, plain, 200],
      [visitor, plain, 200], // a public profile's stories: any member who opens them
      [blocked, plain, 404],
      [blocker, plain, 404],
      [friend, processing, 404],
      [ana, processing, 200], // the author sees (and may like) their own while it processes
      [friend, adult, 404], // adult content only after story/allowNSFW.do
    ];
    for (const [who, story, status] of cases) {
      const watch = await who.call(api.story.getStory, { storyId: story.uid, authorUserId: ana.user.uid });
      const like = await who.call(api.user.like, ref(story, ana));
      expect([watch.status, like.status], `${who.user.uid} on ${story.uid}`).toEqual([status, status]);
    }
    const refused = await blocked.call(api.user.like, ref(plain, ana));
    expect(refused.body.message).toBe('No encontramos esa historia; puede que ya haya caducado.');

    await friend.ok(api.story.allowNSFW, {});
    expect(await friend.ok(api.user.like, ref(adult, ana))).toEqual([1]);

    // A private profile: friends only.
    await t.deps.db.updateTable('users').set({ buddies_private: 1 }).where('id', '=', ana.user.uid).execute();
    expect((await visitor.call(api.user.like, ref(plain, ana))).status).toBe(404);
    expect(await friend.ok(api.user.like, ref(plain, ana))).toEqual([2]);
    // Story.likes names the latest likers, never one across a block.
    await ana.ok(api.people.blockUser, { userId: visitor.user.uid });
    const own = await storyOf(ana, plain, ana);
    expect([own.likeCount, own.likes?.map((u) => u.uid)]).toEqual([2, [friend.user.uid]]);
  });

  it('drops likes and their notices when the story expires or is deleted', async () => {
    const [ana, bea] = [await member(t.app), await member(t.app)];
    await befriend(ana, bea);
    const created = Date.now();
    const expiring = await storyRow(ana, { createdAt: created });
    const deleted = await storyRow(ana, { createdAt: created });
    await bea.ok(api.user.like, ref(expiring, ana));
    await bea.ok(api.user.like, ref(deleted, ana));
    const likesOf = (s: { uid: number }) =>
      t.deps.db
        .selectFrom('likes')
        .select('user_id')
        .where('item_type', '=', 4)
        .where('item_id', '=', s.uid)
        .execute();
    const noticesOf = (s: { uid: number }) =>
      t.deps.db
        .selectFrom('notifications')
        .select('id')
        .where('item_type', '=', 4)
        .where('item_id', '=', s.uid)
        .execute();
    expect((await noticesOf(deleted)).length).toBe(1);

    await ana.ok(api.story.deleteStory, { storyId: deleted.uid, authorUserId: ana.user.uid });
    expect([await likesOf(deleted), await noticesOf(deleted)]).toEqual([[], []]);

    // Past its expiry the story cannot be liked any more, even before the sweeper ran. (The
    // clock stays: sessions would expire with a day's jump; stories.test.ts moves the clock.)
    await t.deps.db
      .updateTable('stories')
      .set({ expires_at: created - 1 })
      .where('id', '=', expiring.uid)
      .execute();
    expect((await bea.call(api.user.unlike, ref(expiring, ana))).status).toBe(404);
    await sweepExpiredStories(t.deps);
    expect([await likesOf(expiring), await noticesOf(expiring)]).toEqual([[], []]);
    const stats = await t.deps.db
      .selectFrom('item_stats')
      .select('item_id')
      .where('item_type', '=', 4)
      .execute();
    expect(stats.filter((r) => r.item_id === expiring.uid || r.item_id === deleted.uid)).toEqual([]);
  });
});
