import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '../endpoint';
import { Conversation, Message, OfflineMessage } from '../entities/messaging';
import { Bool, FileParam, Id, IdOrZero, Timestamp, UploadLimits } from '../params';

/**
 * Messaging: conversations (1 IM, 2 UGC group, 3 chat), messages, typing, IM colours,
 * voice messages and offline mail. A conversation is named by conversationId; ownerId and type
 * are accepted as clients pass them and checked against it when given.
 */
const conversation = { name: 'Conversation', schema: Conversation };
const named = {
  conversationId: Id(),
  ownerId: Type.Optional(Id()),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
};
const Ids = Type.Array(Id(), { maxItems: 50 });
const Names = Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 50 });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' });

export const getUserConversations = endpoint({
  area: 'message',
  call: 'getUserConversations',
  method: 'GET',
  summary: 'The caller’s conversations, newest activity first, each with its last messages and unread count',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({
    userId: Type.Optional(Id('the caller; others are refused')),
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    includeUGC: Type.Optional(Bool({ default: true })),
    maxMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, default: 1 })),
  }),
  result: conversation,
});

export const getUgcConversations = endpoint({
  area: 'message',
  call: 'getUgcConversations',
  method: 'GET',
  summary: 'The caller’s group (UGC) conversations, newest activity first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: conversation,
});

export const getConversation = endpoint({
  area: 'message',
  call: 'getConversation',
  method: 'GET',
  summary:
    'One conversation with its members and messages: the newest maxMessages, or those after afterMessageId (catch-up, oldest first)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({
    ...named,
    maxMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 30 })),
    maxUsers: Type.Optional(Type.Integer({ minimum: 0, maximum: 200, default: 50 })),
    afterMessageId: Type.Optional(IdOrZero()),
    beforeMessageId: Type.Optional(Id()),
  }),
  result: conversation,
});

export const searchConversation = endpoint({
  area: 'message',
  call: 'searchConversation',
  method: 'GET',
  summary: 'The caller’s IM with a member, if there is one (an empty list otherwise)',
  auth: 'member',
  params: Type.Object({ userId: Type.Optional(Id()), targetId: Id() }),
  result: conversation,
});

export const getUnreadMessages = endpoint({
  area: 'message',
  call: 'getUnreadMessages',
  method: 'GET',
  changesState: true,
  summary: 'Messages the caller has not read, oldest first; markAsRead moves the read mark past them',
  auth: 'member',
  list: { defaultLimit: 100 },
  params: Type.Object({
    userId: Type.Optional(Id()),
    markAsRead: Type.Optional(Bool({ default: false })),
    conversationId: Type.Optional(Id()),
    filterSender: Type.Optional(Id()),
  }),
  result: { name: 'Message', schema: Message },
});

export const send = endpoint({
  area: 'message',
  call: 'send',
  method: 'POST',
  multipart: true,
  summary:
    'Send a message; without conversationId starts one (an IM between two members is unique). clientMessageId makes retries store once. A photo (an upload, or photoId: one of the caller’s album photos) travels as a copy in a photo tag; the text may then be empty',
  auth: 'member',
  errors: [
    'ApiNotFoundException',
    'ApiForbiddenException',
    'ApiVerificationRequiredException',
    'ApiRateLimitException',
  ],
  params: Type.Object({
    message: Type.Optional(Type.String({ maxLength: 4000 })),
    photo: Type.Optional(FileParam('ours: an attached image', UploadLimits.IMAGE)),
    photoId: Type.Optional(Id('ours: one of the caller’s album photos to attach instead of a file')),
    conversationId: Type.Optional(Id()),
    ownerId: Type.Optional(Id()),
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    targetIds: Type.Optional(Ids),
    targetNames: Type.Optional(Names),
    name: Type.Optional(Type.String({ maxLength: 60 })),
    source: Type.Optional(Type.String({ maxLength: 40 })),
    maxMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 20 })),
    clientMessageId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  }),
  result: conversation,
});

export const invite = endpoint({
  area: 'message',
  call: 'invite',
  method: 'POST',
  summary:
    'Add members to a group conversation; inviting into an IM starts a new group with its two members (the IM stays); respects allowInvite',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({
    ...named,
    targetIds: Type.Optional(Ids),
    targetNames: Type.Optional(Names),
    name: Type.Optional(Type.String({ maxLength: 60 })),
  }),
  result: conversation,
});

