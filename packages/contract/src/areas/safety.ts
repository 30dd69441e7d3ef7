import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { User } from '../entities/user';
import { Bool, Id } from '../params';

/**
 * Safety calls of the people feature (reports, blocks, bans, admin flags), in the user/ area;
 * re-exported by areas/people.ts, so they stay under api.people.
 */
const userResult = { name: 'User', schema: User };
const Text = (maxLength: number) => Type.String({ maxLength });

export const reportUser = endpoint({
  area: 'user',
  call: 'reportUser',
  method: 'POST',
  summary: 'Report a member to the moderators',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    reportedUserID: Id(),
    comment: Type.Optional(Text(1000)),
    url: Type.Optional(Text(500)),
  }),
  result: Scalars.Boolean,
});

export const blockUser = endpoint({
  area: 'user',
  call: 'blockUser',
  method: 'POST',
  summary: 'Block a member: they can’t see your profile, message, visit or find you',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const unblockUser = endpoint({
  area: 'user',
  call: 'unblockUser',
  method: 'POST',
  summary: 'Unblock a member',
  auth: 'member',
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const getBlockedUsers = endpoint({
  area: 'user',
  call: 'getBlockedUsers',
  method: 'GET',
  summary: 'The members the caller blocked',
  auth: 'member',
  list: { defaultLimit: 50 },
  params: Type.Object({}),
  result: userResult,
});

export const banUser = endpoint({
  area: 'user',
  call: 'banUser',
  method: 'POST',
  summary: 'Admins: ban a member; their sessions and sockets end at once and login is refused',
  auth: 'admin',
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ userId: Id() }),
  result: Scalars.Boolean,
});

export const setMemberFlags = endpoint({
  area: 'user',
  call: 'setMemberFlags',
  method: 'POST',
  summary:
    'Admins: flag a member’s profile, or mark it as a fan profile or a featured artist; omitted flags stay',
  auth: 'admin',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    userId: Id(),
    flagged: Type.Optional(Bool()),
    fanProfile: Type.Optional(Bool()),
    featuredArtist: Type.Optional(Bool()),
  }),
  result: userResult,
});

// Relationship consent: its own file, part of this area's api.people.
