import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/**
 * An invitation to join (buddy/createInvite.do). rewarded_count counts the rewards the sender
 * already got for it, so an invite pays out once per rule. Names are the API's.
 */
export const BuddyInvite = Type.Object(
  {
    id: Type.Integer(),
    accepted: Opt(Type.Boolean()),
    senderId: Opt(Type.Integer()),
    recipientId: Opt(Type.Integer()),
    creationtime: Opt(EpochMs()),
    rewarded_count: Opt(Type.Integer()),
    /** 1 come back (an existing member), 2 join (someone new, through the link). */
    type: Opt(Type.Integer()),
    /** Join invites: the sign-up link that carries the invite. */
    link: Opt(Type.String()),
  },
  { title: 'BuddyInvite' },
);
export type BuddyInvite = Static<typeof BuddyInvite>;

/** A friend request waiting in the receiver's inbox: an offline message of category 3. */
export const FriendRequest = Type.Object(
  {
    offlineMessageId: Type.Integer(),
    sender: User,
    message: Opt(Type.String()),
    creationTime: EpochMs(),
    read: Type.Boolean(),
  },
  { title: 'FriendRequest' },
);
export type FriendRequest = Static<typeof FriendRequest>;

/** Offline message categories; friend requests are 3 (the push tells them apart). */
export const OfflineCategory = { MESSAGE: 1, INVITE: 2, FRIEND_REQUEST: 3 } as const;
/** Churned-buddy types: friends away 14, 30 or 90 days. */
export const ChurnType = { WEEKS: 1, MONTH: 2, SEASON: 3 } as const;
export const CHURN_DAYS: Record<number, number> = { 1: 14, 2: 30, 3: 90 };
