import { type Album, imageUrl, type Photo, type User } from '@tertulia/contract';
import type { UserRow } from '../../http/context';
import type { AlbumRow, PhotoView } from './store';

export const minimalUser = (row: UserRow): User => ({
  uid: row.id,
  name: row.name,
  image1: row.image1 ? imageUrl(row.image1) : undefined,
});

const flag = (n: number) => n === 1;

/**
 * The Photo entity. image1 and origImage1 are the stored original's URL; the app asks the image
 * service for the sizes it shows. The URL of a photo that is not open to everyone is served only
 * to viewers the photo audience rule lets see it (media/routes.ts asks features/photos/images.ts).
 */
export function toPhoto(
  photo: PhotoView,
  users: Map<number, UserRow>,
  extra: { albumSize?: number; previous?: number; next?: number } = {},
): Photo {
  const url = imageUrl(photo.image_key);
  const owner = users.get(photo.owner_id);
  const author = users.get(photo.author_id);
  return {
    uid: photo.id,
    image1: url,
    origImage1: url,
    message: photo.caption ?? undefined,
    privacy: photo.privacy,
    position: photo.position,
    albumId: photo.album_id,
    albumName: photo.album_name,
    albumSize: extra.albumSize,
    commentCount: photo.comment_count,
    likeCount: photo.like_count,
    creationTime: photo.created_at,
    ownerUser: owner && minimalUser(owner),
    authorUser: author && minimalUser(author),
    downloadPermitted: flag(photo.download_permitted),
    image1Approved: flag(photo.approved),
    quarantine: flag(photo.quarantine),
    adminFlagged: flag(photo.admin_flagged),
    backstage: flag(photo.backstage),
    shareable: flag(photo.shareable),
    isNSFW: flag(photo.nsfw),
    previousPostId: extra.previous,
    nextPostId: extra.next,
  };
}

export function toAlbum(a: {
  album: AlbumRow;
  size: number;
  containsNew: boolean;
  coverKey?: string;
}): Album {
  return {
    id: a.album.id,
    name: a.album.name,
    size: a.size,
    containsNewPhoto: a.containsNew,
    coverImagePath: a.coverKey ? imageUrl(a.coverKey) : undefined,
    privacy: a.album.privacy,
    position: a.album.position,
    backstage: a.album.kind === 'backstage',
  };
}
