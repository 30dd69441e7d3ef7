import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { GuestbookEntry, Like, Notification, UserStatus } from '../entities/feed';
import { User } from '../entities/user';
import { FeedLimits } from '../enums';
import { Bool, FileParam, Id, UploadLimits } from '../params';

export const getLoggedInUser = endpoint({
  area: 'user',
  call: 'getLoggedInUser',
  method: 'GET',
  summary: 'The logged-in member, with the logged-in flags (id, name, verified, vip, chatGagExpiration)',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'User', schema: User },
});

/**
 * Who is calling, for a page that serves visitors and members alike: the logged-in member as
 * getLoggedInUser answers, or an empty list for an anonymous visitor (not a login error).
 */
export const getSessionUser = endpoint({
  area: 'user',
  call: 'getSessionUser',
  method: 'GET',
  summary: 'The logged-in member as getLoggedInUser answers, or an empty list for an anonymous visitor',
  auth: 'optional',
  params: Type.Object({}),
  result: { name: 'User', schema: User },
});

// Feed: status updates, likes, guestbook, notifications.

const LikeType = Type.Integer({
  minimum: 1,
  maximum: 5,
  description: 'LikeItemType: 1 status, 2 photo, 3 comment, 4 story, 5 feed event',
});
/** Names a likeable item: its type, id and author (the member the like notifies). */
const likeItem = { type: LikeType, itemId: Id(), authorUserId: Id() };
const Text = (max: number) => Type.String({ maxLength: max });

export const updateStatus = endpoint({
  area: 'user',
  call: 'updateStatus',
  method: 'POST',
  multipart: true,
  summary:
    'Post a status update (text and/or an image); it becomes the member’s statusObject and feed event 1',
  auth: 'member',
  errors: ['ApiPayloadTooLargeException', 'ApiRateLimitException'],
  params: Type.Object({
    newStatus: Type.Optional(Text(FeedLimits.STATUS_MAX)),
    image: Type.Optional(FileParam('an optional image (JPEG, PNG, GIF or WebP)', UploadLimits.IMAGE)),
    photoId: Type.Optional(Id('ours: one of the caller’s album photos to attach instead of a file')),
    privacy: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2, default: 1, description: 'ours: 1 public, 2 friends only' }),
    ),
    isNSFW: Type.Optional(Bool({ default: false, description: 'ours: not safe for work' })),
  }),
  result: { name: 'UserStatus', schema: UserStatus },
});

export const setFeedFilter = endpoint({
  area: 'user',
  call: 'setFeedFilter',
  method: 'POST',
  summary: 'Remember the feed filter; feed/getEvents.do uses it when no filter is given',
  auth: 'member',
  params: Type.Object({ filter: Type.Integer({ minimum: 1, maximum: 5, description: 'FeedFilter' }) }),
  result: Scalars.Boolean,
});

export const like = endpoint({
  area: 'user',
  call: 'like',
  method: 'POST',
  summary: 'Like an item; liking twice counts once. Returns the item’s like count',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({ ...likeItem, content: Type.Optional(Text(500)) }),
  result: Scalars.Integer,
});

export const unlike = endpoint({
  area: 'user',
  call: 'unlike',
  method: 'POST',
  summary: 'Take back a like (nothing happens if there was none). Returns the item’s like count',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ...likeItem, content: Type.Optional(Text(500)) }),
  result: Scalars.Integer,
});

export const doesUserLike = endpoint({
  area: 'user',
  call: 'doesUserLike',
  method: 'GET',
  summary: 'Whether the caller likes the item',
  auth: 'member',
  params: Type.Object(likeItem),
  result: Scalars.Boolean,
});

export const getUserLikes = endpoint({
  area: 'user',
  call: 'getUserLikes',
  method: 'GET',
  summary: 'The caller’s likes, newest first, optionally of one item type',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({ type: Type.Optional(LikeType) }),
  result: { name: 'Like', schema: Like },
});

export const getItemLikes = endpoint({
  area: 'user',
  call: 'getItemLikes',
  method: 'GET',
  summary: 'Who likes an item, newest first (the likes-list dialog)',
  auth: 'member',
  list: { defaultLimit: 20 },
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object(likeItem),
  result: { name: 'User', schema: User },
});

export const postGuestbookComment = endpoint({
  area: 'user',
  call: 'postGuestbookComment',
  method: 'POST',
  multipart: true,
  summary: 'Write on a member’s guestbook (their profile); records feed event 14 and notifies them',
  auth: 'member',
  errors: [
    'ApiForbiddenException',
    'ApiNotFoundException',
    'ApiPayloadTooLargeException',
    'ApiRateLimitException',
  ],
  params: Type.Object({
    profileId: Id('whose guestbook'),
    message: Type.String({ minLength: 1, maxLength: FeedLimits.GUESTBOOK_MAX }),
    photo: Type.Optional(FileParam('an optional image', UploadLimits.IMAGE)),
    photoId: Type.Optional(Id('ours: one of the caller’s album photos to attach instead of a file')),
  }),
  result: { name: 'GuestbookEntry', schema: GuestbookEntry },
});

export const getGuestbookComments = endpoint({
  area: 'user',
  call: 'getGuestbookComments',
  method: 'GET',
  summary: 'Ours: a member’s guestbook, newest first (private profiles: friends only)',
  auth: 'member',
  list: { defaultLimit: 20 },
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ profileId: Id() }),
  result: { name: 'GuestbookEntry', schema: GuestbookEntry },
});

export const getNotifications = endpoint({
  area: 'user',
  call: 'getNotifications',
  method: 'GET',
  summary:
    'Ours: the caller’s notifications (likes, comments, guestbook, accepted friendships), newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({ unreadOnly: Type.Optional(Bool({ default: false })) }),
  result: { name: 'Notification', schema: Notification },
});

export const getUnreadNotificationCount = endpoint({
  area: 'user',
  call: 'getUnreadNotificationCount',
  method: 'GET',
  summary: 'Ours: how many notifications the caller has not read (the header badge)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Integer,
});

export const markNotificationsRead = endpoint({
  area: 'user',
  call: 'markNotificationsRead',
  method: 'POST',
  summary:
    'Ours: mark the given notifications read, or all when ids is absent; returns the unread count left',
  auth: 'member',
  params: Type.Object({
    ids: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: 100, description: 'comma list' })),
  }),
  result: Scalars.Integer,
});
