/** Enumerations: Web Push (docs/web-push.md; plain data: the web bundle takes this file as it is). */
/** The kinds of notification a member can switch on or off for their devices. */
export const PushKind = {
  MESSAGES: 'messages',
  FRIEND_REQUESTS: 'friendRequests',
  GIFTS: 'gifts',
  PROFILE_VISITS: 'profileVisits',
  CHAT_PRIVATE: 'chatPrivateMessages',
  BROADCASTS: 'broadcasts',
  /** Photos, stories and comments on them. */
  MEDIA: 'media',
} as const;
export type PushKind = (typeof PushKind)[keyof typeof PushKind];

/** The member's answer to the push permission dialog: a refusal means it is never offered again. */
export const PushPrompt = { NEVER_ASKED: 0, ACCEPTED: 1, REFUSED: 2 } as const;
export type PushPrompt = (typeof PushPrompt)[keyof typeof PushPrompt];

/** Notifications one member gets per minute at most, and the quiet time per conversation. */
export const PushLimits = { PER_MINUTE: 12, COLLAPSE_MS: 20_000 } as const;
