import { type TObject, Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { ChatModerationEntry } from '../entities/chat';
import { CHAT_LIMITS } from '../enums';
import { Bool, Id, Page } from '../params';
import { errs, leaders, roomId, Since, userAndRoom, users } from './chat-params';

/**
 * Chat, the keeping of order: owners', moderators' and admins' actions (kick, block, gag,
 * moderators, the log, deleting a room), ignoring and reporting members, invitations and the
 * room's leaders. Served under chat/ with the rest of the area (api.chat).
 */

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
    'Most active chatters over days (all rooms, or one), or its top gifters or receivers (type gifters, receivers)',
  auth: 'member',
  errors: errs,
  params: Type.Object({
    type: Type.Optional(
      Type.Union([Type.Literal('messages'), Type.Literal('gifters'), Type.Literal('receivers')]),
    ),
    roomId: Type.Optional(roomId),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 7 })),
    page: Type.Optional(Page()),
    resultsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  }),
  result: leaders,
});
