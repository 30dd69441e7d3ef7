import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Album, Photo, PhotosAndAlbums } from '../entities/photos';
import { PhotoLimits } from '../enums';
import { Bool, FilesParam, Id, Int, UploadLimits } from '../params';

/**
 * Albums and photos beyond the single upload (areas/album.ts): reading albums and photos,
 * editing, rotating, deleting, reporting and moderating them. Re-exported by areas/album.ts,
 * so they stay under api.album. Every read applies the photo audience rule (docs/photos.md):
 * what a viewer may not see is left out, and a single photo they may not see answers 404.
 */
const photoResult = { name: 'Photo', schema: Photo };
const Privacy = () => Int(1, 3, { description: '1 public, 2 friends, 3 private' });
const AlbumName = () => Type.String({ minLength: 1, maxLength: PhotoLimits.ALBUM_NAME_MAX });
const Caption = () => Type.String({ maxLength: PhotoLimits.CAPTION_MAX });

export const getPhotoAlbums = endpoint({
  area: 'album',
  call: 'getPhotoAlbums',
  method: 'GET',
  summary: 'A member’s albums in their order, counting only the photos the caller may see',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: { name: 'Album', schema: Album },
});

export const getPhotos = endpoint({
  area: 'album',
  call: 'getPhotos',
  method: 'GET',
  summary: 'A page of a member’s photos (one album or all) the caller may see',
  auth: 'optional',
  list: { defaultLimit: PhotoLimits.PAGE },
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    userId: Id(),
    albumId: Type.Optional(Id()),
    filterApproved: Type.Optional(Bool({ default: false, description: 'only photos an admin approved' })),
  }),
  result: photoResult,
});

export const getPhotosAndAlbums = endpoint({
  area: 'album',
  call: 'getPhotosAndAlbums',
  method: 'GET',
  summary: 'A member’s albums and a page of their photos in one answer',
  auth: 'optional',
  list: { defaultLimit: PhotoLimits.PAGE },
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    userId: Id(),
    albumId: Type.Optional(Id()),
    filterBackstage: Type.Optional(Bool({ default: false, description: 'leave backstage photos out' })),
  }),
  result: { name: 'PhotosAndAlbums', schema: PhotosAndAlbums },
});

export const getPhoto = endpoint({
  area: 'album',
  call: 'getPhoto',
  method: 'GET',
  summary: 'One photo; browsable adds the previous and next photo ids of its album',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    postId: Id(),
    authorUserId: Type.Optional(Id()),
    albumId: Type.Optional(Id()),
    browsable: Type.Optional(Bool({ default: false })),
  }),
  result: photoResult,
});

export const getNewestAlbumPost = endpoint({
  area: 'album',
  call: 'getNewestAlbumPost',
  method: 'GET',
  summary: 'The caller’s newest photo (none when they have no photos)',
  auth: 'member',
  params: Type.Object({}),
  result: photoResult,
});

export const getUserPhotoCount = endpoint({
  area: 'album',
  call: 'getUserPhotoCount',
  method: 'GET',
  summary: 'How many of a member’s photos the caller may see',
  auth: 'optional',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ownerId: Id() }),
  result: Scalars.Integer,
});

export const getPhotoFavorites = endpoint({
  area: 'album',
  call: 'getPhotoFavorites',
  method: 'GET',
  summary: 'Photos a member liked, newest like first, that the caller may see',
  auth: 'optional',
  list: { defaultLimit: PhotoLimits.PAGE },
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ownerId: Id() }),
  result: photoResult,
});

export const uploadPhotos = endpoint({
  area: 'album',
  call: 'uploadPhotos',
  method: 'POST',
  multipart: true,
  summary: 'Upload several photos in one request (each checked as uploadPhoto checks one)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiPayloadTooLargeException'],
  params: Type.Object({
    image: FilesParam('the image files', UploadLimits.IMAGE, PhotoLimits.FILES_PER_UPLOAD),
    albumId: Type.Optional(Id()),
    albumName: Type.Optional(AlbumName()),
    caption: Type.Optional(Caption()),
    setProfilePic: Type.Optional(Bool({ default: false })),
    setBgImage: Type.Optional(Bool({ default: false })),
    rotate: Type.Optional(Int(0, 270, { description: 'degrees clockwise: 0, 90, 180, 270' })),
  }),
  result: photoResult,
});

export const rotatePhoto = endpoint({
  area: 'album',
  call: 'rotatePhoto',
  method: 'POST',
  summary: 'Turn one of the caller’s photos a quarter turn (it gets a new image URL)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ postId: Id(), clockwise: Type.Optional(Bool({ default: true })) }),
  result: photoResult,
});

export const editPost = endpoint({
  area: 'album',
  call: 'editPost',
  method: 'POST',
  summary: 'Change a photo’s caption, privacy, position or album (by name; made if missing)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    isPhoto: Type.Optional(Bool({ default: true, description: 'only photos are edited here' })),
    postId: Id(),
    caption: Type.Optional(Caption()),
    privacy: Type.Optional(Privacy()),
    position: Type.Optional(Int(0, PhotoLimits.POSITION_MAX)),
    albumName: Type.Optional(AlbumName()),
  }),
  result: photoResult,
});

export const deletePhoto = endpoint({
  area: 'album',
  call: 'deletePhoto',
  method: 'POST',
  summary: 'Delete one of the caller’s photos with its comments, likes and feed events',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ postId: Id() }),
  result: Scalars.Boolean,
});

export const createAlbum = endpoint({
  area: 'album',
  call: 'createAlbum',
  method: 'POST',
  summary: 'Make an album; backstage makes (or returns) the caller’s backstage album',
  auth: 'member',
  params: Type.Object({ name: AlbumName(), backstage: Type.Optional(Bool({ default: false })) }),
  result: { name: 'Album', schema: Album },
});

export const editAlbum = endpoint({
  area: 'album',
  call: 'editAlbum',
  method: 'POST',
  summary: 'Rename one of the caller’s albums or move it in their order',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    albumId: Id(),
    name: Type.Optional(AlbumName()),
    position: Type.Optional(Int(0, PhotoLimits.POSITION_MAX)),
  }),
  result: { name: 'Album', schema: Album },
});

export const reportPhoto = endpoint({
  area: 'album',
  call: 'reportPhoto',
  method: 'POST',
  summary: 'Report a photo to the moderators (a negative photoId is the in-page report)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    photoAuthorId: Id(),
    photoId: Type.Integer({ minimum: -2_147_483_647, maximum: 2_147_483_647 }),
    reason: Type.Optional(Type.String({ maxLength: 100 })),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  result: Scalars.Boolean,
});

export const moderatePhoto = endpoint({
  area: 'album',
  call: 'moderatePhoto',
  method: 'POST',
  summary: 'Admin: quarantine (hide from all but the owner), approve, or mark a photo NSFW',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    postId: Id(),
    quarantine: Type.Optional(Bool()),
    approved: Type.Optional(Bool()),
    nsfw: Type.Optional(Bool()),
  }),
  result: photoResult,
});

export const allowNSFW = endpoint({
  area: 'user',
  call: 'allowNSFW',
  method: 'POST',
  summary:
    'Opt in to photos and stories marked NSFW (tagId: the content tag; any tag opts in); members under 18 are refused (403) and never see NSFW',
  errors: ['ApiForbiddenException'],
  auth: 'member',
  params: Type.Object({ tagId: Type.Optional(Int(0, 1000)) }),
  result: Scalars.Boolean,
});
