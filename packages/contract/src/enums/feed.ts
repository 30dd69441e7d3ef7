/** Enumerations: Feed. */
export const FeedFilter = { ALL: 1, NEAR_ME: 2, FRIENDS: 3, PERSON: 4, TRENDING: 5 } as const;
export type FeedFilter = (typeof FeedFilter)[keyof typeof FeedFilter];

/**
 * FeedEvent.type. The spec numbers the like (20-23), game (100-103) and live (301-304) events
 * without naming each, so those keys carry their number.
 */
export const FeedEventType = {
  STATUS_UPDATE: 1,
  PHOTO_UPLOAD: 2,
  BIRTHDAY: 3,
  NEW_USERS_NEAR_ME: 4,
  BADGE: 5,
  PROFILE_PHOTO_SET: 6,
  BLOG: 7,
  BUDDY_ACCEPTED: 8,
  RELATIONSHIP_ACCEPTED: 9,
  FORUM: 10,
  BACKSTAGE_PHOTO: 11,
  SONG: 12,
  VIDEO: 13,
  GUESTBOOK: 14,
  /** A member liked a status (the liked item's LikeItemType decides which of 20 to 23). */
  LIKE_STATUS: 20,
  LIKE_PHOTO: 21,
  LIKE_COMMENT: 22,
  /** A like of any other likeable item: a feed event of its own (a new friendship, a badge...) or a story. */
  LIKE_EVENT: 23,
  PREMIUM_ACQUIRED: 24,
  AD: 25,
  DAILY_SPIN_PRIZE: 26,
  GIFT_RECEIVED: 27,
  GAME_100: 100,
  GAME_101: 101,
  GAME_102: 102,
  GAME_103: 103,
  REALTIME_CHAT: 201,
  REALTIME_GAME: 202,
  LIVE_301: 301,
  LIVE_302: 302,
  LIVE_303: 303,
  LIVE_304: 304,
  STREET_WARS_BATTLE_JOINED: 1060,
  STREET_WARS_BATTLE_WON: 1062,
} as const;
export type FeedEventType = (typeof FeedEventType)[keyof typeof FeedEventType];

/**
 * Like request `type` (user/like.do and the like calls): what is liked. Ours: the API names the
 * likeable items (status, photo, comment, story, event) but not their numbers. `EVENT` likes a
 * feed event that has no item of its own (a buddy accepted, a badge...): itemId is the event id.
 */
export const LikeItemType = { STATUS: 1, PHOTO: 2, COMMENT: 3, STORY: 4, EVENT: 5 } as const;
export type LikeItemType = (typeof LikeItemType)[keyof typeof LikeItemType];

/** The feed event type recording a like of an item of this LikeItemType. */
export const likeEventTypeOf = (itemType: number): FeedEventType =>
  itemType === LikeItemType.STATUS
    ? FeedEventType.LIKE_STATUS
    : itemType === LikeItemType.PHOTO
      ? FeedEventType.LIKE_PHOTO
      : itemType === LikeItemType.COMMENT
        ? FeedEventType.LIKE_COMMENT
        : FeedEventType.LIKE_EVENT;

/** Notification.kind (and the `notification` push's kind). */
export const NotificationKind = {
  LIKE: 'like',
  COMMENT: 'comment',
  GUESTBOOK: 'guestbook',
  BUDDY_ACCEPTED: 'buddyAccepted',
  RELATIONSHIP_REQUEST: 'relationshipRequest',
  RELATIONSHIP_ACCEPTED: 'relationshipAccepted',
  GIFT_RECEIVED: 'giftReceived',
  /** A report the member made was acted on (features/admin). */
  REPORT_ACTED: 'reportActed',
  /** A moderator warned the member after a report about them. */
  MODERATION_WARNING: 'moderationWarning',
  /** The member won a place in a contest (features/rewards). */
  CONTEST_WON: 'contestWon',
  /** A contest the member took part in was cancelled by an admin (features/rewards). */
  CONTEST_CANCELLED: 'contestCancelled',
  /** Someone attacked the member's street in Guerra de Calles (features/games/modules/calles). */
  STREET_WARS: 'streetWars',
} as const;
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];

/** Limits of feed writes (the server enforces them; the web shows counters). */
export const FeedLimits = {
  STATUS_MAX: 500,
  COMMENT_MAX: 1000,
  GUESTBOOK_MAX: 1000,
  /** Latest comments carried on each feed event. */
  EVENT_COMMENTS: 3,
} as const;
