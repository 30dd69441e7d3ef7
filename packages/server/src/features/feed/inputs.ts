import type { UploadedFile } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { invalid, rateLimited } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { normalizeImage } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';

/** What the feed's writes share: paging, the write limit, uploaded images. */

export type Page = { page?: number; limit?: number };
export const MINUTE = 60_000;
/** Writes per member per 10 minutes: generous for people, a wall for scripts. */
export const WRITES_PER_WINDOW = 60;

export const pageOf = (p: Page, defaultLimit: number) => {
  const limit = p.limit ?? defaultLimit;
  return { limit, offset: ((p.page ?? 1) - 1) * limit, page: p.page ?? 1 };
};

/** An optional uploaded image field: absent, or a non-empty file (else a 400 on `field`). */
export function fileOf(value: unknown, field: string): UploadedFile | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isUploadedFile(value) || value.size === 0) throw invalid(field, 'image.type');
  return value;
}

/** Counts a member's feed write (status, comment, guestbook entry); a 429 past the limit. */
export function writeLimit(limiter: Deps['limiter']) {
  return async (memberId: number): Promise<void> => {
    const decision = await limiter.hit(`feed:write:${memberId}`, WRITES_PER_WINDOW, 10 * MINUTE);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  };
}
export type WriteLimit = ReturnType<typeof writeLimit>;

/** Stores an uploaded image as the media intake does for photos; answers its key. */
export function imageSaver(media: MediaStore) {
  return async (file: UploadedFile): Promise<string> => {
    const image = await normalizeImage(await readUpload(file), 0);
    const key = newImageKey(image.ext);
    await media.put(originalName(key), image.data);
    return key;
  };
}
export type SaveImage = ReturnType<typeof imageSaver>;
