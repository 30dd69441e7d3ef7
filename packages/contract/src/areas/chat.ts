import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { ChatConfiguration, Emoticon, LAYOUT_STYLES } from '../entities/chat';
import { Bool, Id } from '../params';
import { entry, errs, MaxMessages, Message, room, roomId, Since, users } from './chat-params';

/**
 * Chat: rooms (0 public, 1 profile, 2 member-made public, 3 private, 4 invite only,
 * 5 game), live entries, private messages inside a room, look settings and moderation.
 * Calls of ours beside the listed ones: createRoom, getRooms, enterRoom, sendPrivateMessage,
 * gagUser, getModerationLog, unblockUser. Room types 3 and 4: a private room (3) is not listed and admits the
 * owner's friends and invitees; an invite-only room (4) is listed but admits invitees only
 * (owner, moderators and admins always enter).
 */

export const createRoom = endpoint({
  area: 'chat',
  call: 'createRoom',
  method: 'POST',
  summary:
    'Create a room: members make types 2-4; type 1 returns the caller’s profile room; type 0 (public) is for admins',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiRateLimitException'],
  params: Type.Object({
    name: Type.String({ minLength: 3, maxLength: 40 }),
    roomType: Type.Integer({ minimum: 0, maximum: 4 }),
    maxUsers: Type.Optional(Type.Integer({ minimum: 2, maximum: 500 })),
    categoryName: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    locale: Type.Optional(Type.String({ pattern: '^(es|en)$' })),
  }),
  result: room,
});

export const getRooms = endpoint({
  area: 'chat',
  call: 'getRooms',
  method: 'GET',
  summary:
    'Listed rooms (public, member-made public, invite only): by category (default), near me, or by popularity',
  auth: 'member',
  list: { defaultLimit: 50 },
  params: Type.Object({
    categoryName: Type.Optional(Type.String({ maxLength: 40 })),
    locale: Type.Optional(Type.String({ pattern: '^(es|en)$' })),
    sort: Type.Optional(
      Type.Union([Type.Literal('category'), Type.Literal('nearMe'), Type.Literal('popularity')]),
    ),
  }),
  result: room,
});

export const enterRoom = endpoint({
  area: 'chat',
  call: 'enterRoom',
  method: 'POST',
  summary: 'Enter a room: respects maxUsers, private and invite-only rules, blocks and recent kicks',
  auth: 'member',
  errors: errs,
  params: Type.Object({ roomId }),
  result: room,
});

export const leaveRoom = endpoint({
  area: 'chat',
  call: 'leaveRoom',
  method: 'POST',
  summary: 'Leave a room; without roomId, every room the caller is in',
  auth: 'member',
  params: Type.Object({ roomId: Type.Optional(roomId) }),
  result: Scalars.Boolean,
});

export const getRoom = endpoint({
  area: 'chat',
  call: 'getRoom',
  method: 'GET',
  summary:
    'One room with the caller’s roles; with userId instead, that member’s profile room (made on demand)',
  auth: 'member',
  errors: errs,
  params: Type.Object({ roomId: Type.Optional(roomId), userId: Type.Optional(Id()) }),
  result: room,
});

export const getUsersInChatRoom = endpoint({
  area: 'chat',
  call: 'getUsersInChatRoom',
  method: 'GET',
  summary: 'Members in the room now: by name, or by entry time (newest first) with sortByEntryTime',
  auth: 'member',
  errors: errs,
  list: { defaultLimit: 100 },
  params: Type.Object({ roomId, sortByEntryTime: Type.Optional(Bool({ default: false })) }),
  result: users,
});

export const searchUsersInRoom = endpoint({
  area: 'chat',
  call: 'searchUsersInRoom',
  method: 'GET',
  summary: 'Members in the room whose name starts with name',
  auth: 'member',
  errors: errs,
  list: { defaultLimit: 20 },
  params: Type.Object({ roomId, name: Type.String({ minLength: 1, maxLength: 20 }) }),
  result: users,
});

export const getUsersCountInRoom = endpoint({
  area: 'chat',
  call: 'getUsersCountInRoom',
  method: 'GET',
  summary: 'How many members are in the room now',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ roomId }),
  result: Scalars.Integer,
});

export const getRecentChatRooms = endpoint({
  area: 'chat',
  call: 'getRecentChatRooms',
  method: 'GET',
  summary: 'Rooms the caller entered, most recent first',
  auth: 'member',
  list: { defaultLimit: 10 },
  params: Type.Object({}),
  result: room,
});

