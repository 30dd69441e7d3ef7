/** Enumerations: Chat moderation. */
/**
 * Upper bounds of moderation, in minutes. Owners and moderators act in their room only, on members
 * in it or there within the last day, never on an admin; a site-wide gag (no roomId) is for admins.
 */
export const CHAT_LIMITS = {
  kickMinutes: { default: 5, max: 24 * 60 },
  blockMinutes: { default: 30 * 24 * 60, max: 30 * 24 * 60 },
  /** Room gags by owners and moderators; admins gag up to `adminMax` (and site-wide). */
  gagMinutes: { default: 10, max: 24 * 60, adminMax: 7 * 24 * 60 },
} as const;

/** ChatEntry.messageType: a line to the whole room, or a private line to one member in it. */
export const ChatMessageType = { PUBLIC: 0, PRIVATE: 1 } as const;
export type ChatMessageType = (typeof ChatMessageType)[keyof typeof ChatMessageType];
