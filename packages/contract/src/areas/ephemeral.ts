import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { EphemeralItem } from '../entities/ephemeral';
import { EphemeralLimits } from '../ephemeral';
import { FileParam, Id, Int, UploadLimits } from '../params';

/**
 * View-once photos and videos (docs/ephemeral.md) in an IM, a group conversation or a chat room
 * (type 3: conversationId is the room). The message or chat entry carries the item's tag; each
 * recipient may look for `expiration` seconds, once. An item the caller may not see answers
 * ApiNotFoundException; one whose time is spent answers ApiGoneException.
 */
const item = { name: 'EphemeralItem', schema: EphemeralItem };
const where = {
  conversationId: Type.Optional(Id('the conversation, or the chat room when type is 3')),
  ownerId: Type.Optional(Id('the conversation’s owner')),
  type: Type.Optional(Int(1, 3, { description: '1 IM, 2 UGC group, 3 chat room' })),
  targetId: Type.Optional(Id('without conversationId: the member to start an IM with')),
};
const one = { postId: Id(), authorId: Id('the item’s author') };
const update = {
  ...one,
  viewTime: Type.Number({
    minimum: 0,
    maximum: EphemeralLimits.MAX_VIEW_TIME,
    description: 'seconds the caller has looked so far (the server keeps the largest)',
  }),
};
const sendErrors = [
  'ApiForbiddenException',
  'ApiNotFoundException',
  'ApiPayloadTooLargeException',
  'ApiVerificationRequiredException',
] as const;

export const uploadEphemeralPhoto = endpoint({
  area: 'photo',
  call: 'uploadEphemeral',
  method: 'POST',
  multipart: true,
  summary: 'Send a view-once photo into a conversation or chat room (VIP only in rooms)',
  auth: 'member',
  errors: sendErrors,
  params: Type.Object({
    image: FileParam('the photo (JPEG, PNG, GIF or WebP)', UploadLimits.IMAGE),
    ...where,
    rotate: Type.Optional(Int(0, 270, { description: 'degrees clockwise: 0, 90, 180, 270' })),
  }),
  result: item,
});

export const updateEphemeralPhoto = endpoint({
  area: 'photo',
  call: 'updateEphemeral',
  method: 'POST',
  summary: 'Record how long the caller looked at a view-once photo; time is never given back',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(update),
  result: item,
});

export const getEphemeral = endpoint({
  area: 'photo',
  call: 'getEphemeral',
  method: 'GET',
  summary:
    'Ours: a view-once photo or video as the caller sees it (state, remaining, viewers for the author)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(one),
  result: item,
});

export const openEphemeral = endpoint({
  area: 'photo',
  call: 'openEphemeral',
  method: 'POST',
  summary: 'Ours: start (or resume) looking at a view-once photo or video: a link for the caller only',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiGoneException', 'ApiConflictException'],
  params: Type.Object(one),
  result: item,
});

export const uploadEphemeralVideo = endpoint({
  area: 'video',
  call: 'uploadEphemeral',
  method: 'POST',
  multipart: true,
  summary: 'Send a view-once video (cut to 30 s) into a conversation or chat room (VIP only in rooms)',
  auth: 'member',
  errors: [...sendErrors, 'ApiUnavailableException'],
  params: Type.Object({ video: FileParam('the video (MP4, WebM or MOV)', UploadLimits.VIDEO), ...where }),
  result: item,
});

export const updateEphemeralVideo = endpoint({
  area: 'video',
  call: 'updateEphemeral',
  method: 'POST',
  summary: 'Record how long the caller watched a view-once video; time is never given back',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(update),
  result: item,
});
