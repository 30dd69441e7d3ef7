import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Likers, Opt } from './common';
import { User } from './user';

const Privacy = () => Type.Integer({ description: '1 public, 2 friends, 3 private' });

/**
 * A photo post. ownerUser owns the album; authorUser posted it (they differ for guestbook and
 * shared photos). On a view-once photo, expiration is the seconds a viewer may look.
 */
export const Photo = Type.Object(
  {
    uid: Type.Integer(),
    image1: Opt(Type.String()),
    origImage1: Opt(Type.String({ description: 'the unresized original' })),
    message: Opt(Type.String({ description: 'caption' })),
    privacy: Opt(Privacy()),
    position: Opt(Type.Integer()),
    albumId: Opt(Type.Integer()),
    albumName: Opt(Type.String()),
    albumSize: Opt(Type.Integer()),
    commentCount: Opt(Type.Integer()),
    likeCount: Opt(Type.Integer()),
    likes: Opt(Likers()),
    creationTime: Opt(EpochMs()),
    ownerUser: Opt(User),
    authorUser: Opt(User),
    expiration: Opt(Type.Integer({ description: 'view-once photos: seconds a viewer may look' })),
    downloadPermitted: Opt(Type.Boolean()),
    image1Approved: Opt(Type.Boolean()),
    quarantine: Opt(Type.Boolean()),
    adminFlagged: Opt(Type.Boolean()),
    backstage: Opt(Type.Boolean({ description: 'in the backstage (restricted) album' })),
    shareable: Opt(Type.Boolean()),
    /** Ours: marked NSFW (shown only to members who opted in). */
    isNSFW: Opt(Type.Boolean()),
    /** Ours (getPhoto with browsable): the photos before and after it in its album. */
    previousPostId: Opt(Type.Integer()),
    nextPostId: Opt(Type.Integer()),
  },
  { title: 'Photo' },
);
export type Photo = Static<typeof Photo>;

/** A photo album; containsNewPhoto drives the "new" mark on the album list. */
export const Album = Type.Object(
  {
    id: Type.Integer(),
    name: Opt(Type.String()),
    size: Opt(Type.Integer()),
    containsNewPhoto: Opt(Type.Boolean()),
    coverImagePath: Opt(Type.String()),
    privacy: Opt(Privacy()),
    /** Ours: the owner's order, and whether it is their backstage album. */
    position: Opt(Type.Integer()),
    backstage: Opt(Type.Boolean()),
  },
  { title: 'Album' },
);
export type Album = Static<typeof Album>;

/** album/getPhotosAndAlbums.do: the member's albums and a page of photos together. */
export const PhotosAndAlbums = Type.Object(
  { albums: Type.Array(Album), photos: Type.Array(Photo) },
  { title: 'PhotosAndAlbums' },
);
export type PhotosAndAlbums = Static<typeof PhotosAndAlbums>;

/** A comment on a photo or other post. `creationtime` is lower-case, as the API spells it. */
export const Comment = Type.Object(
  {
    uid: Type.Integer(),
    author: Opt(User),
    message: Opt(Type.String()),
    creationtime: Opt(EpochMs()),
    image1: Opt(Type.String()),
    likes: Opt(Likers()),
    likeCount: Opt(Type.Integer()),
    /** Ours: the caller likes it (like type 3, comment). */
    liked: Opt(Type.Boolean()),
    /** Ours: the caller may delete it (the comment's author or the post's author). */
    deletable: Opt(Type.Boolean()),
  },
  { title: 'Comment' },
);
export type Comment = Static<typeof Comment>;
