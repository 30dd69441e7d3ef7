import zlib from 'node:zlib';
import { invalid } from '../http/errors';

/**
 * Cheap checks on an upload's bytes before any decoder sees them (docs/security.md, "Images"):
 * a decompression bomb is refused from its chunk list and its declared size, not after it has
 * cost seconds and gigabytes.
 */

/** Compressed PNG text and profile chunks (zTXt, iTXt, iCCP) may inflate to this much, all together. */
export const MAX_HIDDEN_INFLATED = 1024 * 1024;
/** Every ancillary PNG chunk together (text, EXIF, profiles...): the picture is in IDAT, not here. */
export const MAX_ANCILLARY_BYTES = 2 * 1024 * 1024;
/** GIF has no shrink-on-load: the whole frame is decoded at 4 bytes a pixel (16 MP: 64 MB). */
export const MAX_GIF_PIXELS = 16_000_000;
/**
 * Pixels a byte of compressed data can hold at most: deflate (PNG) inflates at most ~1032:1 and a
 * 1-bit pixel is an eighth of a byte; GIF's 12-bit LZW codes carry at most 4096 pixels. A header
 * declaring more than this per byte of file is lying, and the decoder would fill the rest anyway.
 */
const MAX_PIXELS_PER_BYTE = { png: 8_400, gif: 2_800 } as const;

const COMPRESSED = new Set(['zTXt', 'iTXt', 'iCCP']);
const PNG_SIGNATURE = 8;

/** The bytes after a chunk's latin-1 keyword (and, for iTXt, its flag, language and translation). */
function compressedPart(type: string, data: Buffer): Buffer | undefined {
  const keyEnd = data.indexOf(0);
  if (keyEnd < 0) return undefined;
  if (type !== 'iTXt') return data.subarray(keyEnd + 2); // keyword\0, method byte, zlib stream
  if (data[keyEnd + 1] !== 1) return undefined; // iTXt not compressed: counted as ancillary bytes only
  const langEnd = data.indexOf(0, keyEnd + 3);
  const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
  return translatedEnd < 0 ? undefined : data.subarray(translatedEnd + 1);
}

/**
 * Walks a PNG's chunks (length, type, data, CRC) without decoding anything, and refuses one whose
 * ancillary chunks are too large or whose compressed text would inflate past the budget (inflating
 * stops at the budget, so the check itself stays cheap).
 */
export function checkPngChunks(data: Buffer): void {
  let at = PNG_SIGNATURE;
  let ancillary = 0;
  let inflated = 0;
  while (at + 8 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, Math.min(data.length, at + 8 + length));
    at += 12 + length;
    if (type === 'IEND') return;
    // Lower-case first letter: ancillary (metadata); upper-case: the picture itself.
    if (type.charCodeAt(0) < 97) continue;
    ancillary += body.length;
    if (ancillary > MAX_ANCILLARY_BYTES) throw invalid('image', 'image.hiddenData');
    if (!COMPRESSED.has(type)) continue;
    const stream = compressedPart(type, body);
    if (!stream) continue;
    try {
      inflated += zlib.inflateSync(stream, { maxOutputLength: MAX_HIDDEN_INFLATED - inflated + 1 }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw invalid('image', 'image.hiddenData');
      continue; // a damaged chunk is skipped by the decoder too
    }
    if (inflated > MAX_HIDDEN_INFLATED) throw invalid('image', 'image.hiddenData');
  }
}

/** Refuses dimensions the file's own bytes could not fill, and GIF frames past their cap. */
export function checkDeclaredSize(type: string, width: number, height: number, fileBytes: number): void {
  const pixels = width * height;
  if (type === 'gif' && pixels > MAX_GIF_PIXELS) {
    throw invalid('image', 'image.gifDimensions', { megapixels: String(MAX_GIF_PIXELS / 1e6) });
  }
  const perByte = MAX_PIXELS_PER_BYTE[type as keyof typeof MAX_PIXELS_PER_BYTE];
  if (perByte && pixels > fileBytes * perByte) throw invalid('image', 'image.unreadable');
}
