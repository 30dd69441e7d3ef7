import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { api, IMAGE_PATH } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../tests/_local-s3';
import { dialects, member, testApp, testRedisUrl } from '../../tests/_util';
import { buildApp } from '../app';
import { withHotCache } from './hot-cache';
import { diskMediaStore, type MediaStore } from './storage';
import { checkerboard, keyOf, uploadPhoto } from './test-support';

/** A store that counts the calls reaching it. */
function counted(inner: MediaStore) {
  const calls: string[] = [];
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${String(prop)} ${args[0]}`);
        return value.apply(target, args);
      };
    },
  });
  return { store, calls };
}

describe('the hot cache in front of a remote store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-hot-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  let clock = 0;
  const make = (maxBytes = 1000) => {
    const { store, calls } = counted(diskMediaStore(fs.mkdtempSync(path.join(root, 's-'))));
    return { cache: withHotCache(store, { maxBytes, ttlMs: 60_000, now: () => clock }), calls, inner: store };
  };

  it('serves a photo read again, its ranges and its existence from memory', async () => {
    const { cache, calls } = make();
    await cache.put('orig/ab/one.jpg', Buffer.from('0123456789'));
    calls.length = 0;
    expect(await text((await cache.stream('orig/ab/one.jpg'))!.body)).toBe('0123456789');
    expect(await text((await cache.stream('orig/ab/one.jpg', { start: 2, end: 4 }))!.body)).toBe('234');
    expect(await cache.has('orig/ab/one.jpg')).toBe(true);
    expect(await cache.size('orig/ab/one.jpg')).toBe(10);
    expect(calls).toEqual([]);
  });

  it('keeps only immutable names (photos and sizes), never videos, voice or view-once media', async () => {
    const { cache, calls } = make();
    await cache.put('ephemeral/ab/x.jpg', Buffer.from('secret'));
    calls.length = 0;
    await cache.get('ephemeral/ab/x.jpg');
    await cache.stream('ephemeral/ab/x.jpg');
    expect(calls).toEqual(['get ephemeral/ab/x.jpg', 'stream ephemeral/ab/x.jpg']);
  });

  it('forgets at once what it removes, what other instances remove, and what is older than the ttl', async () => {
    const { cache } = make();
    await cache.put('orig/ab/two.jpg', Buffer.from('two'));
    const told: string[] = [];
    cache.onRemove = (name) => told.push(name);
    await cache.remove('orig/ab/two.jpg');
    expect(await cache.has('orig/ab/two.jpg')).toBe(false);
    expect(await cache.stream('orig/ab/two.jpg')).toBeUndefined();
    expect(told).toEqual(['orig/ab/two.jpg']);

    // Removed by another instance (straight from the store here): stale until heard of.
    const { cache: other, inner } = make();
    await other.put('cache/ab/k/w100.webp', Buffer.from('size'));
    await inner.remove('cache/ab/k/w100.webp');
    expect(await other.get('cache/ab/k/w100.webp')).toEqual(Buffer.from('size'));
    other.forget(['cache/ab/k/']);
    expect(await other.get('cache/ab/k/w100.webp')).toBeUndefined();
    expect(await other.has('cache/ab/k/w100.webp')).toBe(false);

    // A removal never heard of: trusted for the ttl only.
    clock = 0;
    await other.put('orig/ab/three.jpg', Buffer.from('three'));
    await inner.remove('orig/ab/three.jpg');
    clock = 59_000;
    expect(await other.has('orig/ab/three.jpg')).toBe(true);
    clock = 61_000;
    expect(await other.has('orig/ab/three.jpg')).toBe(false);
    expect(await other.get('orig/ab/three.jpg')).toBeUndefined();
  });

  it('drops the least recently used past its size', async () => {
    const { cache, calls } = make(10);
    clock = 0;
    await cache.put('orig/ab/a.jpg', Buffer.from('aaaaa'));
    await cache.put('orig/ab/b.jpg', Buffer.from('bbbbb'));
    await cache.get('orig/ab/a.jpg'); // a is now the most recent
    await cache.put('orig/ab/c.jpg', Buffer.from('ccccc')); // b goes
    calls.length = 0;
    await cache.get('orig/ab/a.jpg');
    await cache.get('orig/ab/c.jpg');
    expect(calls).toEqual([]);
    await cache.get('orig/ab/b.jpg');
    expect(calls).toEqual(['get orig/ab/b.jpg']);
  });
});

describe.skipIf(!testRedisUrl || dialects.length < 2)('two instances with hot caches on one bucket', () => {
  let s3: LocalS3;
  let t: Awaited<ReturnType<typeof testApp>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
    const settings = s3.settings({ cacheBytes: 8 * 1024 * 1024 });
    t = await testApp(dialects[1], { redisUrl: testRedisUrl, media: { s3: settings } });
    // Another config object: another instance with a cache of its own.
    other = await buildApp({ ...t.config });
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
    await s3?.close();
  });

  it('a photo deleted through one instance stops being served by the other, which had it cached', async () => {
    const ana = await member(t.app);
    const jpeg = await checkerboard(64, 64).jpeg().toBuffer();
    const res = await uploadPhoto(ana, { name: 'f.jpg', type: 'image/jpeg', data: jpeg });
    const photo = (res.body.Photo as { uid: number; image1: string }[])[0];
    const url = `${IMAGE_PATH}/${keyOf(photo.image1)}?w=32`;
    // Read through the other instance: rendered, then served from its memory.
    expect((await other.app.inject({ url })).statusCode).toBe(200);
    expect((await other.app.inject({ url })).headers['x-media-cache']).toBe('hit');
    expect((await ana.call(api.album.deletePhoto, { postId: photo.uid })).status).toBe(200);
    await expect.poll(async () => (await other.app.inject({ url })).statusCode).toBe(404);
  });
});
