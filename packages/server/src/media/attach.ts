import type { UploadedFile } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UserRow } from '../http/context';
import { invalid, notFound } from '../http/errors';
import { isUploadedFile, readUpload } from '../http/uploads';
import { attachablePhoto } from '../policy/photos';
import { normalizeImage } from './intake';
import { type ImageExt, newImageKey, originalName, parseImageKey } from './keys';
import type { MediaStore } from './storage';

/**
 * Attaching one of the member's album photos to a status, comment, guestbook entry or offline
 * message (the photo select dialog), shared by the feed and messaging features (here, below the
 * features, so neither imports the photos feature). The image is copied under a new key that belongs to the post:
 * the post's own audience decides who sees it, and deleting the photo, or rekeying it when it
 * becomes friends-only, leaves the post's picture alone.
 */
export function photoAttacher(db: Kysely<Database>, media: MediaStore) {
  return async (viewer: UserRow, photoId: number): Promise<string> => {
    const row = await attachablePhoto(db, viewer, photoId);
    if (row === 'notFound') throw notFound('notFound.photo');
    if (row === 'refused') throw invalid('photoId', 'photos.notAttachable');
    const data = await media.get(originalName(row.image_key));
    if (!data) throw notFound('notFound.photo');
    const key = newImageKey((parseImageKey(row.image_key)?.ext ?? 'jpg') as ImageExt);
    await media.put(originalName(key), data);
    return key;
  };
}
export type AttachPhoto = ReturnType<typeof photoAttacher>;

/** Refuses a file and an album photo together (400 on `photoId`): call before any write. */
export function oneOrNone(file: unknown, photoId: number | undefined): void {
  if (file && photoId) throw invalid('photoId', 'photos.attachOne');
}

/** A post's picture: the album photo copied, or the uploaded file saved, or none. */
export async function pictureOf<F>(
  attach: AttachPhoto,
  save: (file: F) => Promise<string>,
  viewer: UserRow,
  file: F | undefined,
  photoId: number | undefined,
): Promise<string | null> {
  oneOrNone(file, photoId);
  if (photoId) return attach(viewer, photoId);
  return file ? save(file) : null;
}

/** An optional uploaded image field: absent, or a non-empty file (else a 400 on `field`). */
export function fileOf(value: unknown, field: string): UploadedFile | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isUploadedFile(value) || value.size === 0) throw invalid(field, 'image.type');
  return value;
}

/** Stores an uploaded image as the media intake does for photos (checked, EXIF gone); answers its key. */
export function imageSaver(media: MediaStore) {
  return async (file: UploadedFile): Promise<string> => {
    const image = await normalizeImage(await readUpload(file), 0);
    const key = newImageKey(image.ext);
    await media.put(originalName(key), image.data);
    return key;
  };
}
export type SaveImage = ReturnType<typeof imageSaver>;
