import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';

/**
 * An invitation to join (buddy/createInvite.do). rewarded_count counts the rewards the sender
 * already got for it, so an invite pays out once per rule. Names are the spec's.
 */
export const BuddyInvite = Type.Object(
  {
    id: Type.Integer(),
    accepted: Opt(Type.Boolean()),
    senderId: Opt(Type.Integer()),
    recipientId: Opt(Type.Integer()),
    creationtime: Opt(EpochMs()),
    rewarded_count: Opt(Type.Integer()),
  },
  { title: 'BuddyInvite' },
);
export type BuddyInvite = Static<typeof BuddyInvite>;
