import type { ImageOptions } from '@tertulia/contract';
import { sizedImage } from '../../ui/member/images';

/** Photo sizes the app asks the image service for (its default compression suits each). */
export const GRID: ImageOptions = { width: 300, crop: true };
export const STRIP: ImageOptions = { width: 150, crop: true };
/** The page's photo: as wide as the column; the 2x variant is the service's largest. */
export const VIEW: ImageOptions = { width: 600 };

/** A photo's URL at a size. */
export const photoSrc = (image: string | undefined, options: ImageOptions) => sizedImage(image, options);

/** `srcset` with the 2x variant for high-density screens (the service clamps to its maximum). */
export function photoSrcSet(image: string | undefined, options: ImageOptions): string | undefined {
  if (!image || !options.width) return undefined;
  const double = sizedImage(image, { ...options, width: options.width * 2 });
  return `${sizedImage(image, options)} 1x, ${double} 2x`;
}
