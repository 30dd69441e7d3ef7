import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { BuddyInvite, FriendRequest } from '../entities/buddies';
import { User } from '../entities/user';
import { Bool, Id } from '../params';

/** Friendship: requests, answers, lists, positions, privacy, churned friends, invites. */
const users = { name: 'User', schema: User };
const Sort = Type.Union([
  Type.Literal('DEFAULT'),
  Type.Literal('ONLINE_DEFAULT'),
  Type.Literal('ONLINE_ACCESS_DEFAULT'),
  Type.Literal('ONLINE_STATUS_DEFAULT'),
  Type.Literal('ALPHABETICAL'),
]);
const owner = { userId: Type.Optional(Id('whose friends; the caller when omitted')) };
const list = { defaultLimit: 50 };

export const getBuddies = endpoint({
  area: 'buddy',
  call: 'getBuddies',
  method: 'GET',
  summary: 'A member’s friends in their chosen order, or online first with onlineSort',
  auth: 'member',
  list,
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ onlineSort: Type.Optional(Bool()), ...owner }),
  result: users,
});

export const getBuddiesSorted = endpoint({
  area: 'buddy',
  call: 'getBuddiesSorted',
  method: 'GET',
  summary: 'A member’s friends in the given order',
  auth: 'member',
  list,
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ sort: Sort, ...owner }),
  result: users,
});

export const searchFriends = endpoint({
  area: 'buddy',
  call: 'searchFriends',
  method: 'GET',
  summary: 'A member’s friends whose name starts with the text',
  auth: 'member',
  list,
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object({ name: Type.String({ minLength: 1, maxLength: 40 }), ...owner }),
  result: users,
});

export const getBuddiesNearMe = endpoint({
  area: 'buddy',
  call: 'getBuddiesNearMe',
  method: 'GET',
  summary: 'A member’s friends near the caller’s place',
  auth: 'member',
  list,
  errors: ['ApiForbiddenException', 'ApiNotFoundException'],
  params: Type.Object(owner),
  result: users,
});

export const getBuddiesChurned = endpoint({
  area: 'buddy',
  call: 'getBuddiesChurned',
  method: 'GET',
  summary: 'The caller’s friends away 14 (type 1), 30 (2) or 90 (3) days, to nudge them back',
  auth: 'member',
  list,
  params: Type.Object({
    ...owner,
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1 })),
    showInvited: Type.Optional(Bool({ default: false })),
  }),
  result: users,
});

export const dismissChurnedBuddy = endpoint({
  area: 'buddy',
  call: 'dismissChurnedBuddy',
  method: 'POST',
  summary: 'Stop suggesting to nudge this friend (for this churn type)',
  auth: 'member',
  params: Type.Object({
    userId: Id(),
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1 })),
  }),
  result: Scalars.Boolean,
});

export const canSendUserBuddyRequest = endpoint({
  area: 'buddy',
  call: 'canSendUserBuddyRequest',
  method: 'GET',
  summary: 'Whether a request may be sent; when not, the same error sending would give',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'BuddyRequestConfirmationRequiredException'],
  params: Type.Object({ receivingUserId: Id() }),
  result: Scalars.Boolean,
});

export const sendUserBuddyRequest = endpoint({
  area: 'buddy',
  call: 'sendUserBuddyRequest',
  method: 'POST',
  summary: 'Send a friend request (an offline message of category 3); returns its offline message id',
  auth: 'member',
  errors: ['ApiForbiddenException', 'ApiNotFoundException', 'BuddyRequestConfirmationRequiredException'],
  params: Type.Object({
    receivingUserId: Id(),
    message: Type.Optional(Type.String({ maxLength: 500 })),
    lastName: Type.Optional(Type.String({ maxLength: 40 })),
    phone: Type.Optional(Type.String({ maxLength: 30 })),
    source: Type.Optional(Type.String({ maxLength: 40 })),
  }),
  result: Scalars.Long,
});

