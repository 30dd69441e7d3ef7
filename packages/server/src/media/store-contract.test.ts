import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../tests/_local-s3';
import { s3ClientFor, s3MediaStore } from './s3-store';
import { diskMediaStore, type MediaStore } from './storage';

/**
 * The MediaStore contract (docs/media-storage.md), run against both stores: the disk one in a temp
 * dir, the S3 one against a local S3-compatible server (s3rver) this suite starts itself.
 */
let s3: LocalS3;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-store-'));
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ['disk', () => diskMediaStore(fs.mkdtempSync(path.join(temp, 'disk-')))],
  ['s3', () => s3MediaStore(s3.settings())],
];

describe.each(stores)('%s media store', (_kind, make) => {
  let store: MediaStore;
  beforeAll(() => {
    store = make();
  });
  const bytes = Buffer.from('0123456789abcdefghij');

  it('gives back what was put, and reports its size', async () => {
    await store.put('orig/ab/one.jpg', bytes);
    expect(await store.get('orig/ab/one.jpg')).toEqual(bytes);
    expect(await store.has('orig/ab/one.jpg')).toBe(true);
    expect(await store.size('orig/ab/one.jpg')).toBe(20);
    await store.put('orig/ab/one.jpg', Buffer.from('replaced'));
    expect((await store.get('orig/ab/one.jpg'))?.toString()).toBe('replaced');
  });

  it('answers undefined / false for missing names, and removing them is fine', async () => {
    expect(await store.get('orig/zz/missing.jpg')).toBeUndefined();
    expect(await store.has('orig/zz/missing.jpg')).toBe(false);
    expect(await store.size('orig/zz/missing.jpg')).toBeUndefined();
    expect(await store.stream('orig/zz/missing.jpg')).toBeUndefined();
    expect(await store.download('orig/zz/missing.jpg', path.join(temp, 'never'))).toBe(false);
    expect(fs.existsSync(path.join(temp, 'never'))).toBe(false);
    await store.remove('orig/zz/missing.jpg');
    await store.remove('cache/zz/nothing/');
  });

  it('streams the whole object or an inclusive byte range', async () => {
    await store.put('video/1/story_1_00112233aabbccdd.mp4', bytes);
    const whole = await store.stream('video/1/story_1_00112233aabbccdd.mp4');
    expect(whole?.length).toBe(20);
    expect(await text(whole!.body)).toBe(bytes.toString());
    const range = await store.stream('video/1/story_1_00112233aabbccdd.mp4', { start: 5, end: 9 });
    expect(range?.length).toBe(5);
    expect(await text(range!.body)).toBe('56789');
    const tail = await store.stream('video/1/story_1_00112233aabbccdd.mp4', { start: 19, end: 19 });
    expect(tail?.length).toBe(1);
    expect(await text(tail!.body)).toBe('j');
  });

  it('moves files in and out without holding them in memory', async () => {
    const source = path.join(temp, `source-${_kind}.bin`);
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    big.write('start', 0);
    fs.writeFileSync(source, big);
    await store.putFile('video/incoming/abc.mp4', source);
    expect(await store.size('video/incoming/abc.mp4')).toBe(big.length);
    const copy = path.join(temp, `copy-${_kind}.bin`);
    expect(await store.download('video/incoming/abc.mp4', copy)).toBe(true);
    expect(fs.readFileSync(copy).equals(big)).toBe(true);
  });

  it('lists and removes every name under a prefix, and only those', async () => {
    await store.put('cache/cd/key1/w100.webp', bytes);
    await store.put('cache/cd/key1/w200_c.avif', bytes);
    await store.put('cache/cd/key10/w100.webp', bytes);
    expect(await store.list('cache/cd/key1/')).toEqual([
      'cache/cd/key1/w100.webp',
      'cache/cd/key1/w200_c.avif',
    ]);
    expect(await store.list('cache/cd/')).toEqual([
      'cache/cd/key1/w100.webp',
      'cache/cd/key1/w200_c.avif',
      'cache/cd/key10/w100.webp',
    ]);
    await store.remove('cache/cd/key1/');
    expect(await store.list('cache/cd/key1/')).toEqual([]);
    expect(await store.has('cache/cd/key10/w100.webp')).toBe(true);
    expect(await store.list('nothing/here/')).toEqual([]);
  });

  it('refuses names outside the rule (no climbing out, no upper case, no absolute paths)', async () => {
    for (const bad of ['../etc/passwd', '/abs/path', 'orig/../../x', 'Orig/A.jpg', '.hidden/x', 'a//b']) {
      await expect(store.put(bad, bytes)).rejects.toThrow(/bad media name/);
      await expect(store.get(bad)).rejects.toThrow(/bad media name/);
    }
  });
});

describe('s3 store privacy', () => {
  it('never asks for a public object: no ACL on any write, reads only signed', async () => {
    const settings = s3.settings();
    const client = s3ClientFor(settings);
    const sent: Record<string, string>[] = [];
    client.middlewareStack.add(
      (next) => async (args) => {
        sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const store = s3MediaStore(settings, client);
    await store.put('ephemeral/ab/secret.jpg', Buffer.from('private bytes'));
    const file = path.join(temp, 'upload.bin');
    fs.writeFileSync(file, 'video bytes');
    await store.putFile('video/1/story_1_00112233aabbccdd.mp4', file);
    expect(sent).toHaveLength(2);
    for (const headers of sent) {
      expect(
        Object.keys(headers).filter(
          (h) => h.toLowerCase().startsWith('x-amz-grant') || h.toLowerCase() === 'x-amz-acl',
        ),
      ).toEqual([]);
      expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    }
  });

  it('a signed URL reads the object for the time and with the type asked for', async () => {
    const store = s3MediaStore(s3.settings());
    await store.put('ephemeral/ab/secret.jpg', Buffer.from('private bytes'));
    // s3rver checks header signatures only, so a tampered URL can't be shown refused here.
    const url = await store.signedUrl!('ephemeral/ab/secret.jpg', 60, 'image/jpeg');
    expect(url).toContain('X-Amz-Expires=60');
    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('private bytes');
    expect(signed.headers.get('content-type')).toBe('image/jpeg');
  });
});
