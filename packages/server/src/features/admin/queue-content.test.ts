import { api, type ModerationReport, type Notification, type Photo, type Story } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend } from '../../../tests/_social';
import { dialects, listeningApp, member } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';
import { postStory } from '../stories/_stories-test';

type Member = Awaited<ReturnType<typeof member>>;

/** The content kinds of the queue: photos (quarantine), stories and house ads (take down). */
describe.each(dialects)('moderation queue: photos, stories and ads ($name)', (dialect) => {
  const app = listeningApp(dialect);
  async function staff(role: 'admin' | 'moderator'): Promise<Member> {
    const m = await member(app.t.app);
    await app.setUser(m.user.uid, role === 'admin' ? { is_admin: 1 } : { is_moderator: 1 });
    return m;
  }
  const queue = async (who: Member, kind: string) =>
    (await who.ok(api.admin.getReports, { limit: 100, kind })) as ModerationReport[];
  const notices = async (who: Member) => (await who.ok(api.user.getNotifications)) as Notification[];
  const audit = async (who: Member) =>
    (await who.ok(api.admin.getAuditLog, { limit: 100 })) as {
      action: string;
      kind?: string;
      itemId?: number;
    }[];

  it('shows a reported photo; quarantine hides it from everyone but its owner and tells the reporter', async () => {
    const mod = await staff('moderator');
    const [owner, reporter, other] = [
      await member(app.t.app),
      await member(app.t.app),
      await member(app.t.app),
    ];
    const jpeg = await checkerboard(40, 40).jpeg().toBuffer();
    const [photo] = (await uploadPhoto(owner, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body
      .Photo as Photo[];
    await reporter.ok(api.album.reportPhoto, {
      photoAuthorId: owner.user.uid,
      photoId: photo.uid,
      reason: 'desnudo',
    });
    const report = (await queue(mod, 'photo')).find((r) => r.itemId === photo.uid)!;
    expect(report).toMatchObject({
      reporter: { uid: reporter.user.uid },
      reported: { uid: owner.user.uid },
      comment: 'desnudo',
      context: { type: 'photo', title: owner.user.name, image: expect.stringContaining('/') },
    });
    expect(report.actions).toEqual(expect.arrayContaining(['dismiss', 'quarantine', 'warn', 'ban']));
    expect((await other.call(api.album.getPhoto, { postId: photo.uid })).status).toBe(200);

    expect(await mod.ok(api.admin.resolveReport, { reportId: report.id, action: 'quarantine' })).toEqual([
      true,
    ]);
    expect((await other.call(api.album.getPhoto, { postId: photo.uid })).status).toBe(404);
    expect((await reporter.call(api.album.getPhoto, { postId: photo.uid })).status).toBe(404);
    const [own] = (await owner.ok(api.album.getPhoto, { postId: photo.uid })) as Photo[];
    expect(own).toMatchObject({ quarantine: true, adminFlagged: true });
    expect((await notices(reporter))[0]).toMatchObject({ kind: 'reportActed' });
    expect((await audit(mod)).find((e) => e.itemId === photo.uid)).toMatchObject({
      action: 'resolve:quarantine',
      kind: 'photo',
    });
    // Quarantine is for photos: a profile report does not offer it.
    await reporter.ok(api.people.reportUser, { reportedUserID: owner.user.uid });
    const profile = (await queue(mod, 'user')).find((r) => r.reported.uid === owner.user.uid)!;
    const refused = await mod.call(api.admin.resolveReport, { reportId: profile.id, action: 'quarantine' });
    expect(refused.status).toBe(400);
  });

  it('shows a reported story with its poster; remove takes it down for everyone', async () => {
    const mod = await staff('moderator');
    const [author, friend] = [await member(app.t.app), await member(app.t.app)];
    await befriend(author, friend);
    const story = await postStory(author, () => app.t.deps.video.queue.idle());
    await friend.ok(api.story.reportStory, {
      storyId: story.uid,
      authorUserId: author.user.uid,
      reason: 'violento',
    });
    const report = (await queue(mod, 'story')).find((r) => r.itemId === story.uid)!;
    expect(report.context).toMatchObject({
      type: 'story',
      title: author.user.name,
      image: expect.any(String),
    });
    expect(await mod.ok(api.admin.resolveReport, { reportId: report.id, action: 'remove' })).toEqual([true]);
    const one = { storyId: story.uid, authorUserId: author.user.uid };
    expect((await friend.call(api.story.getStory, one)).status).toBe(404);
    expect(
      ((await author.ok(api.story.getUserStories, { authorUserId: author.user.uid })) as Story[]).length,
    ).toBe(0);
    expect((await notices(friend))[0]).toMatchObject({ kind: 'reportActed' });
  });

  it('shows a reported house ad; only content actions apply, and remove stops it running', async () => {
    const admin = await staff('admin');
    const reporter = await member(app.t.app);
    const [ad] = (await admin.ok(api.premium.saveHouseAd, {
      title: `Casino ${reporter.user.uid}`,
      body: 'Gana dinero fácil',
      link: '/chat/',
    })) as { id: number }[];
    const adId = ad.id;
    await reporter.ok(api.premium.reportAd, { code: String(adId), source: 'house', reason: 'misleading' });
    const report = (await queue(admin, 'ad')).find((r) => r.itemId === adId)!;
    expect(report.context).toMatchObject({ type: 'ad', title: `Casino ${reporter.user.uid}` });
    expect(report.actions).toEqual(['dismiss', 'remove']);
    expect((await admin.call(api.admin.resolveReport, { reportId: report.id, action: 'warn' })).status).toBe(
      400,
    );
    expect(await admin.ok(api.admin.resolveReport, { reportId: report.id, action: 'remove' })).toEqual([
      true,
    ]);
    const row = await app.t.deps.db
      .selectFrom('house_ads')
      .select('active')
      .where('id', '=', adId)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(0);
  });
});
