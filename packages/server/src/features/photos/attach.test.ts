import {
  type Album,
  api,
  type Comment,
  type GuestbookEntry,
  type OfflineMessage,
  type Photo,
  type UserStatus,
} from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../../../tests/_multipart';
import { befriend, type Member } from '../../../tests/_social';
import { dialects, member, testApp } from '../../../tests/_util';
import { checkerboard, keyOf, uploadPhoto } from '../../media/test-support';

/**
 * The photo select dialog's server side: `photoId` attaches one of the caller's album photos to a
 * status, a comment, a guestbook entry or an offline message. The post gets its own copy of the
 * image (its own key), so the photo's privacy and its deletion do not reach the post.
 */
describe.each(dialects)('attaching an album photo on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let ana: Member;
  let beto: Member;
  let photo: Photo;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    ana = await member(t.app);
    beto = await member(t.app);
    await befriend(ana, beto);
    jpeg = await checkerboard(80, 60).jpeg().toBuffer();
    photo = (
      (await uploadPhoto(ana, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[]
    )[0];
  });
  afterAll(() => t.close());

  const count = async (table: 'statuses' | 'comments' | 'guestbook_entries' | 'offline_messages') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const loads = async (url: string, m: Member) =>
    (await t.app.inject({ method: 'GET', url, headers: { cookie: m.cookieHeader } })).statusCode;

  it('a status, a comment, a guestbook entry and a message each carry a copy of the photo', async () => {
    const [status] = (await ana.ok(api.user.updateStatus, { photoId: photo.uid })) as UserStatus[];
    expect(status.image1).toBeTruthy();
    expect(keyOf(status.image1!)).not.toBe(keyOf(photo.image1!));
    expect(await loads(status.image1!, beto)).toBe(200);

    const [comment] = (await beto.ok(api.album.composeComment, {
      isPhoto: true,
      postId: photo.uid,
      authorUserId: ana.user.uid,
      message: 'Mira esta',
      // beto attaches his own photo
      photoId: (
        (
          await uploadPhoto(beto, { name: 'b.jpg', type: 'image/jpeg', data: jpeg })
        ).body.Photo as Photo[]
      )[0].uid,
    })) as Comment[];
    expect(comment.image1).toBeTruthy();

    const [entry] = (await ana.ok(api.user.postGuestbookComment, {
      profileId: beto.user.uid,
      message: 'Para ti',
      photoId: photo.uid,
    })) as GuestbookEntry[];
    expect(entry.image1).toBeTruthy();

    await ana.ok(api.messaging.sendOffline, { destId: beto.user.uid, message: 'Foto', photoId: photo.uid });
    const [mail] = (await beto.ok(api.messaging.getOfflineInbox)) as OfflineMessage[];
    expect(mail.photo).toBeTruthy();
    expect(await loads(mail.photo!, beto)).toBe(200);

    // The photo made private (and so rekeyed) or deleted: the posts keep their picture.
    await ana.ok(api.album.editPost, { postId: photo.uid, privacy: 3 });
    expect(await loads(status.image1!, beto)).toBe(200);
    expect(await loads(entry.image1!, beto)).toBe(200);
  });

  it('refuses another member’s photo (404), a backstage one (400) and a file with a photo (400), storing nothing', async () => {
    const before = {
      statuses: await count('statuses'),
      comments: await count('comments'),
      guestbook: await count('guestbook_entries'),
      mail: await count('offline_messages'),
    };
    const others = await beto.call(api.user.updateStatus, { photoId: photo.uid });
    expect(others.status).toBe(404);
    expect(others.body.message).toBe('No encontramos esa foto.');

    const [backstage] = (await ana.ok(api.album.createAlbum, { name: 'B', backstage: true })) as Album[];
    const hidden = (
      (await uploadPhoto(ana, { name: 'c.jpg', type: 'image/jpeg', data: jpeg }, { albumId: backstage.id }))
        .body.Photo as Photo[]
    )[0];
    const refused = await ana.call(api.user.postGuestbookComment, {
      profileId: beto.user.uid,
      message: 'x',
      photoId: hidden.uid,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ApiValidationException).toEqual({ field: 'photoId' });
    expect(refused.body.message).toMatch(/backstage/);
    expect(
      (
        await ana.call(api.messaging.sendOffline, {
          destId: beto.user.uid,
          message: 'x',
          photoId: hidden.uid,
        })
      ).status,
    ).toBe(400);

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'd.jpg');
    form.append('photoId', String(photo.uid));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const both = await postForm(ana, api.user.updateStatus, {
      contentType: request.headers.get('content-type')!,
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Elige una foto de tus álbumes o sube una imagen, no las dos.');

    const bad = await ana.call(api.album.composeComment, {
      isPhoto: true,
      postId: photo.uid,
      authorUserId: ana.user.uid,
      message: 'x',
      photoId: 'abc',
    });
    expect(bad.status).toBe(400);
    expect({
      statuses: await count('statuses'),
      comments: await count('comments'),
      guestbook: await count('guestbook_entries'),
      mail: await count('offline_messages'),
    }).toEqual(before);
  });
});
