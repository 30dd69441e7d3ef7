import sharp, { type Metadata } from 'sharp';
import { invalid } from '../http/errors';
import { checkDeclaredSize, checkPngChunks } from './image-guard';
import { inImagePool } from './image-pool';
import type { ImageExt } from './keys';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** Refused before decoding: wider or taller than this, or more pixels than MAX_PIXELS. */
export const MAX_SIDE = 16_384;
/** 50 megapixels: a current phone camera's full resolution (8160 x 6120) fits. */
export const MAX_PIXELS = 50_000_000;
/** The stored original's long side. */
export const ORIGINAL_MAX = 2048;
export const ROTATIONS = [0, 90, 180, 270] as const;
/** One image's decode and re-encode at most; past it the work is stopped (sharp's timeout). */
export const DECODE_SECONDS = 10;

const startsWith = (data: Uint8Array, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes; names and declared types are never trusted. */
export function sniffImageType(data: Uint8Array): ImageType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

export interface NormalizedImage {
  data: Buffer;
  ext: ImageExt;
  width: number;
  height: number;
}

/**
 * Checks an upload and makes the stored original: type by content, hidden PNG chunks walked and
 * dimensions read from the header (nothing decoded yet, docs/security.md "Images"), then decoded
 * once in the bounded image pool with a time limit, turned upright by its EXIF orientation,
 * rotated by the member's choice, bounded to ORIGINAL_MAX and re-encoded without any metadata
 * (EXIF, GPS, XMP, comments). Animated GIF and WebP keep their first frame.
 */
export async function normalizeImage(data: Uint8Array, rotate = 0): Promise<NormalizedImage> {
  const input = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const type = sniffImageType(input);
  if (!type) throw invalid('image', 'image.type');
  // Before sharp reads the header: libpng inflates text chunks while reading it.
  if (type === 'png') checkPngChunks(input);
  let header: Metadata;
  try {
    // Reads the header only; the pixel limit is ours to check below, with a clearer message.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid('image', 'image.unreadable');
  }
  const { width = 0, height = 0 } = header;
  if (header.format !== type || !width || !height) throw invalid('image', 'image.unreadable');
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw invalid('image', 'image.dimensions', {
      maxSide: String(MAX_SIDE),
      megapixels: String(MAX_PIXELS / 1e6),
    });
  }
  checkDeclaredSize(type, width, height, input.length);
  return inImagePool(() => decode(input, rotate, header.hasAlpha === true));
}

async function decode(input: Buffer, rotate: number, hasAlpha: boolean): Promise<NormalizedImage> {
  let pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true })
    .timeout({ seconds: DECODE_SECONDS })
    .autoOrient();
  if (rotate) pipeline = pipeline.rotate(rotate);
  pipeline = pipeline.resize({
    width: ORIGINAL_MAX,
    height: ORIGINAL_MAX,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const ext: ImageExt = hasAlpha ? 'webp' : 'jpg';
  pipeline = ext === 'webp' ? pipeline.webp({ quality: 90 }) : pipeline.jpeg({ quality: 88 });
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif), so none is kept.
    const { data: out, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: out, ext, width: info.width, height: info.height };
  } catch (error) {
    if (/timeout/i.test(String((error as Error).message))) throw invalid('image', 'image.tooSlow');
    throw invalid('image', 'image.unreadable');
  }
}
