import { FeedEventType, LikeItemType, type Photo, type UploadedFile } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { type NormalizedImage, normalizeImage, ROTATIONS } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import type { MediaStore } from '../../media/storage';
import { type Announce, recordFeedEvent } from '../feed/events';
import { DEFAULT_ALBUM_NAME, PROFILE_ALBUM_NAME } from './album-names';
import { toPhoto } from './present';
import { type AlbumRow, photoStore } from './store';

export interface UploadParams {
  image: Blob | UploadedFile | (Blob | UploadedFile)[];
  albumId?: number;
  albumName?: string;
  caption?: string;
  setProfilePic?: boolean;
  setBgImage?: boolean;
  rotate?: number;
}

function uploadedFiles(value: unknown): UploadedFile[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (!list.length) throw invalid('image', 'validation.required');
  for (const file of list) {
    if (!isUploadedFile(file)) throw invalid('image', 'validation.required');
    if (file.size === 0) throw invalid('image', 'image.type');
  }
  return list as UploadedFile[];
}

/** The feed event an upload makes: backstage (11), profile photo set (6) or photo upload (2). */
const eventTypeOf = (album: AlbumRow, setProfilePic: boolean) =>
  album.kind === 'backstage'
    ? FeedEventType.BACKSTAGE_PHOTO
    : setProfilePic
      ? FeedEventType.PROFILE_PHOTO_SET
      : FeedEventType.PHOTO_UPLOAD;

/**
 * album/uploadPhoto.do and uploadPhotos.do. Every file is checked and normalized first (type by
 * content, size from the header before decoding, EXIF and location stripped, turned upright):
 * one bad file refuses the whole request and nothing is stored. Then one transaction writes the
 * photos, the album made on demand, the profile picture or background and the feed events.
 */
export function uploadUseCases(deps: Pick<Deps, 'db' | 'unitOfWork'>, media: MediaStore, announce: Announce) {
  const store = photoStore(deps.db);

  return async function upload(user: UserRow, p: UploadParams): Promise<Photo[]> {
    const files = uploadedFiles(p.image);
    const rotate = p.rotate ?? 0;
    if (!(ROTATIONS as readonly number[]).includes(rotate)) {
      throw invalid('rotate', 'validation.oneOf', { values: ROTATIONS.join(', ') });
    }
    // Cheap checks first: a foreign album is refused before any decoding.
    const chosen = p.albumId ? await store.findAlbum(user.id, p.albumId) : undefined;
    if (p.albumId && !chosen) throw notFound('notFound.album');
    const images: NormalizedImage[] = [];
    for (const file of files) images.push(await normalizeImage(await readUpload(file), rotate));

    const keys = images.map((image) => newImageKey(image.ext));
    await Promise.all(images.map((image, i) => media.put(originalName(keys[i]), image.data)));
    const now = Date.now();
    const caption = p.caption?.trim() || null;
    const albumName = p.albumName?.trim();
    try {
      return await deps.unitOfWork(async (trx, after) => {
        const tx = photoStore(trx);
        let album = chosen;
        if (!album && albumName) {
          album =
            (await tx.findAlbumByName(user.id, albumName)) ?? (await tx.createAlbum(user.id, albumName, now));
        }
        album ??= p.setProfilePic
          ? await tx.ensureAlbum(user.id, 'profile', PROFILE_ALBUM_NAME, now)
          : await tx.ensureAlbum(user.id, 'default', DEFAULT_ALBUM_NAME, now);
        const backstage = album.kind === 'backstage' ? 1 : 0;
        const type = eventTypeOf(album, Boolean(p.setProfilePic));
        const ids: number[] = [];
        const events: number[] = [];
        let owner = user;
        for (const [i, image] of images.entries()) {
          const photo = await tx.insertPhoto({
            owner_id: user.id,
            author_id: user.id,
            album_id: album.id,
            image_key: keys[i],
            width: image.width,
            height: image.height,
            caption,
            backstage,
            created_at: now,
          });
          ids.push(photo.id);
          events.push(
            await recordFeedEvent(trx, {
              type,
              userId: user.id,
              postId: photo.id,
              properties: { 'source.user': user.id },
              item: { type: LikeItemType.PHOTO, id: photo.id },
              privacy: photo.privacy,
              now,
            }),
          );
        }
        const last = keys[keys.length - 1];
        if (p.setProfilePic) {
          await tx.setProfileImage(user.id, last, now);
          owner = { ...owner, image1: last };
        }
        if (p.setBgImage)
          owner = await tx.setBackground(
            user.id,
            last,
            user.bg_style === 'repeat' ? 'repeat' : 'cover',
            ids[ids.length - 1],
          );
        const size = await tx.albumSize(album.id);
        const users = new Map([[owner.id, owner]]);
        const photos: Photo[] = [];
        for (const id of ids) {
          const view = await tx.photo(id);
          if (view) photos.push(toPhoto(view, users, { albumSize: size }));
        }
        for (const eventId of events) announce(after, user.id, eventId, type);
        return photos;
      });
    } catch (error) {
      // Nothing refers to the stored files: don't keep them.
      await Promise.all(keys.map((key) => media.remove(originalName(key)).catch(() => {})));
      throw error;
    }
  };
}
