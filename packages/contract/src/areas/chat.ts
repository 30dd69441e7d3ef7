import { type TObject, Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import {
  ChatConfiguration,
  ChatEntry,
  ChatModerationEntry,
  ChatRoom,
  Emoticon,
  LAYOUT_STYLES,
} from '../entities/chat';
import { LeaderboardEntry } from '../entities/economy';
import { User } from '../entities/user';
import { CHAT_LIMITS } from '../enums';
import { Bool, Id, Page, Timestamp } from '../params';

/**
 * Chat: rooms (0 public, 1 profile, 2 member-made public, 3 private, 4 invite only,
 * 5 game), live entries, private messages inside a room, look settings and moderation.
 * Calls of ours beside the listed ones: createRoom, getRooms, enterRoom, sendPrivateMessage,
 * gagUser, getModerationLog, unblockUser. Room types 3 and 4: a private room (3) is not listed and admits the
 * owner's friends and invitees; an invite-only room (4) is listed but admits invitees only
 * (owner, moderators and admins always enter).
 */
const room = { name: 'ChatRoom', schema: ChatRoom };
const entry = { name: 'ChatEntry', schema: ChatEntry };
const users = { name: 'User', schema: User };
const leaders = { name: 'LeaderboardEntry', schema: LeaderboardEntry };
const roomId = Id('the room');
const userAndRoom = Type.Object({ userId: Id(), roomId });
const Message = Type.String({ minLength: 1, maxLength: 1000 });
const Since = Timestamp('epoch ms; entries after it');
const MaxMessages = Type.Integer({ minimum: 1, maximum: 200, default: 50 });
const errs = ['ApiNotFoundException', 'ApiForbiddenException'] as const;

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

const moderation = <P extends TObject>(call: string, summary: string, params: P) =>
  endpoint({
    area: 'chat',
    call,
    method: 'POST',
    summary,
    auth: 'member',
    errors: errs,
    params,
    result: Scalars.Boolean,
  });

const minutes = (bound: { default: number; max: number }) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: bound.max, default: bound.default }));

export const kickUser = moderation(
  'kickUser',
  'Owner or moderator: remove a member from the room for minutes (at most a day)',
  Type.Object({ userId: Id(), roomId, minutes: minutes(CHAT_LIMITS.kickMinutes) }),
);
export const blockUser = moderation(
  'blockUser',
  'Owner or moderator: remove a member and keep them out for minutes (at most 30 days)',
  Type.Object({ userId: Id(), roomId, minutes: minutes(CHAT_LIMITS.blockMinutes) }),
);
export const unblockUser = moderation(
  'unblockUser',
  'Owner or moderator: let a blocked member in again',
  userAndRoom,
);
export const addModerator = moderation(
  'addModerator',
  'Owner: make a member a moderator of the room',
  userAndRoom,
);
export const removeModerator = moderation(
  'removeModerator',
  'Owner: take a moderator’s role away',
  userAndRoom,
);

export const gagUser = endpoint({
  area: 'chat',
  call: 'gagUser',
  method: 'POST',
  summary:
    'With roomId: the room’s owner, moderators and admins keep a member from posting in that room only (at most a day; admins a week). Without: admins gag a member in every room',
  auth: 'member',
  errors: errs,
  params: Type.Object({
    userId: Id(),
    roomId: Type.Optional(roomId),
    minutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CHAT_LIMITS.gagMinutes.adminMax,
        default: CHAT_LIMITS.gagMinutes.default,
      }),
    ),
  }),
  result: Scalars.Boolean,
});

export const isModerator = endpoint({
  area: 'chat',
  call: 'isModerator',
  method: 'GET',
  summary: 'Whether a member moderates the room (the owner does)',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ roomId, userId: Type.Optional(Id('default: the caller')) }),
  result: Scalars.Boolean,
});

export const getChatRoomOwnerAndModerators = endpoint({
  area: 'chat',
  call: 'getChatRoomOwnerAndModerators',
  method: 'GET',
  summary: 'The room’s owner first, then its moderators',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ roomId }),
  result: users,
});

export const getModerationLog = endpoint({
  area: 'chat',
  call: 'getModerationLog',
  method: 'GET',
  summary: 'The room’s moderation actions, newest first: owner, moderators and admins',
  auth: 'member',
  errors: errs,
  list: { defaultLimit: 50 },
  params: Type.Object({ roomId }),
  result: { name: 'ChatModerationEntry', schema: ChatModerationEntry },
});

export const deleteRoom = endpoint({
  area: 'chat',
  call: 'deleteRoom',
  method: 'POST',
  summary: 'Owner (admins for public rooms): delete the room',
  auth: 'member',
  errors: errs,
  params: Type.Object({ roomId }),
  result: Scalars.Boolean,
});

const userOnly = Type.Object({ userId: Id() });

export const ignoreUser = endpoint({
  area: 'chat',
  call: 'ignoreUser',
  method: 'POST',
  summary: 'Hide a member’s room entries and private messages from the caller',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: userOnly,
  result: Scalars.Boolean,
});

export const unignoreUser = endpoint({
  area: 'chat',
  call: 'unignoreUser',
  method: 'POST',
  summary: 'Show an ignored member again',
  auth: 'member',
  params: userOnly,
  result: Scalars.Boolean,
});

export const isUserIgnored = endpoint({
  area: 'chat',
  call: 'isUserIgnored',
  method: 'GET',
  summary: 'Whether the caller ignores the member',
  auth: 'member',
  params: userOnly,
  result: Scalars.Boolean,
});

export const reportChatUser = endpoint({
  area: 'chat',
  call: 'reportChatUser',
  method: 'POST',
  summary: 'Report a member’s behaviour in chat',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({ userId: Id(), comment: Type.Optional(Type.String({ maxLength: 1000 })) }),
  result: Scalars.Boolean,
});

export const sendChatInvite = endpoint({
  area: 'chat',
  call: 'sendChatInvite',
  method: 'POST',
  summary:
    'Invite members by name to a room: roomName, and a message or acceptedRequest, are required; invitees may enter invite-only rooms',
  auth: 'member',
  errors: [...errs, 'ApiRateLimitException'],
  params: Type.Object({
    roomId: Type.Optional(roomId),
    destinationUserNames: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 20 }),
    ),
    message: Type.Optional(Type.String({ maxLength: 500 })),
    roomName: Type.Optional(Type.String({ maxLength: 40 })),
    acceptedRequest: Type.Optional(Bool({ default: false })),
  }),
  result: Scalars.Integer,
});

export const getRoomLeaders = endpoint({
  area: 'chat',
  call: 'getRoomLeaders',
  method: 'GET',
  summary: 'Most active chatters in a room since minTimestamp (default: the last day)',
  auth: 'member',
  errors: errs,
  list: { defaultLimit: 10 },
  params: Type.Object({ roomId, minTimestamp: Type.Optional(Since) }),
  result: leaders,
});

export const getLeaderboard = endpoint({
  area: 'chat',
  call: 'getLeaderboard',
  method: 'GET',
  summary:
    'Most active chatters over days (all rooms, or one): type messages; gift types join with the economy',
  auth: 'member',
  errors: errs,
  params: Type.Object({
    type: Type.Optional(Type.Literal('messages')),
    roomId: Type.Optional(roomId),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 7 })),
    page: Type.Optional(Page()),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  }),
  result: leaders,
});
