import fs from 'node:fs';
import path from 'node:path';
import { api, imageUrl } from '@tertulia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { originalName } from '../../media/keys';
import { diskStoreFor } from '../../media/storage';
import {
  checkerboard,
  jpegWithExif,
  keyOf,
  pngHeaderOnly,
  type UploadFile,
  uploadPhoto,
} from '../../media/test-support';
import { DEFAULT_ALBUM_NAME, PROFILE_ALBUM_NAME } from './use-cases';

type PhotoJson = {
  uid: number;
  image1: string;
  origImage1: string;
  message?: string;
  privacy: number;
  albumId: number;
  albumName: string;
  albumSize: number;
  creationTime: number;
  ownerUser: { uid: number; name: string };
  authorUser: { uid: number; name: string };
};
type UserJson = { uid: number; image1?: string; bgImage?: string; bgStyle?: string };

describe.each(dialects)('profile photos on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let media: ReturnType<typeof diskStoreFor>;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    media = diskStoreFor(t.config);
    jpeg = await jpegWithExif(300, 200);
  });
  afterAll(() => t.close());

  const photo = (res: { body: Record<string, unknown> }) => (res.body.Photo as PhotoJson[])[0];
  const self = async (m: Client) => ((await m.ok(api.user.getLoggedInUser)) as UserJson[])[0];
  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'media', 'orig');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\./.test(String(f)))
      : [];
  };
  const photoCount = async (ownerId: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirst()
      )?.n,
    );
  const jpegFile = (data: Uint8Array = jpeg): UploadFile => ({ name: 'foto.jpg', type: 'image/jpeg', data });

  describe('album/uploadPhoto.do', () => {
    it('stores an original without EXIF or location and returns the Photo', async () => {
      const m = await member(t.app);
      expect((await sharp(jpeg).metadata()).exif?.length).toBeGreaterThan(50);
      const res = await uploadPhoto(m, jpegFile(), { caption: '  En la playa  ' });
      expect(res.status).toBe(200);
      const p = photo(res);
      const key = keyOf(p.image1);
      expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(p).toMatchObject({
        image1: imageUrl(key),
        origImage1: imageUrl(key),
        message: 'En la playa',
        privacy: 1,
        albumName: DEFAULT_ALBUM_NAME,
        albumSize: 1,
        ownerUser: { uid: m.user.uid, name: m.user.name },
        authorUser: { uid: m.user.uid, name: m.user.name },
      });
      expect(Math.abs(p.creationTime - Date.now())).toBeLessThan(60_000);

      const stored = await media.get(originalName(key));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored!.includes(Buffer.from('Cámara de prueba'))).toBe(false);

      const row = await t.deps.db.selectFrom('photos').selectAll().where('id', '=', p.uid).executeTakeFirst();
      expect(row).toMatchObject({ owner_id: m.user.uid, image_key: key, width: 300, height: 200 });
      // A second photo goes to the same default album; the member's profile picture is unchanged.
      const again = photo(await uploadPhoto(m, jpegFile()));
      expect(again).toMatchObject({ albumId: p.albumId, albumSize: 2 });
      expect((await self(m)).image1).toBeUndefined();
    });

    it('turns photos upright by their EXIF orientation, then by rotate', async () => {
      const m = await member(t.app);
      const sideways = await jpegWithExif(300, 200, 6);
      const upright = photo(await uploadPhoto(m, jpegFile(sideways)));
      expect(await sharp(await media.get(originalName(keyOf(upright.image1)))).metadata()).toMatchObject({
        width: 200,
        height: 300,
      });
      for (const [rotate, size] of [
        [90, [200, 300]],
        [180, [300, 200]],
        [270, [200, 300]],
        [0, [300, 200]],
      ] as const) {
        const p = photo(await uploadPhoto(m, jpegFile(), { rotate }));
        const meta = await sharp(await media.get(originalName(keyOf(p.image1)))).metadata();
        expect([meta.width, meta.height]).toEqual(size);
      }
    });

    it('bounds the stored original to 2048 px on the long side, keeping the aspect ratio', async () => {
      const m = await member(t.app);
      const big = await checkerboard(3000, 1500).png({ compressionLevel: 1 }).toBuffer();
      const p = photo(await uploadPhoto(m, { name: 'grande.png', type: 'image/png', data: big }));
      const meta = await sharp(await media.get(originalName(keyOf(p.image1)))).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1024 });
    });

    it('accepts JPEG, PNG, GIF and WebP by content, whatever the name and declared type', async () => {
      const m = await member(t.app);
      const png = await checkerboard(64, 48).png().toBuffer();
      const res = await uploadPhoto(m, { name: 'notas.txt', type: 'text/plain', data: png });
      expect(res.status).toBe(200);
      expect(keyOf(photo(res).image1)).toMatch(/\.jpg$/);
      const gif = await checkerboard(64, 48).gif().toBuffer();
      expect((await uploadPhoto(m, { name: 'a', type: 'application/octet-stream', data: gif })).status).toBe(
        200,
      );
      const webp = await checkerboard(64, 48).webp().toBuffer();
      expect((await uploadPhoto(m, { name: 'b.bin', type: 'image/png', data: webp })).status).toBe(200);
      // Transparency survives as WebP.
      const clear = await sharp({
        create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer();
      const alpha = photo(await uploadPhoto(m, { name: 'c.png', type: 'image/png', data: clear }));
      expect(keyOf(alpha.image1)).toMatch(/\.webp$/);
      expect((await sharp(await media.get(originalName(keyOf(alpha.image1)))).metadata()).hasAlpha).toBe(
        true,
      );
      expect(await photoCount(m.user.uid)).toBe(4);
    });

    it('refuses an HTML file named .jpg with a clear 400 on image, in Spanish or English, storing nothing', async () => {
      const m = await member(t.app);
      const before = storedFiles().length;
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      const res = await uploadPhoto(m, { name: 'foto.jpg', type: 'image/jpeg', data: html });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'La imagen debe ser un archivo JPEG, PNG, GIF o WebP.',
        ApiValidationException: { field: 'image' },
      });
      m.cookies.set('locale', 'en');
      const en = await uploadPhoto(m, { name: 'foto.jpg', type: 'image/jpeg', data: html });
      expect(en.body.message).toBe('The image must be a JPEG, PNG, GIF or WebP file.');
      expect(await photoCount(m.user.uid)).toBe(0);
      expect(storedFiles().length).toBe(before);
    });

    it('refuses a damaged image and a missing one', async () => {
      const m = await member(t.app);
      const broken = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(200, 7)]);
      const res = await uploadPhoto(m, jpegFile(broken));
      expect(res.status).toBe(400);
      expect(res.body.ApiValidationException).toEqual({ field: 'image' });
      expect(res.body.message).toBe('No pudimos leer la imagen; puede que esté dañada.');
      const missing = await uploadPhoto(m, undefined, { caption: 'sin foto' });
      expect(missing.status).toBe(400);
      expect(missing.body.ApiValidationException).toEqual({ field: 'image' });
      expect(await photoCount(m.user.uid)).toBe(0);
    });

    it('refuses a 20000 x 20000 image from its header, without decoding it', async () => {
      const m = await member(t.app);
      const huge = pngHeaderOnly(20_000, 20_000);
      expect(huge.length).toBeLessThan(100);
      const before = storedFiles().length;
      const started = performance.now();
      const res = await uploadPhoto(m, { name: 'enorme.png', type: 'image/png', data: huge });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'La imagen es demasiado grande: como máximo 16384 píxeles por lado y 50 megapíxeles.',
        ApiValidationException: { field: 'image' },
      });
      // Decoding 400 megapixels would take seconds and 1.2 GB; the header is read in microseconds.
      expect(elapsed).toBeLessThan(1000);
      const tall = await uploadPhoto(m, {
        name: 'alta.png',
        type: 'image/png',
        data: pngHeaderOnly(100, 17_000),
      });
      expect(tall.status).toBe(400);
      expect(await photoCount(m.user.uid)).toBe(0);
      expect(storedFiles().length).toBe(before);
    });

    it('accepts only rotations of 0, 90, 180 and 270 degrees', async () => {
      const m = await member(t.app);
      for (const rotate of [45, -90, 360, 'x']) {
        const res = await uploadPhoto(m, jpegFile(), { rotate });
        expect(res.status).toBe(400);
        expect(res.body.ApiValidationException).toEqual({ field: 'rotate' });
      }
      const res = await uploadPhoto(m, jpegFile(), { rotate: 45 });
      expect(res.body.message).toBe('Revisa el giro: debe ser uno de estos valores: 0, 90, 180, 270.');
      expect(await photoCount(m.user.uid)).toBe(0);
    });

    it('setProfilePic makes it the profile picture, in the profile album', async () => {
      const m = await member(t.app);
      const p = photo(await uploadPhoto(m, jpegFile(), { setProfilePic: 'true' }));
      expect(p.albumName).toBe(PROFILE_ALBUM_NAME);
      expect(p.ownerUser).toMatchObject({ image1: p.image1 });
      const key = keyOf(p.image1);
      const row = await t.deps.db
        .selectFrom('users')
        .select(['image1', 'bg_image'])
        .where('id', '=', m.user.uid)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ image1: key, bg_image: null });
      expect((await self(m)).image1).toBe(imageUrl(key));
      const second = photo(await uploadPhoto(m, jpegFile(), { setProfilePic: 1 }));
      expect(second).toMatchObject({ albumId: p.albumId, albumSize: 2 });
      expect((await self(m)).image1).toBe(second.image1);
    });

    it('setBgImage makes it the background', async () => {
      const m = await member(t.app);
      const p = photo(await uploadPhoto(m, jpegFile(), { setBgImage: true }));
      const row = await t.deps.db
        .selectFrom('users')
        .select(['image1', 'bg_image', 'bg_style'])
        .where('id', '=', m.user.uid)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ image1: null, bg_image: keyOf(p.image1), bg_style: 'cover' });
    });

    it('puts the photo in the caller’s album by id or by name', async () => {
      const m = await member(t.app);
      const named = photo(await uploadPhoto(m, jpegFile(), { albumName: ' Vacaciones ' }));
      expect(named).toMatchObject({ albumName: 'Vacaciones', albumSize: 1 });
      const byName = photo(await uploadPhoto(m, jpegFile(), { albumName: 'Vacaciones' }));
      expect(byName).toMatchObject({ albumId: named.albumId, albumSize: 2 });
      const byId = photo(await uploadPhoto(m, jpegFile(), { albumId: named.albumId, setProfilePic: true }));
      expect(byId).toMatchObject({ albumId: named.albumId, albumName: 'Vacaciones', albumSize: 3 });
    });

    it('refuses another member’s album with 404 and stores nothing', async () => {
      const owner = await member(t.app);
      const other = await member(t.app);
      const theirs = photo(await uploadPhoto(owner, jpegFile()));
      const before = storedFiles().length;
      const res = await uploadPhoto(other, jpegFile(), { albumId: theirs.albumId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No encontramos ese álbum.', ApiNotFoundException: {} });
      expect(await photoCount(other.user.uid)).toBe(0);
      expect(storedFiles().length).toBe(before);
      const none = await uploadPhoto(other, jpegFile(), { albumId: 999_999 });
      expect(none.status).toBe(404);
    });

    it('requires login', async () => {
      const anonymous = new Client(t.app);
      const res = await uploadPhoto(anonymous, jpegFile());
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Inicia sesión para continuar');
      const plain = await anonymous.call(api.album.uploadPhoto, { caption: 'x' });
      expect(plain.status).toBe(401);
    });
  });

  describe('user/setBackgroundPhoto.do', () => {
    it('uses one of the caller’s photos, repeated or covering, and 0 clears it', async () => {
      const m = await member(t.app);
      const p = photo(await uploadPhoto(m, jpegFile()));
      const [cover] = (await m.ok(api.people.setBackgroundPhoto, { photo: p.uid })) as UserJson[];
      expect(cover.uid).toBe(m.user.uid);
      const stored = () =>
        t.deps.db
          .selectFrom('users')
          .select(['bg_image', 'bg_style'])
          .where('id', '=', m.user.uid)
          .executeTakeFirstOrThrow();
      expect(await stored()).toEqual({ bg_image: keyOf(p.image1), bg_style: 'cover' });
      expect(cover).toMatchObject({ bgImage: p.image1, bgStyle: 'cover' });
      await m.ok(api.people.setBackgroundPhoto, { photo: p.uid, repeat: 'true' });
      expect(await stored()).toEqual({ bg_image: keyOf(p.image1), bg_style: 'repeat' });
      const [cleared] = (await m.ok(api.people.setBackgroundPhoto, { photo: 0 })) as UserJson[];
      expect(await stored()).toEqual({ bg_image: null, bg_style: null });
      expect(cleared.bgImage).toBeUndefined();
    });

    it('refuses another member’s photo and an unknown one with 404, changing nothing', async () => {
      const owner = await member(t.app);
      const other = await member(t.app);
      const theirs = photo(await uploadPhoto(owner, jpegFile()));
      for (const id of [theirs.uid, 999_999]) {
        const res = await other.call(api.people.setBackgroundPhoto, { photo: id });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'No encontramos esa foto.', ApiNotFoundException: {} });
      }
      const row = await t.deps.db
        .selectFrom('users')
        .select(['bg_image', 'bg_style'])
        .where('id', '=', other.user.uid)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ bg_image: null, bg_style: null });
    });

    it('refuses a negative or missing photo id', async () => {
      const m = await member(t.app);
      for (const params of [{ photo: -1 }, {}, { photo: 'abc' }]) {
        const res = await m.call(api.people.setBackgroundPhoto, params);
        expect(res.status).toBe(400);
        expect(res.body.ApiValidationException).toEqual({ field: 'photo' });
      }
    });

    it('requires login', async () => {
      const res = await new Client(t.app).call(api.people.setBackgroundPhoto, { photo: 0 });
      expect(res.status).toBe(401);
    });
  });
});
