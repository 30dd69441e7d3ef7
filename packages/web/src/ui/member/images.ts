import { IMAGE_PATH, type ImageOptions, imageUrl } from '@tertulia/contract';

/** The profile card's photo is resized to 220 at compression 0.75. */
export const CARD_PHOTO: ImageOptions = { width: 220, quality: 75 };
export const PROFILE_PHOTO: ImageOptions = { width: 320, crop: true, quality: 75 };
export const TILE_PHOTO: ImageOptions = { width: 150, crop: true };
export const BACKGROUND: ImageOptions = { width: 1200, quality: 70 };

/**
 * A User's image1/bgImage as a resize-service URL. The server sends either a storage key or the
 * service path of one (`/media/img/<key>`); both become `imageUrl(key, options)`. Anything else
 * (an outside URL) is used as it is.
 */
export function sizedImage(image: string | undefined, options: ImageOptions): string | undefined {
  if (!image) return undefined;
  const prefix = `${IMAGE_PATH}/`;
  if (image.startsWith(prefix)) {
    const key = decodeURIComponent(image.slice(prefix.length).split('?')[0]);
    return imageUrl(key, options);
  }
  if (/^(https?:)?\/\//.test(image) || image.startsWith('/') || image.startsWith('data:')) return image;
  return imageUrl(image, options);
}
