/** Enumerations: Messaging and chat. */
/** The fonts a member may choose for their messages and profile (user/setFont.do). */
export const PROFILE_FONTS = ['Arial', 'Georgia', 'Verdana', 'Courier New', 'Comic Sans MS'] as const;

export const ConversationType = { IM: 1, UGC_GROUP: 2, CHAT: 3 } as const;
export type ConversationType = (typeof ConversationType)[keyof typeof ConversationType];

export const RoomType = {
  PUBLIC: 0,
  PROFILE_ROOM: 1,
  USER_PUBLIC: 2,
  PRIVATE: 3,
  INVITE_ONLY: 4,
  GAME_CHAT: 5,
} as const;
export type RoomType = (typeof RoomType)[keyof typeof RoomType];

/** Rooms 2-5 are made by members (and so have an owner and moderators); 0 and 1 are the site's. */
export const isUserGeneratedRoom = (roomType: number): boolean =>
  roomType >= RoomType.USER_PUBLIC && roomType <= RoomType.GAME_CHAT;

export const ChatLayoutStyle = { COMPACT: 'compact', COZY: 'cozy', COMFORTABLE: 'comfortable' } as const;
export type ChatLayoutStyle = (typeof ChatLayoutStyle)[keyof typeof ChatLayoutStyle];

/** Emoticon themes (an Emoticon's path), each drawn by one open emoji artwork set; 'default' unless chosen. */
export const EmoticonTheme = { DEFAULT: 'default', CLASICO: 'clasico', CONTORNO: 'contorno' } as const;
export type EmoticonTheme = (typeof EmoticonTheme)[keyof typeof EmoticonTheme];

/** The emoticon shortcodes (`:smile:`), each with the Unicode code point of the emoji it draws. */
export const EmoticonCodepoint = {
  smile: '1f642',
  sad: '1f641',
  wink: '1f609',
  heart: '2764',
  laugh: '1f604',
  cry: '1f622',
  kiss: '1f618',
  tongue: '1f61b',
  surprised: '1f62e',
  angry: '1f620',
  cool: '1f60e',
  love: '1f60d',
  blush: '1f60a',
  confused: '1f615',
  angel: '1f607',
  thumbsup: '1f44d',
} as const;
export type EmoticonName = keyof typeof EmoticonCodepoint;
