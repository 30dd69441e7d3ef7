import fs from 'node:fs';
import { IMAGE_PATH, imageUrl } from '@tertulia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp } from '../../tests/_util';
import { sniffImageType } from './intake';
import { originalName, variantPrefix } from './keys';
import { blurSigma, defaultQuality, parseVariant, variantFile } from './resize';
import { diskMediaStore, diskStoreFor } from './storage';
import { checkerboard, keyOf, pngHeaderOnly, uploadPhoto } from './test-support';

describe('media units', () => {
  it('sniffs the four accepted types by their first bytes only', async () => {
    const base = checkerboard(16, 16);
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(pngHeaderOnly(10, 10))).toBe('png');
    for (const other of ['<html>', 'RIFF0000WAVE', 'GIF90a', '', '\xff\xd8']) {
      expect(sniffImageType(Buffer.from(other, 'latin1'))).toBeUndefined();
    }
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBeUndefined();
  });

  it('parses, clamps and refuses resize parameters', () => {
    expect(parseVariant({})).toEqual({ width: undefined, crop: false, blur: 0, quality: undefined });
    expect(parseVariant({ w: '300', crop: '1', blur: '50', q: '75' })).toEqual({
      width: 300,
      crop: true,
      blur: 50,
      quality: 75,
    });
    expect(parseVariant({ w: '99999', blur: '400', q: '100' })).toMatchObject({ width: 1200, blur: 100 });
    expect(parseVariant({ w: '3', q: '1' })).toMatchObject({ width: 16, quality: 5 });
    expect(parseVariant({ blur: '52', q: '73' })).toMatchObject({ blur: 50, quality: 75 });
    for (const [query, field] of [
      [{ w: 'abc' }, 'w'],
      [{ w: '-5' }, 'w'],
      [{ w: '0' }, 'w'],
      [{ w: '1.5' }, 'w'],
      [{ crop: 'yes' }, 'crop'],
      [{ blur: '-1' }, 'blur'],
      [{ q: '0.75' }, 'q'],
    ] as const) {
      expect(() => parseVariant(query)).toThrow(expect.objectContaining({ details: { field } }));
    }
  });

  it('follows the default compression and scales blur with the output', () => {
    expect(defaultQuality(220, 220)).toBe(75);
    expect(defaultQuality(100, 250)).toBe(75);
    expect(defaultQuality(150, 100)).toBe(70);
    expect(defaultQuality(90, 60)).toBe(70);
    expect(defaultQuality(80, 80)).toBe(50);
    expect(blurSigma(50, 300, 300)).toBe(15);
    expect(blurSigma(50, 150, 300)).toBe(7.5);
    expect(blurSigma(1, 16, 16)).toBe(0.3);
  });

  it('keeps store names inside the media folder', () => {
    const store = diskMediaStore('/tmp/media-root');
    expect(store.pathOf('orig/ab/abc.jpg')).toBe('/tmp/media-root/orig/ab/abc.jpg');
    for (const bad of [
      '../x',
      'orig/../../etc/passwd',
      '/etc/passwd',
      'orig/.hidden',
      'a\\b',
      'orig//x',
      '',
    ]) {
      expect(() => store.pathOf(bad)).toThrow(/bad media name/);
    }
  });
});

