import fs from 'node:fs';
import path_ from 'node:path';
import { api, IMAGE_PATH } from '@tertulia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../tests/_local-s3';
import { dialects, member, testApp } from '../../tests/_util';
import { postStory } from '../features/stories/_stories-test';
import { originalName, variantPrefix } from './keys';
import { mediaStoreFor } from './storage';
import { checkerboard, keyOf, uploadPhoto } from './test-support';
import { videoUrl } from './video/serve';

/**
 * The app with MEDIA_STORE=s3 (docs/media-storage.md): photos, their sizes and videos live in the
 * bucket and nowhere on disk; reads stream from it, ranges work, and a video may answer with a
 * short-lived signed URL instead.
 */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

describe.each(dialects)('media on S3 on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect, { media: { s3: s3.settings({ signedUrlSeconds: 0 }) } });
  });
  afterAll(() => t?.close());

  it('a photo and its sizes are stored in the bucket, served from it, and removed with the photo', async () => {
    const store = mediaStoreFor(t.config);
    expect(store.kind).toBe('s3');
    const ana = await member(t.app);
    const jpeg = await checkerboard(320, 240).jpeg().toBuffer();
    const res = await uploadPhoto(ana, { name: 'foto.jpg', type: 'image/jpeg', data: jpeg });
    expect(res.status).toBe(200);
    const photo = (res.body.Photo as { uid: number; image1: string }[])[0];
    const key = keyOf(photo.image1);
    expect(await store.has(originalName(key))).toBe(true);

    const original = await t.app.inject({
      url: `${IMAGE_PATH}/${key}`,
      cookies: Object.fromEntries(ana.cookies),
    });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals((await store.get(originalName(key)))!)).toBe(true);
    expect(original.headers['content-length']).toBe(String(original.rawPayload.length));

    const first = await t.app.inject({
      url: `${IMAGE_PATH}/${key}?w=100`,
      headers: { accept: 'image/webp' },
    });
    expect(first.headers['x-media-cache']).toBe('miss');
    const again = await t.app.inject({
      url: `${IMAGE_PATH}/${key}?w=100`,
      headers: { accept: 'image/webp' },
    });
    expect(again.headers['x-media-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await sharp(again.rawPayload).metadata()).width).toBe(100);
    expect(await store.list(variantPrefix(key))).toHaveLength(1);

    expect((await ana.call(api.album.deletePhoto, { postId: photo.uid })).status).toBe(200);
    await expect.poll(() => store.has(originalName(key))).toBe(false);
    await expect.poll(() => store.list(variantPrefix(key))).toEqual([]);
    expect((await t.app.inject({ url: `${IMAGE_PATH}/${key}` })).statusCode).toBe(404);
  });

  it('a video streams from the bucket with byte ranges (206, 416)', async () => {
    const store = mediaStoreFor(t.config);
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const name = 'video/1/story_7_0011223344556677.mp4';
    await store.put(name, bytes);
    const whole = await t.app.inject({ url: videoUrl(name) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ url: videoUrl(name), headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const outside = await t.app.inject({ url: videoUrl(name), headers: { range: 'bytes=5000-' } });
    expect(outside.statusCode).toBe(416);
    expect((await t.app.inject({ url: videoUrl('video/1/story_8_0011223344556677.mp4') })).statusCode).toBe(
      404,
    );
  });
});

describe('videos by signed URL', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialects[0], { media: { s3: s3.settings({ signedUrlSeconds: 30 }) } });
  });
  afterAll(() => t?.close());

  it('redirects to a URL valid for S3_SIGNED_URL_SECONDS that reads the video; a missing one is a 404', async () => {
    const name = 'video/1/story_9_0011223344556677.mp4';
    await mediaStoreFor(t.config).put(name, Buffer.from('mp4 bytes'));
    const res = await t.app.inject({ url: videoUrl(name) });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(s3.endpoint)).toBe(true);
    expect(location).toContain('X-Amz-Expires=30');
    const followed = await fetch(location);
    expect(await followed.text()).toBe('mp4 bytes');
    expect(followed.headers.get('content-type')).toBe('video/mp4');
    expect((await t.app.inject({ url: videoUrl('video/1/story_5_0011223344556677.mp4') })).statusCode).toBe(
      404,
    );
  });
});

describe('stories on S3', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialects[0], { media: { s3: s3.settings() } });
  });
  afterAll(() => t?.close());

  it('a story video is staged, transcoded and served through the bucket; nothing stays on disk', async () => {
    const ana = await member(t.app);
    const story = await postStory(ana, () => t.deps.video.queue.idle());
    const [ready] = (await ana.ok(api.story.getStory, {
      storyId: story.uid,
      authorUserId: ana.user.uid,
    })) as {
      video?: string;
    }[];
    expect(ready.video).toMatch(/\.mp4$/);
    const path = new URL(ready.video!, 'http://x').pathname;
    const res = await t.app.inject({ url: path, headers: { range: 'bytes=0-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    expect(await mediaStoreFor(t.config).list('video/incoming/')).toEqual([]);
    expect(fs.existsSync(path_.join(t.config.dataDir, 'media'))).toBe(false);
  });
});
