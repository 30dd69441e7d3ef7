import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Comment, Photo } from '../entities/photos';
import { FeedLimits } from '../enums';
import { Bool, FileParam, Id, Int, UploadLimits } from '../params';

export * from './album-manage';
export * from './album-photos';

export const uploadPhoto = endpoint({
  area: 'album',
  call: 'uploadPhoto',
  method: 'POST',
  multipart: true,
  summary: 'Upload a photo (JPEG, PNG, GIF or WebP by content), optionally as profile picture or background',
  auth: 'member',
  errors: ['ApiPayloadTooLargeException'],
  params: Type.Object({
    image: FileParam('the image file', UploadLimits.IMAGE),
    albumId: Type.Optional(Id()),
    albumName: Type.Optional(Type.String({ maxLength: 60 })),
    caption: Type.Optional(Type.String({ maxLength: 500 })),
    setProfilePic: Type.Optional(Bool({ default: false })),
    setBgImage: Type.Optional(Bool({ default: false })),
    rotate: Type.Optional(Int(0, 270, { description: 'degrees clockwise: 0, 90, 180, 270' })),
  }),
  result: { name: 'Photo', schema: Photo },
});

// Comments: on statuses (isPhoto false, postId = the status id) and photos (isPhoto
// true, postId = the photo id, authorUserId its owner). A post the caller may not see answers
// ApiNotFoundException, as a missing one does.

const post = {
  isPhoto: Type.Optional(Bool({ default: false, description: 'true: a photo; false: a status' })),
  postId: Id(),
  authorUserId: Id('the post’s author'),
};

export const composeComment = endpoint({
  area: 'album',
  call: 'composeComment',
  method: 'POST',
  multipart: true,
  summary: 'Comment on a post the caller may see; notifies its author',
  auth: 'member',
  errors: [
    'ApiForbiddenException',
    'ApiNotFoundException',
    'ApiPayloadTooLargeException',
    'ApiRateLimitException',
  ],
  params: Type.Object({
    ...post,
    message: Type.String({ minLength: 1, maxLength: FeedLimits.COMMENT_MAX }),
    photo: Type.Optional(FileParam('an optional image', UploadLimits.IMAGE)),
    photoId: Type.Optional(Id('ours: one of the caller’s album photos to attach instead of a file')),
  }),
  result: { name: 'Comment', schema: Comment },
});

export const getPostComments = endpoint({
  area: 'album',
  call: 'getPostComments',
  method: 'GET',
  summary: 'A post’s comments, oldest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object(post),
  result: { name: 'Comment', schema: Comment },
});

export const deleteComment = endpoint({
  area: 'album',
  call: 'deleteComment',
  method: 'POST',
  summary: 'Delete a comment: its author or the post’s author may',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ ...post, commentId: Id() }),
  result: Scalars.Boolean,
});
