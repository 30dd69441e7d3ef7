import { type Album, api, type Conversation, type Photo } from '@tertulia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, postForm } from '../../../tests/_multipart';
import { befriend, type Member } from '../../../tests/_social';
import { dialects, member, testApp } from '../../../tests/_util';
import { checkerboard, jpegWithExif, keyOf, uploadPhoto } from '../../media/test-support';

const PHOTO_TAG = /\[photo\]([^[]+)\[\/photo\]/;

/**
 * A photo in an instant message (the IM composer's photo select dialog): `message/send.do` takes
 * one of the sender's album photos (`photoId`) or an uploaded image (`photo`). The line carries
 * a copy under its own key, so the album photo's privacy or deletion does not reach it, and the
 * partner sees it in the message line.
 */
describe.each(dialects)('a photo in an instant message on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let ana: Member;
  let beto: Member;
  let caro: Member;
  let photo: Photo;
  let jpeg: Buffer;
  let conversationId: number;
  beforeAll(async () => {
    t = await testApp(dialect);
    [ana, beto, caro] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(ana, beto);
    jpeg = await checkerboard(80, 60).jpeg().toBuffer();
    photo = (
      (await uploadPhoto(ana, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[]
    )[0];
    const [c] = (await ana.ok(api.messaging.send, {
      message: 'Hola',
      targetIds: [beto.user.uid],
    })) as Conversation[];
    conversationId = c.conversationId;
  });
  afterAll(() => t.close());

  const lines = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const get = (url: string, m: Member) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: m.cookieHeader } });
  /** The partner's newest line and the picture URL it carries. */
  const newestFor = async (m: Member) => {
    const [c] = (await m.ok(api.messaging.getConversation, { conversationId })) as Conversation[];
    const last = c.messages!.at(-1)!;
    return { content: last.content ?? '', url: PHOTO_TAG.exec(last.content ?? '')?.[1] };
  };

  it('an album photo goes as a copy the partner sees; the photo deleted, the line keeps it', async () => {
    await ana.ok(api.messaging.send, { conversationId, message: 'Mira', photoId: photo.uid });
    const line = await newestFor(beto);
    expect(line.content.startsWith('Mira\n[photo]')).toBe(true);
    expect(line.url).toBeTruthy();
    expect(keyOf(line.url!)).not.toBe(keyOf(photo.image1!));
    expect((await get(line.url!, beto)).statusCode).toBe(200);

    // A photo alone is a line too.
    await ana.ok(api.messaging.send, { conversationId, photoId: photo.uid });
    expect((await newestFor(beto)).content).toMatch(/^\[photo\][^[]+\[\/photo\]$/);

    await ana.ok(api.album.editPost, { postId: photo.uid, privacy: 3 });
    expect((await get(line.url!, beto)).statusCode).toBe(200);
  });

  it('an uploaded image goes through the intake (EXIF and GPS gone) and shows in the line', async () => {
    const withGps = await jpegWithExif(120, 90);
    const body = await formBody(
      { conversationId, message: 'Desde el móvil' },
      { photo: { name: 'g.jpg', type: 'image/jpeg', data: withGps } },
    );
    const res = await postForm(ana, api.messaging.send, body);
    expect(res.status).toBe(200);
    const { url } = await newestFor(beto);
    const served = await get(url!, beto);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('a resend of the same client id stores one line and copies the photo once', async () => {
    const before = await lines();
    const p = { conversationId, photoId: photo.uid, clientMessageId: 'foto-1' };
    await ana.ok(api.messaging.send, p);
    const first = await newestFor(beto);
    await ana.ok(api.messaging.send, p);
    expect(await lines()).toBe(before + 1);
    expect((await newestFor(beto)).url).toBe(first.url);
  });

  it('refuses others’ photos, backstage ones, both at once, bad files, empty lines and outsiders, storing nothing', async () => {
    const [backstage] = (await ana.ok(api.album.createAlbum, { name: 'B', backstage: true })) as Album[];
    const hidden = (
      (await uploadPhoto(ana, { name: 'c.jpg', type: 'image/jpeg', data: jpeg }, { albumId: backstage.id }))
        .body.Photo as Photo[]
    )[0];
    const before = await lines();

    const others = await beto.call(api.messaging.send, { conversationId, photoId: photo.uid });
    expect(others.status).toBe(404);
    expect(others.body.message).toBe('No encontramos esa foto.');

    const refused = await ana.call(api.messaging.send, { conversationId, message: 'x', photoId: hidden.uid });
    expect(refused.status).toBe(400);
    expect(refused.body.ApiValidationException).toEqual({ field: 'photoId' });
    expect(refused.body.message).toMatch(/backstage/);

    const both = await postForm(
      ana,
      api.messaging.send,
      await formBody(
        { conversationId, photoId: photo.uid },
        { photo: { name: 'd.jpg', type: 'image/jpeg', data: jpeg } },
      ),
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Elige una foto de tus álbumes o sube una imagen, no las dos.');

    const html = await postForm(
      ana,
      api.messaging.send,
      await formBody(
        { conversationId },
        { photo: { name: 'e.jpg', type: 'image/jpeg', data: Buffer.from('<html>hola</html>') } },
      ),
    );
    expect(html.status).toBe(400);

    const empty = await ana.call(api.messaging.send, { conversationId, message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.ApiValidationException).toEqual({ field: 'message' });

    // Caro is not in the conversation: her own photo cannot go into it.
    const hers = (
      (await uploadPhoto(caro, { name: 'f.jpg', type: 'image/jpeg', data: jpeg })).body.Photo as Photo[]
    )[0];
    const outsider = await caro.call(api.messaging.send, { conversationId, photoId: hers.uid });
    expect([403, 404]).toContain(outsider.status);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: api.messaging.send.path,
      payload: { conversationId, photoId: photo.uid },
    });
    expect(anonymous.statusCode).toBe(401);

    expect(await lines()).toBe(before);
  });
});
