import { api, type Photo } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';

describe.each(dialects)('photo reports and moderation on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let admin: Member;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    jpeg = await checkerboard(40, 40).jpeg().toBuffer();
    admin = await member(t.app);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
  });
  afterAll(() => t.close());

  const one = async (m: Member) =>
    ((await uploadPhoto(m, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[])[0];
  const reports = (reportedId: number) =>
    t.deps.db.selectFrom('reports').selectAll().where('reported_id', '=', reportedId).execute();

  it('reportPhoto files one report per reporter in the queue; a negative id reports the author', async () => {
    const owner = await member(t.app);
    const reporter = await member(t.app);
    const p = await one(owner);
    const params = { photoAuthorId: owner.user.uid, photoId: p.uid, reason: 'spam', comment: 'anuncios' };
    expect(await reporter.ok(api.album.reportPhoto, params)).toEqual([true]);
    expect(await reporter.ok(api.album.reportPhoto, params)).toEqual([true]);
    expect(await reporter.ok(api.album.reportPhoto, { photoAuthorId: owner.user.uid, photoId: -1 })).toEqual([
      true,
    ]);
    const rows = await reports(owner.user.uid);
    expect(rows.map((r) => [r.kind, r.item_id, r.comment])).toEqual([
      ['photo', p.uid, 'spam: anuncios'],
      ['photo', null, null],
    ]);
    // A photo the reporter may not see, or of someone else, is not found; nothing is filed.
    await owner.ok(api.album.editPost, { postId: p.uid, privacy: 3 });
    const other = await member(t.app);
    expect((await other.call(api.album.reportPhoto, params)).status).toBe(404);
    expect(
      (await reporter.call(api.album.reportPhoto, { ...params, photoAuthorId: other.user.uid })).status,
    ).toBe(404);
    expect((await reporter.call(api.album.reportPhoto, { photoAuthorId: owner.user.uid })).status).toBe(400);
    expect((await new Client(t.app).call(api.album.reportPhoto, params)).status).toBe(401);
    expect(await reports(owner.user.uid)).toHaveLength(2);
  });

  it('admins quarantine and approve; filterApproved lists approved photos only', async () => {
    const owner = await member(t.app);
    const viewer = await member(t.app);
    const a = await one(owner);
    const b = await one(owner);
    expect((await owner.call(api.album.moderatePhoto, { postId: a.uid, approved: true })).status).toBe(403);
    const [approved] = (await admin.ok(api.album.moderatePhoto, {
      postId: a.uid,
      approved: true,
    })) as Photo[];
    expect(approved.image1Approved).toBe(true);
    const only = (await viewer.ok(api.album.getPhotos, {
      userId: owner.user.uid,
      filterApproved: true,
    })) as Photo[];
    expect(only.map((p) => p.uid)).toEqual([a.uid]);
    const [hidden] = (await admin.ok(api.album.moderatePhoto, {
      postId: b.uid,
      quarantine: true,
    })) as Photo[];
    expect(hidden).toMatchObject({ quarantine: true, adminFlagged: true });
    expect((await viewer.call(api.album.getPhoto, { postId: b.uid })).status).toBe(404);
    expect((await owner.call(api.album.getPhoto, { postId: b.uid })).status).toBe(200);
    await admin.ok(api.album.moderatePhoto, { postId: b.uid, quarantine: false });
    expect((await viewer.call(api.album.getPhoto, { postId: b.uid })).status).toBe(200);
    expect((await admin.call(api.album.moderatePhoto, { postId: 999_999, approved: true })).status).toBe(404);
  });

  it('NSFW photos show only to members who opted in with user/allowNSFW.do', async () => {
    const owner = await member(t.app);
    const viewer = await member(t.app);
    const p = await one(owner);
    await admin.ok(api.album.moderatePhoto, { postId: p.uid, nsfw: true });
    expect((await viewer.call(api.album.getPhoto, { postId: p.uid })).status).toBe(404);
    expect((await new Client(t.app).call(api.album.getPhoto, { postId: p.uid })).status).toBe(404);
    expect(await viewer.ok(api.album.allowNSFW, { tagId: 1 })).toEqual([true]);
    const [seen] = (await viewer.ok(api.album.getPhoto, { postId: p.uid })) as Photo[];
    expect(seen.isNSFW).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: seen.image1!,
      headers: { cookie: viewer.cookieHeader },
    });
    expect(image.statusCode).toBe(200);
    expect((await viewer.call(api.album.allowNSFW, { tagId: -3 })).status).toBe(400);
    expect((await new Client(t.app).call(api.album.allowNSFW, {})).status).toBe(401);
  });
});
