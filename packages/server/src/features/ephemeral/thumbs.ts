import { randomBytes } from 'node:crypto';
import { EphemeralLimits } from '@tertulia/contract';
import { newImageKey, originalName } from '../../media/keys';
import { renderVariant } from '../../media/resize';
import type { MediaStore } from '../../media/storage';

/** Full-size view-once media live under this prefix: no public route serves it by name. */
export const newMediaName = (ext: string) => `ephemeral/${randomBytes(12).toString('hex')}.${ext}`;

/**
 * Stores the thumbnail as its own image key, already cut to 300 px and blurred 50: whoever
 * holds its URL (and asks the image service for any size of it) never sees the sharp picture.
 */
export async function storeBlurredThumb(media: MediaStore, source: Buffer): Promise<string> {
  const variant = { width: EphemeralLimits.THUMB_WIDTH, crop: true, blur: EphemeralLimits.THUMB_BLUR };
  const data = await renderVariant(source, variant, 'jpg');
  const key = newImageKey('jpg');
  await media.put(originalName(key), data);
  return key;
}
