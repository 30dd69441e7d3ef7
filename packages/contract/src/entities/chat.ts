import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { Contest, Gift, Spin } from './economy';
import { User } from './user';

/**
 * A chat room. isModerator and isOwner are the caller's roles in it. A private (3) or invite-only (4)
 * room shows a caller who is not inside it only what an invitation shows: id, names, category, type.
 */
export const ChatRoom = Type.Object(
  {
    id: Type.Integer(),
    name: Opt(Type.String()),
    displayName: Opt(Type.String()),
    categoryName: Opt(Type.String()),
    roomType: Opt(
      Type.Integer({ description: '0 public, 1 profile, 2 user public, 3 private, 4 invite only, 5 game' }),
    ),
    maxUsers: Opt(Type.Integer()),
    usersCount: Opt(Type.Integer()),
    isModerator: Opt(Type.Boolean()),
    isOwner: Opt(Type.Boolean()),
    isNearMe: Opt(Type.Boolean()),
    locale: Opt(Type.String()),
    gagExpiration: Opt(
      Type.Integer({
        description:
          'epoch ms: the caller is gagged in this room (only) until then; 0 when not. The site-wide gag is chatGagExpiration',
      }),
    ),
  },
  { title: 'ChatRoom' },
);
export type ChatRoom = Static<typeof ChatRoom>;

/**
 * One line of a chat room: a message, or a gift, contest or spin shown in the stream.
 * destinationUser is set on private messages; isGag marks the line of a sender who is gagged now;
 * bgColor is the sender's current background colour (color is kept from when the line was sent).
 */
export const ChatEntry = Type.Object(
  {
    message: Opt(Type.String()),
    emoticonPath: Opt(Type.String({ description: "sender's emoticon theme" })),
    user: Opt(User),
    messageType: Opt(Type.Integer()),
    timestamp: Opt(EpochMs()),
    color: Opt(Type.String()),
    bgColor: Opt(Type.String({ description: "the sender's background colour in rooms" })),
    destinationUser: Opt(User),
    gift: Opt(Gift),
    contest: Opt(Contest),
    spin: Opt(Spin),
    isGag: Opt(Type.Boolean()),
  },
  { title: 'ChatEntry' },
);
export type ChatEntry = Static<typeof ChatEntry>;

/** An emoticon the chat offers; path is its theme folder ('default' unless given). */
export const Emoticon = Type.Object(
  {
    name: Type.String(),
    image: Opt(Type.String()),
    path: Opt(Type.String({ default: 'default' })),
  },
  { title: 'Emoticon' },
);
export type Emoticon = Static<typeof Emoticon>;

export const LAYOUT_STYLES = ['compact', 'cozy', 'comfortable'] as const;

/** The member's chat settings (getChatConfiguration.do). */
export const ChatConfiguration = Type.Object(
  {
    color: Opt(Type.String()),
    bgColor: Opt(Type.String()),
    emoticonPath: Type.String(),
    layoutStyle: Type.String(),
    collapseImages: Type.Boolean(),
    chatGagExpiration: Type.Integer({ description: 'epoch ms; 0 when not gagged' }),
  },
  { title: 'ChatConfiguration' },
);

/** One moderation action in a room's log. */
export const ChatModerationEntry = Type.Object(
  {
    id: Type.Integer(),
    roomId: Type.Integer(),
    action: Type.String({ description: 'kick, block, unblock, gag, addModerator, removeModerator' }),
    actor: Opt(User),
    target: Opt(User),
    timestamp: Type.Integer(),
    until: Opt(
      Type.Integer({
        description: 'epoch ms the kick, block or gag lasts until; absent when it does not end',
      }),
    ),
  },
  { title: 'ChatModerationEntry' },
);

export type ChatConfiguration = Static<typeof ChatConfiguration>;
export type ChatModerationEntry = Static<typeof ChatModerationEntry>;
