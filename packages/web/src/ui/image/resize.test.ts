import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fitWithin,
  type ImageCodec,
  outputTypeOf,
  RESIZE_DELAY_MS,
  RESIZE_QUALITY,
  resizeImage,
} from './resize';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

function codec(
  width: number,
  height: number,
  outputSize: number,
): ImageCodec & { encode: ReturnType<typeof vi.fn> } {
  return {
    decode: vi.fn(async () => ({ width, height, source: {} as CanvasImageSource })),
    encode: vi.fn(async () => new Blob([new Uint8Array(outputSize)])),
  };
}

describe('client image resize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fits inside 1200 by 1200 keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 400, height: 1200 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('allows jpg, jpeg, gif and png by extension, jpeg by default', () => {
    expect(outputTypeOf('a.JPG')).toBe('image/jpeg');
    expect(outputTypeOf('a.jpeg')).toBe('image/jpeg');
    expect(outputTypeOf('a.gif')).toBe('image/gif');
    expect(outputTypeOf('a.png')).toBe('image/png');
    expect(outputTypeOf('foto')).toBe('image/jpeg');
    expect(outputTypeOf('a.webp')).toBeUndefined();
  });

  it('encodes at quality 0.5 after a 100 ms delay and returns the smaller result', async () => {
    const c = codec(4000, 3000, 1000);
    const original = file('foto.jpg', 50_000);
    const pending = resizeImage(original, c);
    await vi.advanceTimersByTimeAsync(RESIZE_DELAY_MS - 1);
    expect(c.decode).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).not.toBe(original);
    expect(result.size).toBe(1000);
    expect(c.encode).toHaveBeenCalledWith(expect.anything(), 1200, 900, 'image/jpeg', RESIZE_QUALITY);
    expect(RESIZE_QUALITY).toBe(0.5);
  });

  it('keeps the original when the result is not smaller', async () => {
    const original = file('mini.png', 1000);
    const pending = resizeImage(original, codec(100, 100, 1000));
    await vi.advanceTimersByTimeAsync(RESIZE_DELAY_MS);
    expect(await pending).toBe(original);
  });

  it('keeps the original when decoding fails or the type is not allowed', async () => {
    const broken: ImageCodec = { decode: () => Promise.reject(new Error('bad')), encode: vi.fn() };
    const original = file('roto.jpg', 1000);
    const pending = resizeImage(original, broken);
    await vi.advanceTimersByTimeAsync(RESIZE_DELAY_MS);
    expect(await pending).toBe(original);
    const webp = file('a.webp', 9999);
    expect(await resizeImage(webp, codec(4000, 4000, 1))).toBe(webp);
  });
});
