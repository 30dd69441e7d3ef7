import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { Gift, Spin } from './economy';
import { User } from './user';

/**
 * A message in a conversation. `content` may carry tags for image, audio, gift and icebreaker;
 * photo, video and giphy content shows as Foto/Video previews. Colours are the sender's IM
 * colours at send time, so old lines keep their look.
 */
export const Message = Type.Object(
  {
    /** Ours: a stable key so the client can merge push and fetched messages without duplicates. */
    id: Opt(Type.Integer()),
    content: Opt(Type.String()),
    conversationId: Opt(Type.Integer()),
    sender: Opt(User),
    sentTime: Opt(EpochMs()),
    bgColor: Opt(Type.String()),
    fgColor: Opt(Type.String()),
    gift: Opt(Gift),
    spin: Opt(Spin),
    prize: Opt(Gift),
    offlineId: Opt(Type.Integer({ description: 'the offline message this line came from' })),
    /** Ours: the sender's clientMessageId, echoed so its client can match the line it shows as pending. */
    clientMessageId: Opt(Type.String({ description: 'the clientMessageId the sender gave, if any' })),
  },
  { title: 'Message' },
);
export type Message = Static<typeof Message>;

/**
 * A conversation (IM, UGC group or chat; see ConversationType). It is named by
 * conversationId together with ownerId and type, as the messaging calls take them.
 */
export const Conversation = Type.Object(
  {
    conversationId: Type.Integer(),
    ownerId: Opt(Type.Integer()),
    name: Opt(Type.String()),
    type: Opt(Type.Integer({ description: '1 IM, 2 UGC group, 3 chat' })),
    image1: Opt(Type.String()),
    users: Opt(Type.Array(User)),
    inactiveUsers: Opt(Type.Array(User, { description: 'members who left; their lines still show' })),
    userCount: Opt(Type.Integer()),
    messages: Opt(Type.Array(Message)),
    messageCount: Opt(Type.Integer()),
    unreadMessageCount: Opt(Type.Integer()),
    readTimestamps: Opt(
      Type.Record(Type.Integer(), Type.Integer(), { description: 'user id -> epoch ms read up to' }),
    ),
    lastActivity: Opt(EpochMs()),
    creationTime: Opt(EpochMs()),
    isVIP: Opt(Type.Boolean()),
    isReadOnly: Opt(Type.Boolean()),
    allowInvite: Opt(Type.Boolean()),
    areFriends: Opt(Type.Boolean()),
  },
  { title: 'Conversation' },
);
export type Conversation = Static<typeof Conversation>;

/** Offline mail (offline/send.do): a message to a member's inbox, not a live conversation. */
export const OfflineMessage = Type.Object(
  {
    id: Type.Integer(),
    sender: Opt(User),
    recipient: Opt(User),
    subject: Opt(Type.String()),
    message: Opt(Type.String()),
    photo: Opt(Type.String({ description: 'image URL of an attached photo' })),
    /** 1 message, 2 invite, 3 friend request (OfflineCategory). */
    category: Opt(Type.Integer()),
    creationTime: Opt(EpochMs()),
    read: Opt(Type.Boolean()),
  },
  { title: 'OfflineMessage' },
);
export type OfflineMessage = Static<typeof OfflineMessage>;
