import { type Album, api, type FeedEvent, FeedFilter, LikeItemType, type Photo } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed, type Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';

/**
 * The privacy matrix: owner, friend, other member, VIP member (permanent star and bought time), a
 * member the owner unlocked the backstage for, one unlocked and locked again, anonymous visitor and
 * blocked member against public, friends-only, private, backstage and quarantined photos, through every
 * read path: album lists and covers, photo lists, the photo page, counts, favorites, comments,
 * likes, the feed and the image URL itself.
 */
const KINDS = ['public', 'friends', 'private', 'backstage', 'quarantined'] as const;
type Kind = (typeof KINDS)[number];
const EXPECTED: Record<string, Kind[]> = {
  owner: ['public', 'friends', 'private', 'backstage', 'quarantined'],
  friend: ['public', 'friends'],
  other: ['public'],
  vip: ['public', 'backstage'],
  boughtVip: ['public', 'backstage'],
  unlocked: ['public', 'backstage'],
  relocked: ['public'],
  anonymous: ['public'],
  blocked: [],
};

describe.each(dialects)('photo privacy on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let owner: Member;
  const viewers: Record<string, Client> = {};
  const ids = {} as Record<Kind, number>;
  beforeAll(async () => {
    t = await testApp(dialect);
    owner = await member(t.app);
    const friend = await member(t.app);
    const other = await member(t.app);
    const vip = await member(t.app);
    const blocked = await member(t.app);
    const admin = await member(t.app);
    const boughtVip = await member(t.app);
    const unlocked = await member(t.app);
    const relocked = await member(t.app);
    await t.deps.db.updateTable('users').set({ star: 2 }).where('id', '=', vip.user.uid).execute();
    await t.deps.db
      .updateTable('users')
      .set({ vip_until: Date.now() + 86_400_000 })
      .where('id', '=', boughtVip.user.uid)
      .execute();
    await owner.ok(api.album.unlockBackstage, { userId: unlocked.user.uid });
    await owner.ok(api.album.unlockBackstage, { userId: relocked.user.uid });
    await owner.ok(api.album.lockBackstage, { userId: relocked.user.uid });
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
    await befriend(owner, friend);
    await owner.ok(api.people.blockUser, { userId: blocked.user.uid });
    Object.assign(viewers, {
      owner,
      friend,
      other,
      vip,
      boughtVip,
      unlocked,
      relocked,
      anonymous: new Client(t.app),
      blocked,
    });

    const jpeg = await checkerboard(120, 80).jpeg().toBuffer();
    const up = async (fields: Record<string, string | number> = {}) => {
      const res = await uploadPhoto(owner, { name: 'f.jpg', type: 'image/jpeg', data: jpeg }, fields);
      return (res.body.Photo as Photo[])[0].uid;
    };
    ids.public = await up();
    ids.friends = await up();
    ids.private = await up();
    const [backstage] = (await owner.ok(api.album.createAlbum, { name: 'VIP', backstage: true })) as Album[];
    ids.backstage = await up({ albumId: backstage.id });
    ids.quarantined = await up();
    await owner.ok(api.album.editPost, { postId: ids.friends, privacy: 2 });
    await owner.ok(api.album.editPost, { postId: ids.private, privacy: 3 });
    await admin.ok(api.album.moderatePhoto, { postId: ids.quarantined, quarantine: true });
    // Each photo has a like and a comment by its owner, so likes and comments have something to show.
    for (const id of Object.values(ids)) {
      await owner.ok(api.user.like, { type: LikeItemType.PHOTO, itemId: id, authorUserId: owner.user.uid });
      await owner.ok(api.album.composeComment, {
        isPhoto: true,
        postId: id,
        authorUserId: owner.user.uid,
        message: 'mía',
      });
    }
  });
  afterAll(() => t.close());

  const kindsOf = (photoIds: number[]) => KINDS.filter((k) => photoIds.includes(ids[k]));
  const urls = async () => {
    const out = {} as Record<Kind, string>;
    for (const k of KINDS) {
      const [p] = (await owner.ok(api.album.getPhoto, { postId: ids[k] })) as Photo[];
      out[k] = p.image1!;
    }
    return out;
  };

  it.each(Object.keys(EXPECTED))('%s sees exactly what the rule allows, on every path', async (who) => {
    const viewer = viewers[who];
    const expected = EXPECTED[who];
    const uid = owner.user.uid;
    const listed = (await viewer.ok(api.album.getPhotos, { userId: uid })) as Photo[];
    expect(kindsOf(listed.map((p) => p.uid)), 'getPhotos').toEqual(expected);
    const [both] = (await viewer.ok(api.album.getPhotosAndAlbums, { userId: uid })) as {
      albums: Album[];
      photos: Photo[];
    }[];
    expect(kindsOf(both.photos.map((p) => p.uid)), 'getPhotosAndAlbums').toEqual(expected);
    const albums = (await viewer.ok(api.album.getPhotoAlbums, { userId: uid })) as Album[];
    const total = albums.reduce((sum, a) => sum + (a.size ?? 0), 0);
    expect(total, 'album sizes').toBe(expected.length);
    const [count] = (await viewer.ok(api.album.getUserPhotoCount, { ownerId: uid })) as number[];
    expect(count, 'getUserPhotoCount').toBe(expected.length);
    const favorites = (await viewer.ok(api.album.getPhotoFavorites, { ownerId: uid })) as Photo[];
    expect(kindsOf(favorites.map((p) => p.uid)), 'getPhotoFavorites').toEqual(expected);

    const imageUrls = await urls();
    for (const k of KINDS) {
      const sees = expected.includes(k);
      const page = await viewer.call(api.album.getPhoto, { postId: ids[k], authorUserId: uid });
      expect(page.status, `getPhoto ${k}`).toBe(sees ? 200 : 404);
      const image = await t.app.inject({
        method: 'GET',
        url: imageUrls[k],
        headers: { cookie: viewer.cookieHeader },
      });
      expect(image.statusCode, `image ${k}`).toBe(sees ? 200 : 404);
      const resized = await t.app.inject({
        method: 'GET',
        url: `${imageUrls[k]}?w=150&crop=1`,
        headers: { cookie: viewer.cookieHeader },
      });
      expect(resized.statusCode, `resized image ${k}`).toBe(sees ? 200 : 404);
      if (who === 'anonymous') continue;
      const post = { isPhoto: true, postId: ids[k], authorUserId: uid };
      expect((await viewer.call(api.album.getPostComments, post)).status, `comments ${k}`).toBe(
        sees ? 200 : 404,
      );
      const item = { type: LikeItemType.PHOTO, itemId: ids[k], authorUserId: uid };
      expect((await viewer.call(api.user.getItemLikes, item)).status, `likes ${k}`).toBe(sees ? 200 : 404);
      const liked = await viewer.call(api.user.like, item);
      if (who !== 'owner') expect(liked.status, `like ${k}`).toBe(sees ? 200 : 404);
    }
    if (who === 'anonymous') return;
    if (who === 'blocked') {
      const res = await viewer.call(api.feed.getEvents, { filter: FeedFilter.PERSON, userId: uid });
      expect(res.status, 'feed').toBe(404);
      return;
    }
    const events = (await feed(viewer as Member, { filter: FeedFilter.PERSON, userId: uid })) as FeedEvent[];
    const shown = events.filter((e) => e.photo).map((e) => e.photo!.uid);
    expect(kindsOf(shown), 'feed').toEqual(expected);
  });

  it('open photos are cacheable for good; restricted ones revalidate and vary by cookie', async () => {
    const imageUrls = await urls();
    const open = await t.app.inject({ method: 'GET', url: imageUrls.public });
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const restricted = await t.app.inject({
      method: 'GET',
      url: imageUrls.friends,
      headers: { cookie: viewers.friend.cookieHeader },
    });
    expect(restricted.headers['cache-control']).toBe('private, no-cache');
    expect(restricted.headers.vary).toBe('Cookie');
    // A revalidation is checked again: the ETag alone opens nothing.
    const etag = restricted.headers.etag as string;
    const stranger = await t.app.inject({
      method: 'GET',
      url: imageUrls.friends,
      headers: { 'if-none-match': etag, cookie: viewers.other.cookieHeader },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('a photo made private gets a new URL: the old, shared one stops working for everyone', async () => {
    const jpeg = await checkerboard(60, 40).jpeg().toBuffer();
    const res = await uploadPhoto(owner, { name: 'g.jpg', type: 'image/jpeg', data: jpeg });
    const photo = (res.body.Photo as Photo[])[0];
    expect((await t.app.inject({ method: 'GET', url: photo.image1! })).statusCode).toBe(200);
    const [edited] = (await owner.ok(api.album.editPost, { postId: photo.uid, privacy: 3 })) as Photo[];
    expect(edited.image1).not.toBe(photo.image1);
    const old = await t.app.inject({
      method: 'GET',
      url: photo.image1!,
      headers: { cookie: owner.cookieHeader },
    });
    expect(old.statusCode).toBe(404);
    const fresh = await t.app.inject({
      method: 'GET',
      url: edited.image1!,
      headers: { cookie: owner.cookieHeader },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: edited.image1! })).statusCode).toBe(404);
  });
});
