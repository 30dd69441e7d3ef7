/**
 * The image-resize service: stored images are served at
 * IMAGE_PATH/<key> and resized on request by width, crop (square) and blur.
 */
export const IMAGE_PATH = '/media/img';

export interface ImageOptions {
  width?: number;
  crop?: boolean;
  blur?: number;
  /** JPEG quality 1-100 (a compression of 0.75 is 75). */
  quality?: number;
}

export function imageUrl(key: string, options: ImageOptions = {}): string {
  const params = new URLSearchParams();
  if (options.width) params.set('w', String(options.width));
  if (options.crop) params.set('crop', '1');
  if (options.blur) params.set('blur', String(options.blur));
  if (options.quality) params.set('q', String(options.quality));
  const query = params.toString();
  return `${IMAGE_PATH}/${encodeURIComponent(key)}${query ? `?${query}` : ''}`;
}

/**
 * GET: the member's data as a ZIP download (profile JSON, photos, messages written, statuses).
 * Not an envelope call (its answer is a file), so it lives beside the media paths.
 */
export const EXPORT_DATA_PATH = '/servlet/api/profile/exportData';

/** View-once media links (docs/ephemeral.md): GET EPHEMERAL_PATH/<signed token>. */
export const EPHEMERAL_PATH = '/media/ephemeral';

/** The spec's name for a view-once video's blurred thumbnail, served by the image path. */
export const ephemeralVideoThumbUrl = (postId: number, authorId: number) =>
  `${IMAGE_PATH}/videoephemeral_${postId}_user${authorId}`;
