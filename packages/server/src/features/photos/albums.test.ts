import { type Album, api, type FeedEvent, FeedEventType, FeedFilter, type Photo } from '@tertulia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, postForm } from '../../../tests/_multipart';
import { befriend, feed, type Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { originalName } from '../../media/keys';
import { mediaStoreFor } from '../../media/storage';
import { checkerboard, jpegWithExif, keyOf, pngHeaderOnly, uploadPhoto } from '../../media/test-support';

/** Several files under one name, as the browser's multi-select sends them. */
async function uploadMany(m: Client, files: Buffer[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [i, data] of files.entries()) {
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `f${i}.jpg`);
  }
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = {
    contentType: request.headers.get('content-type')!,
    payload: Buffer.from(await request.arrayBuffer()),
  };
  return postForm(m, api.album.uploadPhotos, body);
}

describe.each(dialects)('albums and photo edits on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    jpeg = await checkerboard(90, 60).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  const one = async (m: Member, fields: Record<string, string | number> = {}) =>
    (
      (await uploadPhoto(m, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }, fields)).body.Photo as Photo[]
    )[0];
  const rowCount = async (ownerId: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()
      )?.n,
    );

  it('uploadPhotos stores several files in one request, EXIF stripped, with one feed event each', async () => {
    const m = await member(t.app);
    const friend = await member(t.app);
    await befriend(m, friend);
    const withGps = await jpegWithExif(120, 90);
    const res = await uploadMany(m, [withGps, jpeg, jpeg], { caption: 'Viaje', albumName: 'Verano' });
    expect(res.status).toBe(200);
    const photos = res.body.Photo as Photo[];
    expect(photos).toHaveLength(3);
    expect(new Set(photos.map((p) => p.albumId)).size).toBe(1);
    expect(photos.every((p) => p.albumName === 'Verano' && p.message === 'Viaje')).toBe(true);
    const stored = await mediaStoreFor(t.config).get(originalName(keyOf(photos[0].image1!)));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('Cámara de prueba'))).toBe(false);
    // The GPS rational "40/1" is stored as the integers 40 and 1 next to each other.
    expect((await sharp(withGps).metadata()).exif?.length).toBeGreaterThan(50);
    const events = (await feed(friend, { filter: FeedFilter.FRIENDS })).filter(
      (e: FeedEvent) => e.type === FeedEventType.PHOTO_UPLOAD && e.userId === m.user.uid,
    );
    expect(events.map((e) => e.photo?.uid).sort()).toEqual(photos.map((p) => p.uid).sort());
  });

  it('uploadPhotos refuses the whole request when one file is hostile, storing nothing', async () => {
    const m = await member(t.app);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await uploadMany(m, [jpeg, html]);
    expect(res.status).toBe(400);
    expect(res.body.ApiValidationException).toEqual({ field: 'image' });
    expect(await rowCount(m.user.uid)).toBe(0);
    // A 50000 x 50000 PNG is refused from its header, before anything is decoded.
    const started = performance.now();
    const huge = await uploadMany(m, [jpeg, pngHeaderOnly(50_000, 50_000)]);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/demasiado grande/);
    expect(performance.now() - started).toBeLessThan(1000);
    const tooMany = await uploadMany(
      m,
      Array.from({ length: 11 }, () => jpeg),
    );
    expect(tooMany.status).toBe(400);
    expect(await rowCount(m.user.uid)).toBe(0);
    const none = await postForm(m, api.album.uploadPhotos, await formBody({ caption: 'x' }));
    expect(none.status).toBe(400);
    expect(none.body.ApiValidationException).toEqual({ field: 'image' });
    expect((await uploadMany(new Client(t.app), [jpeg])).status).toBe(401);
  });

  it('rotatePhoto turns a quarter turn either way with a new URL; others get 404', async () => {
    const m = await member(t.app);
    const p = await one(m);
    const [turned] = (await m.ok(api.album.rotatePhoto, { postId: p.uid })) as Photo[];
    expect(turned.image1).not.toBe(p.image1);
    const store = mediaStoreFor(t.config);
    const size = async (q: Photo) => {
      const meta = await sharp(await store.get(originalName(keyOf(q.image1!)))).metadata();
      return [meta.width, meta.height];
    };
    expect(await size(turned)).toEqual([60, 90]);
    expect(await store.has(originalName(keyOf(p.image1!)))).toBe(false);
    const [back] = (await m.ok(api.album.rotatePhoto, { postId: p.uid, clockwise: false })) as Photo[];
    expect(await size(back)).toEqual([90, 60]);
    const other = await member(t.app);
    expect((await other.call(api.album.rotatePhoto, { postId: p.uid })).status).toBe(404);
    expect((await m.call(api.album.rotatePhoto, { postId: 'x' })).status).toBe(400);
    expect((await new Client(t.app).call(api.album.rotatePhoto, { postId: p.uid })).status).toBe(401);
  });

  it('editPost changes caption, privacy, position and album; bad input changes nothing', async () => {
    const m = await member(t.app);
    const p = await one(m, { caption: 'antes' });
    const [edited] = (await m.ok(api.album.editPost, {
      postId: p.uid,
      caption: ' después ',
      privacy: 2,
      position: 5,
      albumName: 'Nuevo',
    })) as Photo[];
    expect(edited).toMatchObject({ message: 'después', privacy: 2, position: 5, albumName: 'Nuevo' });
    for (const bad of [
      { privacy: 4 },
      { privacy: 0 },
      { position: -1 },
      { albumName: '' },
      { isPhoto: false },
    ]) {
      const res = await m.call(api.album.editPost, { postId: p.uid, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const [again] = (await m.ok(api.album.getPhoto, { postId: p.uid })) as Photo[];
    expect(again).toMatchObject({ message: 'después', privacy: 2, position: 5, albumName: 'Nuevo' });
    expect(
      (await (await member(t.app)).call(api.album.editPost, { postId: p.uid, caption: 'x' })).status,
    ).toBe(404);
    expect((await new Client(t.app).call(api.album.editPost, { postId: p.uid })).status).toBe(401);
  });

  it('deletePhoto removes the photo, its files, comments and feed event, and the picture it was', async () => {
    const m = await member(t.app);
    const p = await one(m, { setProfilePic: 'true' });
    await m.ok(api.album.composeComment, {
      isPhoto: true,
      postId: p.uid,
      authorUserId: m.user.uid,
      message: 'hola',
    });
    const other = await member(t.app);
    expect((await other.call(api.album.deletePhoto, { postId: p.uid })).status).toBe(404);
    expect(await m.ok(api.album.deletePhoto, { postId: p.uid })).toEqual([true]);
    expect(await rowCount(m.user.uid)).toBe(0);
    expect(await mediaStoreFor(t.config).has(originalName(keyOf(p.image1!)))).toBe(false);
    const user = await t.deps.db
      .selectFrom('users')
      .select('image1')
      .where('id', '=', m.user.uid)
      .executeTakeFirst();
    expect(user?.image1).toBeNull();
    const comments = await t.deps.db
      .selectFrom('comments')
      .select('id')
      .where('post_id', '=', p.uid)
      .execute();
    expect(comments).toHaveLength(0);
    const events = await t.deps.db
      .selectFrom('feed_events')
      .select('id')
      .where('post_id', '=', p.uid)
      .execute();
    expect(events).toHaveLength(0);
    expect((await m.call(api.album.deletePhoto, { postId: p.uid })).status).toBe(404);
    expect((await new Client(t.app).call(api.album.deletePhoto, { postId: 1 })).status).toBe(401);
  });

  it('albums: made, renamed and reordered; listed in order with size, cover and the new mark', async () => {
    const m = await member(t.app);
    const [a] = (await m.ok(api.album.createAlbum, { name: 'Playa' })) as Album[];
    const [b] = (await m.ok(api.album.createAlbum, { name: 'Montaña' })) as Album[];
    await one(m, { albumId: b.id });
    const [renamed] = (await m.ok(api.album.editAlbum, {
      albumId: a.id,
      name: 'Costa',
      position: 3,
    })) as Album[];
    expect(renamed).toMatchObject({ name: 'Costa', position: 3 });
    const albums = (await m.ok(api.album.getPhotoAlbums, { userId: m.user.uid })) as Album[];
    expect(albums.map((x) => x.name)).toEqual(['Montaña', 'Costa']);
    expect(albums[0]).toMatchObject({ size: 1, containsNewPhoto: true });
    expect(albums[0].coverImagePath).toMatch(/^\/media\/img\//);
    expect(albums[1]).toMatchObject({ size: 0, containsNewPhoto: false });
    // Others do not see an empty album.
    const other = await member(t.app);
    const theirs = (await other.ok(api.album.getPhotoAlbums, { userId: m.user.uid })) as Album[];
    expect(theirs.map((x) => x.name)).toEqual(['Montaña']);
    expect((await other.call(api.album.editAlbum, { albumId: a.id, name: 'Mía' })).status).toBe(404);
    expect((await m.call(api.album.createAlbum, { name: '' })).status).toBe(400);
    expect((await m.call(api.album.createAlbum, { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await new Client(t.app).call(api.album.createAlbum, { name: 'x' })).status).toBe(401);
    expect((await m.call(api.album.getPhotoAlbums, { userId: 999_999 })).status).toBe(404);
    expect((await m.call(api.album.getPhotoAlbums, {})).status).toBe(400);
  });

  it('getPhoto browsable gives the album neighbours in order; getNewestAlbumPost the newest', async () => {
    const m = await member(t.app);
    const first = await one(m);
    const second = await one(m);
    const third = await one(m);
    const [middle] = (await m.ok(api.album.getPhoto, { postId: second.uid, browsable: true })) as Photo[];
    // Newest first: third, second, first.
    expect(middle).toMatchObject({ previousPostId: third.uid, nextPostId: first.uid });
    const [edge] = (await m.ok(api.album.getPhoto, { postId: third.uid, browsable: true })) as Photo[];
    expect(edge.previousPostId).toBeUndefined();
    const [newest] = (await m.ok(api.album.getNewestAlbumPost)) as Photo[];
    expect(newest.uid).toBe(third.uid);
    const page = (await m.ok(api.album.getPhotos, { userId: m.user.uid, limit: 2, page: 2 })) as Photo[];
    expect(page.map((p) => p.uid)).toEqual([first.uid]);
    expect((await m.call(api.album.getPhoto, { postId: first.uid, albumId: 999 })).status).toBe(404);
    expect((await new Client(t.app).call(api.album.getNewestAlbumPost)).status).toBe(401);
    expect((await m.call(api.album.getPhoto, { postId: -1 })).status).toBe(400);
  });
});