export const sendMessage = endpoint({
  area: 'chat',
  call: 'sendMessage',
  method: 'POST',
  summary:
    'Say something in a room the caller is in (not while gagged); returns the entries after minTimestamp, or the new one',
  auth: 'member',
  errors: [...errs, 'ApiRateLimitException'],
  params: Type.Object({ message: Message, roomId, minTimestamp: Type.Optional(Since) }),
  result: entry,
});

export const getMessages = endpoint({
  area: 'chat',
  call: 'getMessages',
  method: 'GET',
  summary: 'The room’s newest entries after minTimestamp, oldest first; ignored members left out',
  auth: 'member',
  errors: errs,
  params: Type.Object({
    roomId,
    minTimestamp: Type.Optional(Since),
    maxNumberMessages: Type.Optional(MaxMessages),
  }),
  result: entry,
});

export const sendPrivateMessage = endpoint({
  area: 'chat',
  call: 'sendPrivateMessage',
  method: 'POST',
  summary: 'A private message to another member in the same room (chatPrivateMessage push)',
  auth: 'member',
  errors: [...errs, 'ApiRateLimitException'],
  params: Type.Object({ roomId, userId: Id(), message: Message }),
  result: entry,
});

export const getPrivateMessages = endpoint({
  area: 'chat',
  call: 'getPrivateMessages',
  method: 'GET',
  changesState: true,
  summary: 'The caller’s private messages in a room after minTimestamp, oldest first; markAsRead reads them',
  auth: 'member',
  params: Type.Object({
    roomId,
    minTimestamp: Type.Optional(Since),
    maxNumberMessages: Type.Optional(MaxMessages),
    markAsRead: Type.Optional(Bool({ default: false })),
  }),
  result: entry,
});

export const getUnreadPrivateMessagesCount = endpoint({
  area: 'chat',
  call: 'getUnreadPrivateMessagesCount',
  method: 'GET',
  summary: 'Unread private messages to the caller in a room (every room without roomId)',
  auth: 'member',
  params: Type.Object({ roomId: Type.Optional(roomId) }),
  result: Scalars.Integer,
});

export const getPossibleColors = endpoint({
  area: 'chat',
  call: 'getPossibleColors',
  method: 'GET',
  summary: 'The colours a member may choose (#rrggbb)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.String,
});

const ColorParam = Type.Object({ color: Type.String({ minLength: 1, maxLength: 7 }) });

export const setColor = endpoint({
  area: 'chat',
  call: 'setColor',
  method: 'POST',
  summary: 'The caller’s text colour in rooms: one of getPossibleColors',
  auth: 'member',
  params: ColorParam,
  result: Scalars.Boolean,
});

export const setBgColor = endpoint({
  area: 'chat',
  call: 'setBgColor',
  method: 'POST',
  summary: 'The caller’s background colour in rooms: one of getPossibleColors',
  auth: 'member',
  params: ColorParam,
  result: Scalars.Boolean,
});

export const getPossibleEmoticons = endpoint({
  area: 'chat',
  call: 'getPossibleEmoticons',
  method: 'GET',
  summary: 'The emoticons of a theme (path; the caller’s theme, or default)',
  auth: 'member',
  params: Type.Object({ path: Type.Optional(Type.String({ maxLength: 40 })) }),
  result: { name: 'Emoticon', schema: Emoticon },
});

export const setEmoticonPath = endpoint({
  area: 'chat',
  call: 'setEmoticonPath',
  method: 'POST',
  summary: 'The caller’s emoticon theme: one of the offered paths',
  auth: 'member',
  params: Type.Object({ path: Type.String({ minLength: 1, maxLength: 40 }) }),
  result: Scalars.Boolean,
});

export const setLayoutStyle = endpoint({
  area: 'chat',
  call: 'setLayoutStyle',
  method: 'POST',
  summary: 'compact, cozy or comfortable',
  auth: 'member',
  params: Type.Object({ style: Type.Union(LAYOUT_STYLES.map((s) => Type.Literal(s))) }),
  result: Scalars.Boolean,
});

export const setCollapseImages = endpoint({
  area: 'chat',
  call: 'setCollapseImages',
  method: 'POST',
  summary: 'Show images in rooms collapsed',
  auth: 'member',
  params: Type.Object({ collapse: Bool() }),
  result: Scalars.Boolean,
});

export const getChatConfiguration = endpoint({
  area: 'chat',
  call: 'getChatConfiguration',
  method: 'GET',
  summary: 'The caller’s chat settings and gag expiration',
  auth: 'member',
  params: Type.Object({}),
  result: { name: 'ChatConfiguration', schema: ChatConfiguration },
});
