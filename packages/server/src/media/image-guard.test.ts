import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/errors';
import { checkDeclaredSize, checkPngChunks, MAX_GIF_PIXELS } from './image-guard';

const crc = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(zlib.crc32(data) >>> 0);
  return out;
};
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([length, body, crc(body)]);
}
/** A real 10x10 PNG with `extra` chunks after its header. */
async function pngWith(...extra: Buffer[]) {
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  return Buffer.concat([png.subarray(0, 33), ...extra, png.subarray(33)]);
}
const keyOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return (error as ApiError).key;
  }
  return undefined;
};
const bomb = (mb: number) => zlib.deflateSync(Buffer.alloc(mb * 1024 * 1024), { level: 9 });

describe('PNG chunk walk', () => {
  it('refuses compressed text, international text and colour profiles that inflate past the budget', async () => {
    const latin = chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), bomb(2)]));
    const intl = chunk(
      'iTXt',
      Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\x01\0en\0\0', 'latin1'), bomb(2)]),
    );
    const profile = chunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), bomb(2)]));
    expect(keyOf(() => checkPngChunks(Buffer.alloc(8)))).toBeUndefined();
    const plain = await pngWith();
    expect(keyOf(() => checkPngChunks(plain))).toBeUndefined();
    for (const extra of [latin, intl, profile]) {
      const png = await pngWith(extra);
      expect(keyOf(() => checkPngChunks(png))).toBe('image.hiddenData');
    }
  });

  it('adds small chunks up, and refuses a pile of plain text too', async () => {
    const small = chunk('zTXt', Buffer.concat([Buffer.from('c\0\0', 'latin1'), bomb(0.3)]));
    const three = await pngWith(small, small, small);
    expect(keyOf(() => checkPngChunks(three))).toBeUndefined();
    const four = await pngWith(small, small, small, small);
    expect(keyOf(() => checkPngChunks(four))).toBe('image.hiddenData');
    const text = chunk('tEXt', Buffer.concat([Buffer.from('c\0', 'latin1'), Buffer.alloc(600 * 1024, 0x41)]));
    const pile = await pngWith(text, text, text, text);
    expect(keyOf(() => checkPngChunks(pile))).toBe('image.hiddenData');
    const one = await pngWith(text);
    expect(keyOf(() => checkPngChunks(one))).toBeUndefined();
  });
});

describe('declared size', () => {
  it('refuses GIFs past their cap and headers their bytes could not fill', () => {
    expect(keyOf(() => checkDeclaredSize('gif', 16000, 3000, 100_000))).toBe('image.gifDimensions');
    expect(keyOf(() => checkDeclaredSize('gif', 4000, 4000, 35))).toBe('image.unreadable');
    expect(keyOf(() => checkDeclaredSize('png', 7000, 7000, 500))).toBe('image.unreadable');
    expect(keyOf(() => checkDeclaredSize('gif', 4000, 3000, 20_000))).toBeUndefined();
    expect(keyOf(() => checkDeclaredSize('png', 7000, 7000, 143_179))).toBeUndefined();
    expect(keyOf(() => checkDeclaredSize('jpeg', 16000, 3000, 300))).toBeUndefined(); // shrink-on-load
    expect(MAX_GIF_PIXELS).toBe(16_000_000);
  });
});