export const getFriendshipRequests = endpoint({
  area: 'buddy',
  call: 'getFriendshipRequests',
  method: 'GET',
  summary: 'The caller’s pending friend requests, newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'FriendRequest', schema: FriendRequest },
});

const answer = { offlineMessageId: Id('the request’s offline message id') };

export const acceptFriendshipRequest = endpoint({
  area: 'buddy',
  call: 'acceptFriendshipRequest',
  method: 'POST',
  summary: 'Accept a request addressed to the caller',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(answer),
  result: Scalars.Boolean,
});

export const denyFriendshipRequest = endpoint({
  area: 'buddy',
  call: 'denyFriendshipRequest',
  method: 'POST',
  summary: 'Deny a request addressed to the caller',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(answer),
  result: Scalars.Boolean,
});

export const acceptAllFriendshipRequests = endpoint({
  area: 'buddy',
  call: 'acceptAllFriendshipRequests',
  method: 'POST',
  summary: 'Accept every pending request; returns the pair (accepted, unread offline messages left)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Pair,
});

export const getFriendshipRequestCount = endpoint({
  area: 'buddy',
  call: 'getFriendshipRequestCount',
  method: 'GET',
  summary: 'How many friend requests wait for the caller',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Integer,
});

export const deleteFriendship = endpoint({
  area: 'buddy',
  call: 'deleteFriendship',
  method: 'POST',
  summary: 'End a friendship, both ways',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ friendUserId: Id() }),
  result: Scalars.Boolean,
});

export const getNumberFriendsOnline = endpoint({
  area: 'user',
  call: 'getNumberFriendsOnline',
  method: 'GET',
  summary: 'How many of the caller’s friends are online (invisible ones are not)',
  auth: 'member',
  params: Type.Object({}),
  result: Scalars.Integer,
});

export const isPrivate = endpoint({
  area: 'buddy',
  call: 'isPrivate',
  method: 'GET',
  summary: 'Whether a member shows their friend list only to friends',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object(owner),
  result: Scalars.Boolean,
});

export const setPrivate = endpoint({
  area: 'buddy',
  call: 'setPrivate',
  method: 'POST',
  summary: 'Show the friend list only to friends (true) or to every member',
  auth: 'member',
  params: Type.Object({ isPrivate: Bool() }),
  result: Scalars.Boolean,
});

export const getBuddySort = endpoint({
  area: 'buddy',
  call: 'getBuddySort',
  method: 'GET',
  summary: 'The caller’s chosen friend-list order',
  auth: 'member',
  params: Type.Object(owner),
  result: Scalars.String,
});

export const setBuddySort = endpoint({
  area: 'buddy',
  call: 'setBuddySort',
  method: 'POST',
  summary: 'Choose the friend-list order',
  auth: 'member',
  params: Type.Object({ ...owner, sort: Sort }),
  result: Scalars.Boolean,
});

export const setBuddyPosition = endpoint({
  area: 'buddy',
  call: 'setBuddyPosition',
  method: 'POST',
  summary: 'Place a friend at a position (1 = first) in the caller’s own ordering; 0 unpins',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ buddyUserID: Id(), position: Type.Integer({ minimum: 0, maximum: 10000 }) }),
  result: Scalars.Boolean,
});

export const createInvite = endpoint({
  area: 'buddy',
  call: 'createInvite',
  method: 'POST',
  summary: 'Invite a friend back (type 1, recipientId) or someone new to join (type 2, a sign-up link)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiRateLimitException'],
  params: Type.Object({
    recipientId: Type.Optional(Id()),
    type: Type.Integer({ minimum: 1, maximum: 2 }),
  }),
  result: { name: 'BuddyInvite', schema: BuddyInvite },
});

export const acceptInvite = endpoint({
  area: 'buddy',
  call: 'acceptInvite',
  method: 'POST',
  summary: 'Accept an invite: by id (come back) or by the code of a join link',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({
    inviteId: Type.Optional(Id()),
    code: Type.Optional(Type.String({ maxLength: 100 })),
  }),
  result: { name: 'BuddyInvite', schema: BuddyInvite },
});
