import { api, type ModerationReport, type Photo } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { befriend } from '../../../tests/_social';
import { dialects, listeningApp, member } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';

type Member = Awaited<ReturnType<typeof member>>;

/**
 * A reported photo that is not public (friends only, private, or the owner's private profile)
 * shows to staff in the moderation queue, picture and photo page (policy/photos.ts
 * staffSeesReportedPhoto); the report opens it to nobody else, and other photos keep their rule.
 */
describe.each(dialects)('a reported non-public photo in the queue ($name)', (dialect) => {
  const app = listeningApp(dialect);
  async function staff(role: 'admin' | 'moderator'): Promise<Member> {
    const m = await member(app.t.app);
    await app.setUser(m.user.uid, role === 'admin' ? { is_admin: 1 } : { is_moderator: 1 });
    return m;
  }
  const image = async (who: Member, url: string) =>
    (await app.t.app.inject({ method: 'GET', url, headers: { cookie: who.cookieHeader } })).statusCode;
  async function upload(owner: Member): Promise<Photo> {
    const jpeg = await checkerboard(40, 40).jpeg().toBuffer();
    return (
      (await uploadPhoto(owner, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[]
    )[0];
  }

  it('staff see a friends-only or private reported photo; others, and unreported photos, stay hidden', async () => {
    const [mod, admin] = [await staff('moderator'), await staff('admin')];
    const [owner, friend, stranger] = [
      await member(app.t.app),
      await member(app.t.app),
      await member(app.t.app),
    ];
    await befriend(owner, friend);
    const reported = await upload(owner);
    const untouched = await upload(owner);
    await owner.ok(api.album.editPost, { postId: reported.uid, privacy: 2 });
    await owner.ok(api.album.editPost, { postId: untouched.uid, privacy: 2 });
    // The friend sees it and reports it.
    await friend.ok(api.album.reportPhoto, { photoAuthorId: owner.user.uid, photoId: reported.uid });

    for (const who of [mod, admin]) {
      const report = (
        (await who.ok(api.admin.getReports, { limit: 100, kind: 'photo' })) as ModerationReport[]
      ).find((r) => r.itemId === reported.uid)!;
      expect(report.context).toMatchObject({ type: 'photo', image: expect.stringContaining('/') });
      expect(await image(who, report.context!.image!)).toBe(200);
      const [shown] = (await who.ok(api.album.getPhoto, { postId: reported.uid })) as Photo[];
      expect(shown).toMatchObject({ uid: reported.uid, privacy: 2 });
      expect(await image(who, shown.image1!)).toBe(200);
      // The report opens that photo only.
      expect((await who.call(api.album.getPhoto, { postId: untouched.uid })).status).toBe(404);
    }
    // Nobody else gains anything from the report.
    expect((await stranger.call(api.album.getPhoto, { postId: reported.uid })).status).toBe(404);
    const [seen] = (await friend.ok(api.album.getPhoto, { postId: reported.uid })) as Photo[];
    expect(await image(stranger, seen.image1!)).toBe(404);

    // Made private after the report: staff still see it, the reporting friend no longer does.
    const [hidden] = (await owner.ok(api.album.editPost, { postId: reported.uid, privacy: 3 })) as Photo[];
    expect((await friend.call(api.album.getPhoto, { postId: reported.uid })).status).toBe(404);
    expect(await image(friend, hidden.image1!)).toBe(404);
    const [again] = (await mod.ok(api.album.getPhoto, { postId: reported.uid })) as Photo[];
    expect(again.privacy).toBe(3);
    expect(await image(mod, again.image1!)).toBe(200);
  });

  it('a moderator the owner blocked, or of a private profile, still sees the reported photo', async () => {
    const mod = await staff('moderator');
    const [owner, friend] = [await member(app.t.app), await member(app.t.app)];
    await befriend(owner, friend);
    const photo = await upload(owner);
    await owner.ok(api.buddy.setPrivate, { isPrivate: true });
    await owner.ok(api.people.blockUser, { userId: mod.user.uid });
    expect((await mod.call(api.album.getPhoto, { postId: photo.uid })).status).toBe(404);
    await friend.ok(api.album.reportPhoto, { photoAuthorId: owner.user.uid, photoId: photo.uid });
    const [shown] = (await mod.ok(api.album.getPhoto, { postId: photo.uid })) as Photo[];
    expect(await image(mod, shown.image1!)).toBe(200);
  });
});
