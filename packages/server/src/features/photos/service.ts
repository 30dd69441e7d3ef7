import {
  FeedEventType,
  imageUrl,
  LikeItemType,
  type Photo,
  type UploadedFile,
  type User,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type RequestContext, type UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { isUploadedFile, readUpload } from '../../http/uploads';
import { normalizeImage, ROTATIONS } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { recordFeedEvent } from '../feed/events';
import { toSelf } from '../people/user-view';
import { type AlbumRow, type PhotoRow, photoStore } from './store';

/** Names of the albums made on demand (stored in Spanish, the product's first language). */
export const PROFILE_ALBUM_NAME = 'Fotos de perfil';
export const DEFAULT_ALBUM_NAME = 'Mis fotos';

export interface UploadParams {
  image: Blob | UploadedFile;
  albumId?: number;
  albumName?: string;
  caption?: string;
  setProfilePic?: boolean;
  setBgImage?: boolean;
  rotate?: number;
}

function uploadedFile(value: unknown): UploadedFile {
  if (!isUploadedFile(value)) throw invalid('image', 'validation.required');
  if (value.size === 0) throw invalid('image', 'image.type');
  return value;
}

const minimalUser = (row: UserRow): User => ({
  uid: row.id,
  name: row.name,
  image1: row.image1 ? imageUrl(row.image1) : undefined,
});

/** The Photo entity; image1 and origImage1 are the stored original's URL. */
export function toPhoto(photo: PhotoRow, album: AlbumRow, albumSize: number, owner: UserRow): Photo {
  const url = imageUrl(photo.image_key);
  return {
    uid: photo.id,
    image1: url,
    origImage1: url,
    message: photo.caption ?? undefined,
    privacy: photo.privacy,
    albumId: album.id,
    albumName: album.name,
    albumSize,
    commentCount: 0,
    likeCount: 0,
    creationTime: photo.created_at,
    ownerUser: minimalUser(owner),
    authorUser: minimalUser(owner),
  };
}

export function photoService(
  deps: Pick<Deps, 'db' | 'config'>,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const store = photoStore(deps.db);

  return {
    async upload(p: UploadParams, ctx: RequestContext): Promise<Photo> {
      const user = me(ctx);
      const file = uploadedFile(p.image);
      const rotate = p.rotate ?? 0;
      if (!(ROTATIONS as readonly number[]).includes(rotate)) {
        throw invalid('rotate', 'validation.oneOf', { values: ROTATIONS.join(', ') });
      }
      // Cheap checks first: a foreign album is refused before any decoding.
      const chosen = p.albumId ? await store.findAlbum(user.id, p.albumId) : undefined;
      if (p.albumId && !chosen) throw notFound('notFound.album');
      const image = await normalizeImage(await readUpload(file), rotate);

      const key = newImageKey(image.ext);
      await media.put(originalName(key), image.data);
      const now = Date.now();
      const caption = p.caption?.trim() || null;
      const albumName = p.albumName?.trim();
      try {
        return await deps.db.transaction().execute(async (trx) => {
          const tx = photoStore(trx);
          let album = chosen;
          if (!album && albumName) {
            album =
              (await tx.findAlbumByName(user.id, albumName)) ??
              (await tx.createAlbum(user.id, albumName, now));
          }
          album ??= p.setProfilePic
            ? await tx.ensureAlbum(user.id, 'profile', PROFILE_ALBUM_NAME, now)
            : await tx.ensureAlbum(user.id, 'default', DEFAULT_ALBUM_NAME, now);
          const photo = await tx.insertPhoto({
            owner_id: user.id,
            author_id: user.id,
            album_id: album.id,
            image_key: key,
            width: image.width,
            height: image.height,
            caption,
            created_at: now,
          });
          let owner = user;
          if (p.setProfilePic) {
            await tx.setProfileImage(user.id, key, now);
            owner = { ...owner, image1: key };
            await recordFeedEvent(trx, {
              type: FeedEventType.PROFILE_PHOTO_SET,
              userId: user.id,
              postId: photo.id,
              properties: { 'source.user': user.id },
              item: { type: LikeItemType.PHOTO, id: photo.id },
              privacy: photo.privacy,
              now,
            });
          }
          if (p.setBgImage)
            owner = await tx.setBackground(
              user.id,
              key,
              user.bg_style === 'repeat' ? 'repeat' : 'cover',
              photo.id,
            );
          return toPhoto(photo, album, await tx.albumSize(album.id), owner);
        });
      } catch (error) {
        // Nothing refers to the stored file: don't keep it.
        await media.remove(originalName(key)).catch(() => {});
        throw error;
      }
    },

    /** Uses one of the caller's photos as their background (0 clears it); returns the caller. */
    async setBackground(p: { photo: number; repeat?: boolean }, ctx: RequestContext): Promise<User> {
      const user = me(ctx);
      if (p.photo === 0) return toSelf(await store.setBackground(user.id, null, null));
      const photo = await store.findOwnPhoto(user.id, p.photo);
      if (!photo) throw notFound('notFound.photo');
      return toSelf(
        await store.setBackground(user.id, photo.image_key, p.repeat ? 'repeat' : 'cover', photo.id),
      );
    },
  };
}