export const leave = endpoint({
  area: 'message',
  call: 'leave',
  method: 'POST',
  summary: 'Leave a conversation: its messages are no longer readable by the caller',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ...named, userId: Type.Optional(Id('the caller; others are refused')) }),
  result: Scalars.Boolean,
});

export const rename = endpoint({
  area: 'message',
  call: 'rename',
  method: 'POST',
  summary: 'Rename a group conversation',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({ ...named, name: Type.String({ minLength: 1, maxLength: 60 }) }),
  result: Scalars.Boolean,
});

export const setReadTimestamp = endpoint({
  area: 'message',
  call: 'setReadTimestamp',
  method: 'POST',
  summary: 'Mark the conversation read up to a time (now when omitted); the unread count follows',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ ...named, timestamp: Type.Optional(Timestamp()) }),
  result: Scalars.Boolean,
});

export const sendTypingEvent = endpoint({
  area: 'message',
  call: 'sendTypingEvent',
  method: 'POST',
  summary: 'Tell the other participants the caller is typing',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ conversationId: Id(), ownerId: Type.Optional(Id()) }),
  result: Scalars.Boolean,
});

export const setProperty = endpoint({
  area: 'message',
  call: 'setProperty',
  method: 'POST',
  summary: 'The owner sets isReadOnly or allowInvite on a group conversation',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException'],
  params: Type.Object({
    ...named,
    property: Type.Union([Type.Literal('isReadOnly'), Type.Literal('allowInvite')]),
    value: Bool(),
  }),
  result: Scalars.Boolean,
});

export const setBackgroundColor = endpoint({
  area: 'im',
  call: 'setBackgroundColor',
  method: 'POST',
  summary: 'The background colour of the caller’s messages (imBgColor)',
  auth: 'member',
  params: Type.Object({ color: Color }),
  result: Scalars.Boolean,
});

export const setFontColor = endpoint({
  area: 'im',
  call: 'setFontColor',
  method: 'POST',
  summary: 'The text colour of the caller’s messages (imColor)',
  auth: 'member',
  params: Type.Object({ color: Color }),
  result: Scalars.Boolean,
});

export const sendVoiceMessage = endpoint({
  area: 'user',
  call: 'sendVoiceMessage',
  method: 'POST',
  multipart: true,
  summary: 'A recorded voice message into a conversation (audio tag in the content)',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'ApiPayloadTooLargeException'],
  params: Type.Object({
    conversationId: Id(),
    conversationOwnerId: Type.Optional(Id()),
    file: FileParam('the recording', UploadLimits.VOICE),
    type: Type.Optional(
      Type.Union([Type.Literal('wav'), Type.Literal('webm'), Type.Literal('ogg'), Type.Literal('mp3')], {
        default: 'wav',
      }),
    ),
  }),
  result: { name: 'Message', schema: Message },
});

export const sendOffline = endpoint({
  area: 'offline',
  call: 'send',
  method: 'POST',
  multipart: true,
  summary: 'Send offline mail to a member’s inbox, with an optional photo',
  auth: 'member',
  errors: ['ApiNotFoundException', 'ApiForbiddenException', 'ApiRateLimitException'],
  params: Type.Object({
    destId: Id(),
    subject: Type.Optional(Type.String({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 8000 }),
    photo: Type.Optional(FileParam('an attached image', UploadLimits.IMAGE)),
    photoId: Type.Optional(Id('ours: one of the caller’s album photos to attach instead of a file')),
  }),
  result: Scalars.Long,
});

export const getOfflineInbox = endpoint({
  area: 'offline',
  call: 'getInbox',
  method: 'GET',
  summary: 'The caller’s offline mail (category 1), newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'OfflineMessage', schema: OfflineMessage },
});

export const getOfflineSent = endpoint({
  area: 'offline',
  call: 'getSent',
  method: 'GET',
  summary: 'Offline mail the caller sent, newest first',
  auth: 'member',
  list: { defaultLimit: 20 },
  params: Type.Object({}),
  result: { name: 'OfflineMessage', schema: OfflineMessage },
});

export const markOfflineRead = endpoint({
  area: 'offline',
  call: 'markRead',
  method: 'POST',
  summary: 'Mark an offline message in the caller’s inbox as read',
  auth: 'member',
  errors: ['ApiNotFoundException'],
  params: Type.Object({ id: Id() }),
  result: Scalars.Boolean,
});
