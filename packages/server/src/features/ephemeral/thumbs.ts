import { randomBytes } from 'node:crypto';
import { EphemeralLimits } from '@tertulia/contract';
import sharp from 'sharp';
import { newImageKey, originalName } from '../../media/keys';
import { blurSigma } from '../../media/resize';
import type { MediaStore } from '../../media/storage';

/** Full-size view-once media live under this prefix: no public route serves it by name. */
export const newMediaName = (ext: string) => `ephemeral/${randomBytes(12).toString('hex')}.${ext}`;

/**
 * Stores the thumbnail as its own image key, already cut to 300 px and blurred 50: whoever
 * holds its URL (and asks the image service for any size of it) never sees the sharp picture.
 */
export async function storeBlurredThumb(media: MediaStore, source: Buffer): Promise<string> {
  const side = EphemeralLimits.THUMB_WIDTH;
  // Always 300 px, small sources enlarged: the tile has one size, and the blur hides the softness.
  const data = await sharp(source)
    .resize(side, side, { fit: 'cover', position: 'centre' })
    .blur(blurSigma(EphemeralLimits.THUMB_BLUR, side, side))
    .jpeg({ quality: 70 })
    .toBuffer();
  const key = newImageKey('jpg');
  await media.put(originalName(key), data);
  return key;
}
