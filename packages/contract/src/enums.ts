/**
 * The API's enumerations. Each is an `as const` object so code names the
 * meaning, not the number, with a same-named union type of its values for the wire.
 */

/** The values of an enumeration object, e.g. to build a validator or a select's options. */
export function valuesOf<T extends Record<string, string | number>>(enumObj: T): T[keyof T][] {
  return Object.values(enumObj) as T[keyof T][];
}

// Profile attributes (User fields and advanced search).

export const Children = { NEVER: 1, SOMEDAY: 2, UNDECIDED: 3, PARENT: 4 } as const;
export type Children = (typeof Children)[keyof typeof Children];

/** The spec gives only the ends (1 some high school, 5 post graduate); the middle is ours. */
export const Education = {
  SOME_HIGH_SCHOOL: 1,
  HIGH_SCHOOL: 2,
  SOME_COLLEGE: 3,
  COLLEGE: 4,
  POST_GRADUATE: 5,
} as const;
export type Education = (typeof Education)[keyof typeof Education];

/** The spec numbers nine ethnicities without naming them; the labels live in the i18n catalogs. */
export const Ethnicity = {
  ETHNICITY_1: 1,
  ETHNICITY_2: 2,
  ETHNICITY_3: 3,
  ETHNICITY_4: 4,
  ETHNICITY_5: 5,
  ETHNICITY_6: 6,
  ETHNICITY_7: 7,
  ETHNICITY_8: 8,
  ETHNICITY_9: 9,
} as const;
export type Ethnicity = (typeof Ethnicity)[keyof typeof Ethnicity];

export const LookingFor = { DATING: 1, SERIOUS_RELATIONSHIP: 2, FRIENDS: 3, NETWORKING: 4, ALL: 5 } as const;
export type LookingFor = (typeof LookingFor)[keyof typeof LookingFor];

export const RelationshipStatus = { SINGLE: 1, IN_A_RELATIONSHIP: 2, MARRIED: 3, DIVORCED: 4 } as const;
export type RelationshipStatus = (typeof RelationshipStatus)[keyof typeof RelationshipStatus];

/** User.sexualOrientation; advanced search calls the same field `orient`. */
export const SexualOrientation = { STRAIGHT: 1, GAY: 2, BI: 3 } as const;
export type SexualOrientation = (typeof SexualOrientation)[keyof typeof SexualOrientation];

