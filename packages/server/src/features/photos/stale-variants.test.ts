import fs from 'node:fs';
import { api, imageUrl, type Photo } from '@tertulia/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, type Member } from '../../../tests/_social';
import { dialects, member, testApp } from '../../../tests/_util';
import { installErrorHandler } from '../../http/errors-handler';
import { originalName, variantPrefix } from '../../media/keys';
import { dropImageFiles, registerImageRoute } from '../../media/routes';
import { diskStoreFor, type MediaStore } from '../../media/storage';
import { checkerboard, keyOf, uploadPhoto } from '../../media/test-support';

/**
 * A resized size of a photo is served only while the photo still stands behind it: a size
 * written by a render that finished after the photo was deleted (or rekeyed when it stopped
 * being public) is removed, never served; an audience change drops the cached sizes.
 */
describe.each(dialects)('cached image sizes follow their photo on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let ana: Member;
  let beto: Member;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    [ana, beto] = [await member(t.app), await member(t.app)];
    await befriend(ana, beto);
    jpeg = await checkerboard(400, 300).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  const disk = () => diskStoreFor(t.deps.config);
  const sizesOnDisk = (key: string) => {
    const dir = disk().pathOf(variantPrefix(key));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const upload = async (fields: Record<string, string | number> = {}) =>
    (
      (await uploadPhoto(ana, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }, fields)).body
        .Photo as Photo[]
    )[0];
  const get = (url: string, m?: Member) =>
    t.app.inject({ method: 'GET', url, headers: m ? { cookie: m.cookieHeader } : {} });

  it('a size left on disk after its photo was deleted is removed and answered 404, not served as open', async () => {
    const photo = await upload();
    const key = keyOf(photo.image1!);
    const first = await get(`${imageUrl(key)}?w=150`);
    expect(first.statusCode).toBe(200);
    const [file] = sizesOnDisk(key);
    expect(file).toBeTruthy();

    await ana.ok(api.album.deletePhoto, { postId: photo.uid });
    expect(sizesOnDisk(key)).toEqual([]);
    // A render that read the original before the delete writes its result afterwards.
    await disk().put(variantPrefix(key) + file, first.rawPayload);

    const late = await get(`${imageUrl(key)}?w=150`);
    expect(late.statusCode).toBe(404);
    expect(late.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect(sizesOnDisk(key)).toEqual([]);
  });

  it('a render that finishes after the photo’s files were dropped removes its result and answers 404', async () => {
    const photo = await upload();
    const key = keyOf(photo.image1!);
    const real = disk();
    // The store holds the render's write until the photo's files are dropped meanwhile.
    let release!: () => void;
    let writing!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (writing = resolve));
    const store: MediaStore = {
      ...real,
      async put(name, data) {
        if (name.startsWith('cache/')) {
          writing();
          await held;
        }
        return real.put(name, data);
      },
    };
    const app = Fastify();
    installErrorHandler(app, () => 'es');
    registerImageRoute(app, t.deps, async () => 'open', store);
    const answer = app.inject({ method: 'GET', url: `${imageUrl(key)}?w=220` });
    await reached;
    await dropImageFiles(real, key);
    release();
    const res = await answer;
    expect(res.statusCode).toBe(404);
    expect(sizesOnDisk(key)).toEqual([]);
    expect(await real.has(originalName(key))).toBe(false);
    await app.close();
  });

  it('a photo made private after a friend loaded its sizes: the sizes go, and the friend gets 404', async () => {
    const photo = await upload({ privacy: 2 });
    const key = keyOf(photo.image1!);
    expect((await get(`${imageUrl(key)}?w=150`, beto)).statusCode).toBe(200);
    expect(sizesOnDisk(key)).toHaveLength(1);

    const [after] = (await ana.ok(api.album.editPost, { postId: photo.uid, privacy: 3 })) as Photo[];
    expect(sizesOnDisk(keyOf(after.image1!))).toEqual([]);
    expect((await get(`${imageUrl(keyOf(after.image1!))}?w=150`, beto)).statusCode).toBe(404);
    // The owner still sees it, rendered again.
    expect((await get(`${imageUrl(keyOf(after.image1!))}?w=150`, ana)).statusCode).toBe(200);
  });

  it('a public photo made friends-only drops the old key’s files: its old sizes are gone for everyone', async () => {
    const photo = await upload();
    const key = keyOf(photo.image1!);
    expect((await get(`${imageUrl(key)}?w=150`)).statusCode).toBe(200);
    await ana.ok(api.album.editPost, { postId: photo.uid, privacy: 2 });
    expect(sizesOnDisk(key)).toEqual([]);
    expect((await get(`${imageUrl(key)}?w=150`)).statusCode).toBe(404);
  });
});
