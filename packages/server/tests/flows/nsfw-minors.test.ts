import { api, type FeedEvent, type Photo, type Story } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStory } from '../../src/features/stories/_stories-test';
import { checkerboard, uploadPhoto } from '../../src/media/test-support';
import { befriend, feed, type Member, post } from '../_social';
import { dialects, member, testApp } from '../_util';

const MINOR_TEXT = 'El contenido para adultos solo está disponible para mayores de 18 años.';

/** A birth date `years` years ago today (UTC). */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

describe.each(dialects)('NSFW is never shown to members under 18 ($name)', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let author: Member;
  let photo: Photo;
  let story: Story;
  beforeAll(async () => {
    t = await testApp(dialect);
    author = await member(t.app);
    const admin = await member(t.app);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
    const jpeg = await checkerboard(40, 40).jpeg().toBuffer();
    photo = (
      (await uploadPhoto(author, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[]
    )[0];
    await admin.ok(api.album.moderatePhoto, { postId: photo.uid, nsfw: true });
    await post(author, 'solo adultos', { isNSFW: true });
    story = await postStory(author, () => t.deps.video.queue.idle());
    await t.deps.db.updateTable('stories').set({ nsfw: 1 }).where('id', '=', story.uid).execute();
  });
  afterAll(() => t.close());

  const setBirth = (m: Member, birthDate: string) =>
    t.deps.db.updateTable('users').set({ birth_date: birthDate }).where('id', '=', m.user.uid).execute();
  const sees = async (m: Member) => ({
    photo: (await m.call(api.album.getPhoto, { postId: photo.uid })).status === 200,
    feed: (await feed(m, { filter: 3 })).some((e: FeedEvent) => e.status?.status === 'solo adultos'),
    story: ((await m.ok(api.story.getAllStories, {})) as Story[]).some((s) => s.uid === story.uid),
  });

  it('an adult who opted in sees all three; the same member with a minor birth date sees none', async () => {
    const viewer = await member(t.app);
    await befriend(author, viewer);
    await setBirth(viewer, yearsAgo(30));
    expect(await sees(viewer)).toEqual({ photo: false, feed: false, story: false });
    await viewer.ok(api.album.allowNSFW, { tagId: 1 });
    await viewer.ok(api.feed.allowNSFW, { filter: true });
    await viewer.ok(api.story.allowNSFW, {});
    expect(await sees(viewer)).toEqual({ photo: true, feed: true, story: true });

    // The stored opt-ins stay, but a minor's never count (a corrected birth date, an old setting).
    await setBirth(viewer, yearsAgo(17));
    expect(await sees(viewer)).toEqual({ photo: false, feed: false, story: false });
    expect(
      (await viewer.call(api.story.getStory, { storyId: story.uid, authorUserId: author.user.uid })).status,
    ).toBe(404);
    expect(await viewer.ok(api.feed.getFeedSettings)).toMatchObject([{ allowNSFW: false }]);
    expect(await viewer.ok(api.story.getStorySettings)).toMatchObject([{ allowNSFW: false }]);
  });

  it('refuses a minor’s opt-in in every place with a clear text; opting out still works', async () => {
    const minor = await member(t.app);
    await befriend(author, minor);
    await setBirth(minor, yearsAgo(16));
    for (const [call, params] of [
      [api.feed.allowNSFW, { filter: true }],
      [api.album.allowNSFW, { tagId: 1 }],
      [api.story.allowNSFW, { allow: true }],
    ] as const) {
      const res = await minor.call(call, params);
      expect(res.status, call.call).toBe(403);
      expect(res.body.message).toBe(MINOR_TEXT);
    }
    const [row] = await t.deps.db
      .selectFrom('users')
      .select('allow_nsfw')
      .where('id', '=', minor.user.uid)
      .execute();
    expect(row.allow_nsfw).toBe(0);
    expect(await minor.ok(api.feed.allowNSFW, { filter: false })).toEqual([true]);
    expect(await minor.ok(api.story.allowNSFW, { allow: false })).toEqual([false]);
  });
});