export const Gender = { MALE: 'm', FEMALE: 'f' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** User.star: VIP perks go with 2 and 3 (isVipStar below). */
export const Star = { MOCO: 1, VIP: 2, BOTH: 3 } as const;
export type Star = (typeof Star)[keyof typeof Star];

export const isVipStar = (star: number | undefined): boolean => star === Star.VIP || star === Star.BOTH;

/** User.onlineSource: where the member is connected from. */
export const OnlineSource = {
  MOBILE: 'Mobile',
  WEB: 'Web',
  IPHONE_APP: 'iphoneApp',
  ANDROID_APP: 'androidApp',
} as const;
export type OnlineSource = (typeof OnlineSource)[keyof typeof OnlineSource];

/** User.video: whether a video call to this member can happen, and if not why. */
export const VideoStatus = {
  SUPPORTED: 0,
  USER_NOT_FOUND: 1,
  USER_NOT_SUPPORTED: 2,
  USER_DISABLED: 3,
  DEVICE_NOT_SUPPORTED: 4,
  FRIENDSHIP_REQUIRED: 5,
} as const;
export type VideoStatus = (typeof VideoStatus)[keyof typeof VideoStatus];

/**
 * User.tier from User.creds (docs/member-fields.md): the lowest creds of each tier, tier 0 first.
 * Creds are chat points plus love points plus one per ten profile views.
 */
export const TIER_CREDS = [0, 50, 250, 1000, 5000] as const;
export const tierOf = (creds: number): number => {
  let tier = 0;
  for (let i = 1; i < TIER_CREDS.length; i++) if (creds >= TIER_CREDS[i]) tier = i;
  return tier;
};

/** Chat points: one per public room line, at most this many a day (UTC). */
export const CHAT_POINTS_PER_DAY = 50;
/** Distinct members whose reports flag a member for admins (an admin's own flag shows to all). */
export const FLAG_REPORTERS = 3;

// Messaging and chat.

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

// Feed.

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

// Photos.

export const PhotoPrivacy = { PUBLIC: 1, FRIENDS: 2, PRIVATE: 3 } as const;
export type PhotoPrivacy = (typeof PhotoPrivacy)[keyof typeof PhotoPrivacy];

export const PhotoLimits = {
  ALBUM_NAME_MAX: 60,
  CAPTION_MAX: 500,
  /** Photos per album page (the grid loads more as it scrolls). */
  PAGE: 24,
  FILES_PER_UPLOAD: 10,
  POSITION_MAX: 100_000,
  /** An album holding a photo newer than this many days shows as new (containsNewPhoto). */
  NEW_DAYS: 7,
} as const;

/** Image widths the app asks the image service for (spec: 150 attachments, 300 ephemeral). */
export const PhotoSizes = { ATTACHMENT: 150, CARD: 220, EPHEMERAL: 300, GRID: 300, FULL: 1200 } as const;
export const EPHEMERAL_BLUR = 50;

// Premium and buddies.

/** premiumfeature/setOnlineStatus.do `status` and PremiumFeatureConfig.online_status. */
export const OnlineStatusCode = { ONLINE: 0, INVISIBLE: 1, BUSY: 2 } as const;
export type OnlineStatusCode = (typeof OnlineStatusCode)[keyof typeof OnlineStatusCode];

export const PremiumFeatureKey = {
  NO_ADS: 'NO_ADS',
  WHO_VIEWED_ME: 'WHO_VIEWED_ME',
  IM_STATUS: 'IM_STATUS',
  SHARE_LOVE: 'SHARE_LOVE',
} as const;
export type PremiumFeatureKey = (typeof PremiumFeatureKey)[keyof typeof PremiumFeatureKey];

/** What buyPremiumAccess.do sells besides the four features (ours), and the spotlight offers. */
export const PremiumProduct = { VIP: 'VIP', SPOTLIGHT: 'SPOTLIGHT' } as const;

/** Where an ad shows (premiumfeature/getAds.do, user/reportAd.do `position`). */
export const AdPlacement = { SIDE: 'side', FEED: 'feed' } as const;
export type AdPlacement = (typeof AdPlacement)[keyof typeof AdPlacement];

/** Why a member reports an ad (user/reportAd.do `reason`). */
export const AdReportReason = ['offensive', 'misleading', 'irrelevant', 'broken', 'other'] as const;

export const BuddySort = {
  DEFAULT: 'DEFAULT',
  ONLINE_DEFAULT: 'ONLINE_DEFAULT',
  ONLINE_ACCESS_DEFAULT: 'ONLINE_ACCESS_DEFAULT',
  ONLINE_STATUS_DEFAULT: 'ONLINE_STATUS_DEFAULT',
  ALPHABETICAL: 'ALPHABETICAL',
} as const;
export type BuddySort = (typeof BuddySort)[keyof typeof BuddySort];

// Search.

/** AdvancedSearchFields.sortBy: the API names the orders, the spelling is ours. */
export const SearchSortBy = {
  LAST_ACCESS_DESC: 'LAST_ACCESS_DESC',
  LAST_UPDATE_DESC: 'LAST_UPDATE_DESC',
  NAME_ASC: 'NAME_ASC',
} as const;
export type SearchSortBy = (typeof SearchSortBy)[keyof typeof SearchSortBy];

// Chat moderation (plain data: the web bundle takes this file as it is).

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

/** BuddyInvite.type (buddy/createInvite.do): 1 brings a friend back (an offline invite), 2 is a sign-up link for someone new. */
export const BuddyInviteType = { COME_BACK: 1, JOIN: 2 } as const;
export type BuddyInviteType = (typeof BuddyInviteType)[keyof typeof BuddyInviteType];

/**
 * Stories (docs/stories.md): a story lives STORY_LIFETIME_MS after it is posted; its video is cut
 * to MAX_SECONDS; a member posts at most DAILY_LIMIT in any 24 hours (getWaitTime.do says how long
 * until the next one). Uploads larger than MAX_UPLOAD_MB are refused before they are read whole.
 */
export const StoryLimits = {
  LIFETIME_MS: 24 * 3600 * 1000,
  MAX_SECONDS: 30,
  DAILY_LIMIT: 10,
  MAX_UPLOAD_MB: 100,
} as const;

/** A story's processing state as the Story entity's `state` says it. */
export const StoryState = { PROCESSING: 'processing', READY: 'ready', FAILED: 'failed' } as const;
export type StoryState = (typeof StoryState)[keyof typeof StoryState];

/** Where transcoded videos are served: VIDEO_PATH/<bucket>/<name>_<id>_<token>.mp4. */
export const VIDEO_PATH = '/media/video';

/** The spec's bucket rule: the id in the file name divided by 10000 (whole part), plus one. */
export const videoBucket = (id: number): number => Math.floor(id / 10_000) + 1;
// Gold and gifts (plain data: the web bundle takes this file as it is). docs/gifts.md.

/** Where a gift is given: on a profile, in a conversation (Message.gift) or in a chat room (ChatEntry.gift). */
export const GiftSource = { PROFILE: 'profile', CONVERSATION: 'conversation', CHAT: 'chat' } as const;
export type GiftSource = (typeof GiftSource)[keyof typeof GiftSource];

/** The catalogue's tags, in the order the gift dialog shows them. */
export const GIFT_TAGS = ['amor', 'amistad', 'fiesta', 'comida', 'naturaleza', 'lujo', 'vip'] as const;

/** A VIP receiver earns this much more (percent) from every gift received. */
export const VIP_GIFT_BONUS_PERCENT = 10;
/** A gift in a chat room floats up as this many icons. */
export const GIFT_FLOAT_ICONS = 10;
/** user/getGiftHelper.do and setGiftHelper.do: the help dialog shown after receiving a gift. */
export const GiftHelperType = { RECEIVED: 'received' } as const;

/** The gold shop's packages: prices in cents, euros and dollars; bigger packages give more per cent. */
export const GOLD_PACKAGES = [
  { gold: 100, eur: 99, usd: 99 },
  { gold: 550, eur: 499, usd: 499 },
  { gold: 1200, eur: 999, usd: 999 },
  { gold: 2500, eur: 1999, usd: 1999 },
  { gold: 6500, eur: 4999, usd: 4999 },
] as const;
export type GoldCurrency = 'eur' | 'usd';

/** VIP as a subscription paid with money (ours: prices in cents per period). docs/premium.md. */
export const VIP_PLANS = [{ offer: 'vip_monthly', days: 30, eur: 799, usd: 899 }] as const;

/** A gift's artwork, generated for every gift; `scale` 2 is the high-density variant. */
export const giftImagePath = (giftId: number, scale: 1 | 2 = 1): string =>
  `/gifts/art/${giftId}${scale === 2 ? '@2x' : ''}.png`;

/** Gift lines of conversations and rooms carry `[gift]<id>[/gift]`: the gift's id, or undefined. */
export const giftIdOf = (content: string | undefined): number | undefined => {
  const match = /^\[gift\](\d{1,10})\[\/gift\]$/.exec(content ?? '');
  return match ? Number(match[1]) : undefined;
};
// Web Push (docs/web-push.md; plain data: the web bundle takes this file as it is).

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

// Leaderboards, contests, daily spins and gems (plain data: the web bundle takes this file as it is). docs/rewards.md.

/**
 * The time zone whose calendar days the rewards count in: the daily spin opens again and the
 * "today" board starts over at midnight here.
 */
export const REWARDS_TIME_ZONE = 'Europe/Madrid';

/** gift/getLeaderboard.do and chat/getLeaderboard.do `type`: who gave most gold in gifts, or who received most. */
export const GiftLeaderboardType = { GIFTERS: 'gifters', RECEIVERS: 'receivers' } as const;
export type GiftLeaderboardType = (typeof GiftLeaderboardType)[keyof typeof GiftLeaderboardType];
/** The windows the leaderboards page offers, in days (0: all time). */
export const LEADERBOARD_WINDOWS = [1, 7, 30, 0] as const;

/**
 * The daily spin's wheel, published: each slot's prize and its chance in thousandths (they add
 * up to 1000). The server draws with these weights; the client only animates to the slot drawn.
 */
export const SPIN_WHEEL = [
  { slot: 0, currency: 'gold', amount: 5, weight: 300 },
  { slot: 1, currency: 'gems', amount: 10, weight: 220 },
  { slot: 2, currency: 'gold', amount: 10, weight: 180 },
  { slot: 3, currency: 'gems', amount: 25, weight: 120 },
  { slot: 4, currency: 'gold', amount: 25, weight: 90 },
  { slot: 5, currency: 'gems', amount: 50, weight: 50 },
  { slot: 6, currency: 'gold', amount: 100, weight: 30 },
  { slot: 7, currency: 'gold', amount: 500, weight: 10 },
] as const;
export type SpinCurrency = (typeof SPIN_WHEEL)[number]['currency'];
/** What a spin sent as a gift costs the sender, in gold. */
export const SPIN_GIFT_PRICE = 20;
/** The wheel's looks: a sent spin may pick one; the daily spin uses the first. */
export const SPIN_THEMES = ['clasico', 'fiesta', 'noche'] as const;

/** What gems can be exchanged for (gift/exchangeGems.do): gold, a better rate for larger exchanges. */
export const GEM_OFFERS = [
  { key: 'gold50', gems: 60, gold: 50 },
  { key: 'gold100', gems: 110, gold: 100 },
  { key: 'gold500', gems: 500, gold: 500 },
] as const;
export type GemOfferKey = (typeof GEM_OFFERS)[number]['key'];

/** Contest.type: prizes go to the top of a leaderboard, or to entrants drawn at random. */
export const ContestKind = { TOP: 'top', RANDOM: 'random' } as const;
export type ContestKind = (typeof ContestKind)[keyof typeof ContestKind];
// Moderation and the admin area (docs/moderation.md).

/** What a moderator does with a report; every one is written to the audit log. */
export const ModerationAction = {
  DISMISS: 'dismiss',
  WARN: 'warn',
  REMOVE: 'remove',
  QUARANTINE: 'quarantine',
  GAG: 'gag',
  BAN: 'ban',
} as const;
export type ModerationAction = (typeof ModerationAction)[keyof typeof ModerationAction];

/** reports.kind: what was reported. Kinds added later plug into the queue the same way. */
export const ReportKind = {
  USER: 'user',
  CHAT: 'chat',
  PHOTO: 'photo',
  STORY: 'story',
  AD: 'ad',
  GAME: 'game',
} as const;

/** Site roles: admins do everything; moderators work the report queue. */
export const StaffRole = { MEMBER: 'member', MODERATOR: 'moderator', ADMIN: 'admin' } as const;
export type StaffRole = (typeof StaffRole)[keyof typeof StaffRole];

export const ModerationLimits = {
  /** Longest timed ban; 0 days bans until lifted by hand. */
  banDaysMax: 3650,
  /** A gag from the queue, in minutes (the chat's own admin limit). */
  gagMinutesDefault: 24 * 60,
  reasonMax: 500,
} as const;

/** Most events in one analytics/sendEvents.do batch; the web app sends at 20 (docs/analytics.md). */
export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_BATCH_SIZE = 20;
/** The event a browser script error travels as. */
export const SCRIPT_ERROR_EVENT = 'script_error';