describe.each(dialects)('image service on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let key: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    const m = await member(t.app);
    const data = await checkerboard(1600, 1000).jpeg({ quality: 90 }).toBuffer();
    const res = await uploadPhoto(m, { name: 'tablero.jpg', type: 'image/jpeg', data });
    key = keyOf((res.body.Photo as { image1: string }[])[0].image1);
  });
  afterAll(() => t.close());

  // No session cookie anywhere here: public images need none.
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const dims = async (body: Buffer) => {
    const { width, height, format } = await sharp(body).metadata();
    return { width, height, format };
  };
  const contrast = async (body: Buffer) => (await sharp(body).stats()).channels[0].stdev;

  it('serves the stored original with immutable cache headers and an ETag', async () => {
    const res = await get(imageUrl(key));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(await dims(res.rawPayload)).toEqual({ width: 1600, height: 1000, format: 'jpeg' });
    const again = await get(imageUrl(key), { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('resizes by width keeping the aspect ratio, clamped to 16..1200', async () => {
    expect(await dims((await get(imageUrl(key, { width: 300 }))).rawPayload)).toEqual({
      width: 300,
      height: 188,
      format: 'jpeg',
    });
    expect(await dims((await get(`${IMAGE_PATH}/${key}?w=5000`)).rawPayload)).toMatchObject({
      width: 1200,
      height: 750,
    });
    expect(await dims((await get(`${IMAGE_PATH}/${key}?w=4`)).rawPayload)).toMatchObject({
      width: 16,
      height: 10,
    });
  });

  it('crops a centred square, and blurs', async () => {
    const sharpCrop = (await get(imageUrl(key, { width: 300, crop: true }))).rawPayload;
    expect(await dims(sharpCrop)).toMatchObject({ width: 300, height: 300 });
    const blurred = (await get(imageUrl(key, { width: 300, crop: true, blur: 50 }))).rawPayload;
    expect(await dims(blurred)).toMatchObject({ width: 300, height: 300 });
    // The 8 px checkerboard is high-contrast; blur 50 leaves almost a flat grey.
    expect(await contrast(sharpCrop)).toBeGreaterThan(80);
    expect(await contrast(blurred)).toBeLessThan(10);
  });

  it('encodes at the requested quality, and by default at the default compression for the size', async () => {
    const low = (await get(imageUrl(key, { width: 400, quality: 30 }))).rawPayload;
    const high = (await get(imageUrl(key, { width: 400, quality: 95 }))).rawPayload;
    expect(low.length).toBeLessThan(high.length);
    // Defaults: 75 at 200 px or more, 70 from 90 px, 50 below.
    for (const [width, quality] of [
      [220, 75],
      [120, 70],
      [60, 50],
    ]) {
      const byDefault = (await get(imageUrl(key, { width, crop: true }))).rawPayload;
      const explicit = (await get(imageUrl(key, { width, crop: true, quality }))).rawPayload;
      expect(byDefault.equals(explicit)).toBe(true);
    }
  });

  it('sends resized variants as AVIF or WebP to browsers that accept them, cached on disk, the original as stored', async () => {
    const chrome = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
    const url = imageUrl(key, { width: 150, crop: true });
    const avif = await get(url, { accept: chrome });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toBe('Accept');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    // Kept on disk under its own name: the second request is a hit.
    expect(avif.headers['x-media-cache']).toBe('miss');
    const again = await get(url, { accept: chrome });
    expect(again.headers['x-media-cache']).toBe('hit');
    expect(again.rawPayload.equals(avif.rawPayload)).toBe(true);
    expect(
      fs.existsSync(
        diskStoreFor(t.config).pathOf(
          variantPrefix(key) + variantFile({ width: 150, crop: true, blur: 0 }, 'avif'),
        ),
      ),
    ).toBe(true);

    const safari = 'image/webp,image/png,image/svg+xml,image/*;q=0.8';
    const webp = await get(url, { accept: safari });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('Accept');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    const noAvif = await get(url, { accept: 'image/avif;q=0, image/webp' });
    expect(noAvif.headers['content-type']).toBe('image/webp');
    const jpeg = await get(url, { accept: 'image/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(new Set([jpeg.headers.etag, webp.headers.etag, avif.headers.etag]).size).toBe(3);
    const refused = await get(imageUrl(key, { width: 150 }), { accept: 'image/webp;q=0, image/*' });
    expect(refused.headers['content-type']).toBe('image/jpeg');
    const original = await get(imageUrl(key), { accept: chrome });
    expect(original.headers['content-type']).toBe('image/jpeg');
  });

  it('renders a variant once and serves it from disk afterwards', async () => {
    const url = imageUrl(key, { width: 240, crop: true, blur: 20 });
    const file = diskStoreFor(t.config).pathOf(
      variantPrefix(key) + variantFile({ width: 240, crop: true, blur: 20 }, 'jpg'),
    );
    expect(fs.existsSync(file)).toBe(false);
    const first = await get(url);
    expect(first.headers['x-media-cache']).toBe('miss');
    expect(fs.existsSync(file)).toBe(true);
    const { mtimeMs } = fs.statSync(file);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-media-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(mtimeMs);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).not.toBe((await get(imageUrl(key))).headers.etag);
    // Concurrent first requests for one variant share one render.
    const racing = await Promise.all([1, 2, 3].map(() => get(imageUrl(key, { width: 222 }))));
    // Each is answered by the shared render ('miss') or, once it is written, from disk ('hit'):
    // the access check before it (a query) can spread them out.
    const answers = racing.map((r) => r.headers['x-media-cache']);
    expect(answers).toContain('miss');
    expect(answers.every((a) => a === 'miss' || a === 'hit')).toBe(true);
    expect(new Set(racing.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('answers 404 for unknown and malformed keys, without caching the answer', async () => {
    for (const url of [
      imageUrl(`${'0'.repeat(32)}.jpg`),
      imageUrl(`${'0'.repeat(32)}.jpg`, { width: 100 }),
      `${IMAGE_PATH}/..%2F..%2Ftertulia.db`,
      `${IMAGE_PATH}/${key.replace('.jpg', '.png')}`,
      `${IMAGE_PATH}/${key.toUpperCase()}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'No encontramos esa imagen.', ApiNotFoundException: {} });
      expect(res.headers['cache-control']).toBeUndefined();
    }
    const en = await get(imageUrl(`${'f'.repeat(32)}.webp`), { cookie: 'locale=en' });
    expect(en.json().message).toBe('We could not find that image.');
  });

  it('answers 400 for bad parameters, naming the parameter', async () => {
    for (const [query, field] of [
      ['w=abc', 'w'],
      ['w=0', 'w'],
      ['crop=maybe', 'crop'],
      ['blur=-3', 'blur'],
      ['q=0.75', 'q'],
      ['w=100&w=200', 'params'],
    ]) {
      const res = await get(`${IMAGE_PATH}/${key}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().ApiValidationException).toEqual({ field });
      expect(res.headers['cache-control']).toBeUndefined();
    }
    expect((await get(`${IMAGE_PATH}/${key}?w=abc`)).json().message).toBe(
      'Revisa el ancho: el valor no es válido.',
    );
  });

  it('keeps originals and variants under DATA_DIR/media', () => {
    const store = diskStoreFor(t.config);
    expect(store.pathOf(originalName(key)).startsWith(`${t.config.dataDir}/media/orig/`)).toBe(true);
    expect(fs.existsSync(store.pathOf(originalName(key)))).toBe(true);
  });
});
