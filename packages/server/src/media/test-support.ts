import zlib from 'node:zlib';
import { api } from '@tertulia/contract';
import sharp from 'sharp';
import type { Client } from '../../tests/_util';

/** Test helpers: real images made with sharp, crafted headers, and multipart uploads. */

/** A checkerboard of 8 px squares: sharp edges, so blur and crop are visible in the pixels. */
export function checkerboard(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = ((x >> 3) + (y >> 3)) & 1;
      raw.fill(on ? 230 : 20, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A JPEG carrying camera EXIF and a GPS position, optionally with an EXIF orientation. */
export function jpegWithExif(width: number, height: number, orientation?: number) {
  let image = checkerboard(width, height).withExif({
    IFD0: { Make: 'Cámara de prueba', Copyright: 'Ana' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '40/1 25/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '3/1 42/1 0/1',
    },
  });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg().toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width x height, with a few bytes of pixel data: under 100 bytes. */
export function pngHeaderOnly(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface UploadFile {
  name: string;
  type: string;
  data: Uint8Array;
}

/** album/uploadPhoto.do as a browser sends it: multipart with the file and the other fields. */
export async function uploadPhoto(
  client: Client,
  file: UploadFile | undefined,
  fields: Record<string, string | number | boolean> = {},
) {
  const form = new FormData();
  if (file) form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await client.app.inject({
    method: 'POST',
    url: api.album.uploadPhoto.path,
    headers: { cookie: client.cookieHeader, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: client.ip,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { message?: string } };
}

/** The media key inside an image URL (/media/img/<key>?...). */
export const keyOf = (url: string) => decodeURIComponent(url.split('/').pop()!.split('?')[0]);

/** A 10x10 PNG carrying `count` zTXt chunks that each inflate to `mbEach` MB (a decompression bomb). */
export async function pngTextBomb(count: number, mbEach: number) {
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const text = zlib.deflateSync(Buffer.alloc(mbEach * 1024 * 1024, 0x41), { level: 9 });
  const chunk = pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), text]));
  const afterHeader = 8 + 25; // signature and IHDR
  return Buffer.concat([
    png.subarray(0, afterHeader),
    ...Array(count).fill(chunk),
    png.subarray(afterHeader),
  ]);
}

/** A GIF of a few dozen bytes whose header and frame declare width x height. */
export function gifDeclaring(width: number, height: number) {
  const [wl, wh, hl, hh] = [width & 255, width >> 8, height & 255, height >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    wl,
    wh,
    hl,
    hh,
    0x80,
    0,
    0, // screen: size, a 2-colour table
    0,
    0,
    0,
    255,
    255,
    255,
    0x2c,
    0,
    0,
    0,
    0,
    wl,
    wh,
    hl,
    hh,
    0, // one frame over the whole screen
    2,
    2,
    0x44,
    0x01,
    0, // LZW data: a couple of pixels
    0x3b,
  ]);
}
