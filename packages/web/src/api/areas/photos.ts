import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type ParamsOf, PhotoLimits } from '@tertulia/contract';
import { call, callOne } from '../client';
import { keyOf } from '../query';
import { uploadWithProgress } from '../upload';

/** Albums and photos: the album grid, the photo page, the owner's edits and uploads. */
const a = api.album;

export const albumsKey = (userId: number) => keyOf(a.getPhotoAlbums, { userId });
export const photosKey = (userId: number, albumId?: number) =>
  [a.getPhotos.path, { userId, albumId }, 'pages'] as const;
export const photoKey = (postId: number) => [a.getPhoto.path, postId] as const;

export function useAlbums(userId: number, enabled = true) {
  return useQuery({
    queryKey: albumsKey(userId),
    queryFn: ({ signal }) => call(a.getPhotoAlbums, { userId }, { signal }),
    enabled,
  });
}

/** A member's photos (one album or all), a page at a time as the grid scrolls. */
export function usePhotoPages(userId: number, albumId: number | undefined, enabled = true) {
  return useInfiniteQuery({
    queryKey: photosKey(userId, albumId),
    queryFn: ({ pageParam, signal }) =>
      call(a.getPhotos, { userId, albumId, page: pageParam, limit: PhotoLimits.PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= PhotoLimits.PAGE ? pages.length + 1 : undefined),
    enabled,
  });
}

/** The photos a member liked that the caller may see, newest like first, a page at a time. */
export function usePhotoFavorites(ownerId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: [a.getPhotoFavorites.path, ownerId],
    queryFn: ({ pageParam, signal }) =>
      call(a.getPhotoFavorites, { ownerId, page: pageParam, limit: PhotoLimits.PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length >= PhotoLimits.PAGE ? pages.length + 1 : undefined),
    enabled,
  });
}

/** One photo with its album neighbours (browsable). */
export function usePhoto(postId: number, authorUserId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: photoKey(postId),
    queryFn: ({ signal }) => callOne(a.getPhoto, { postId, authorUserId, browsable: true }, { signal }),
    enabled,
  });
}

export const prefetchPhoto = (queryClient: QueryClient, postId: number) =>
  queryClient.prefetchQuery({
    queryKey: photoKey(postId),
    queryFn: ({ signal }) => callOne(a.getPhoto, { postId, browsable: true }, { signal }),
  });

/** After an edit, upload or delete: the member's albums, grids and photo pages load again. */
export const invalidatePhotos = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [a.getPhotoAlbums.path] }),
    queryClient.invalidateQueries({ queryKey: [a.getPhotos.path] }),
    queryClient.invalidateQueries({ queryKey: [a.getPhoto.path] }),
  ]);

export const editPhoto = (params: ParamsOf<typeof a.editPost>) => callOne(a.editPost, params);
export const rotatePhoto = (postId: number, clockwise: boolean) =>
  callOne(a.rotatePhoto, { postId, clockwise });
export const deletePhoto = (postId: number) => callOne(a.deletePhoto, { postId });
export const reportPhoto = (params: ParamsOf<typeof a.reportPhoto>) => callOne(a.reportPhoto, params);
export const createAlbum = (name: string, backstage = false) =>
  callOne(a.createAlbum, backstage ? { name, backstage } : { name });

export function uploadPhotos(params: ParamsOf<typeof a.uploadPhotos>, onProgress: (percent: number) => void) {
  return uploadWithProgress(a.uploadPhotos, params, onProgress);
}

type LikeItem = ParamsOf<typeof api.user.doesUserLike>;
export const photoLikedKey = (item: LikeItem) => [api.user.doesUserLike.path, item] as const;

/** Whether the caller likes the photo (the like button's state). */
export function usePhotoLiked(item: LikeItem) {
  return useQuery({
    queryKey: photoLikedKey(item),
    queryFn: ({ signal }) => callOne(api.user.doesUserLike, item, { signal }),
  });
}

/** A comment on a photo, with an optional picture: one of the member's album photos by id. */
export const commentWithPhoto = (
  post: { isPhoto: boolean; postId: number; authorUserId: number },
  message: string,
  photoId?: number,
) => callOne(a.composeComment, { ...post, message, photoId });

/** One photo uploaded into the default album, with the percent sent (the photo select dialog). */
export function uploadOnePhoto(image: Blob, onProgress: (percent: number) => void) {
  return uploadWithProgress(a.uploadPhoto, { image }, onProgress).then((photos) => photos[0]);
}

// The owner's album management and backstage unlocks.
export const renameAlbum = (albumId: number, name: string) => callOne(a.editAlbum, { albumId, name });
export const reorderAlbums = (albumIds: number[]) =>
  callOne(a.reorderAlbums, { albumIds: albumIds.join(',') });
export const deleteAlbum = (albumId: number) => callOne(a.deleteAlbum, { albumId });
export const moveToAlbum = (postId: number, albumName: string) => callOne(a.editPost, { postId, albumName });

export const unlocksKey = [a.getBackstageUnlocks.path] as const;
export function useBackstageUnlocks(enabled = true) {
  return useQuery({
    queryKey: unlocksKey,
    queryFn: ({ signal }) => call(a.getBackstageUnlocks, { limit: 100 }, { signal }),
    enabled,
  });
}
export const unlockBackstage = (userId: number) => callOne(a.unlockBackstage, { userId });
export const lockBackstage = (userId: number) => callOne(a.lockBackstage, { userId });
