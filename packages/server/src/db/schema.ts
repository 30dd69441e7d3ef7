import type { Generated } from 'kysely';
import type { AccountsTables } from './schema-accounts';
import type { CallesTables } from './schema-calles';
import type { ChatTables } from './schema-chat';
import type { CuatroTables } from './schema-cuatro';
import type { EphemeralTables } from './schema-ephemeral';
import type { FeedTables } from './schema-feed';
import type { GamesTables } from './schema-games';
import type { LedgerTables } from './schema-ledger';
import type { LiveTables } from './schema-live';
import type { MessagingTables } from './schema-messaging';
import type { ModerationTables } from './schema-moderation';
import type { OutboxTables } from './schema-outbox';
import type { PalabraTables } from './schema-palabra';
import type { PhotosTables } from './schema-photos';
import type { PremiumTables } from './schema-premium';
import type { PushTables } from './schema-push';
import type { RewardsTables } from './schema-rewards';
import type { SocialTables } from './schema-social';
import type { StoriesTables } from './schema-stories';

export type * from './schema-accounts';
export type * from './schema-chat';
export type * from './schema-cuatro';
export type * from './schema-ephemeral';
export type * from './schema-feed';
export type * from './schema-ledger';
export type * from './schema-messaging';
export type * from './schema-moderation';
export type * from './schema-outbox';
export type * from './schema-photos';
export type * from './schema-premium';
export type * from './schema-push';
export type * from './schema-social';
export type * from './schema-stories';

/** Table row types. Times are epoch ms (bigint); flags are 0/1 integers on both dialects. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  name_lower: string;
  password_hash: string;
  email: string;
  gender: 'm' | 'f';
  birth_date: string;
  locale: Generated<string>;
  verified: Generated<number>;
  star: Generated<number>;
  is_admin: Generated<number>;
  chat_gag_until: Generated<number>;
  online_status: Generated<number>;
  online_message: Generated<string | null>;
  creation_time: number;
  last_access: number;
  first_name: string | null;
  last_name: string | null;
  about: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  postal_code: string | null;
  /** JSON array of URLs. */
  external_links: string | null;
  font: string | null;
  image1: string | null;
  bg_image: string | null;
  bg_style: string | null;
  /** The photo used as background (0: none known). */
  bg_photo_id: Generated<number>;
  /** JSON array of dismissed tip ids. */
  dismissed_tips: string | null;
  education: Generated<number>;
  ethnicity: Generated<number>;
  children: Generated<number>;
  looking_for: Generated<number>;
  relationship_status: Generated<number>;
  relationship_type: Generated<number>;
  relationship_partner_id: Generated<number>;
  /** 1 once the named partner confirmed; the partner shows to others only then. */
  relationship_confirmed: Generated<number>;
  sexual_orientation: Generated<number>;
  im_permission: Generated<number>;
  message_permission: Generated<number>;
  pm_permission: Generated<number>;
  will_accept_video_call: Generated<number>;
  view_count: Generated<number>;
  search_proximity: Generated<number>;
  pledged_at: Generated<number>;
  banned_at: Generated<number>;
  profile_updated_at: Generated<number>;
  buddies_private: Generated<number>;
  buddy_sort: Generated<string>;
  im_color: Generated<string | null>;
  im_bg_color: Generated<string | null>;
  /** JSON of the member's current UserStatus (User.statusObject); null when none. */
  status_object: Generated<string | null>;
  /** The remembered feed filter (user/setFeedFilter.do). */
  feed_filter: Generated<number>;
  allow_nsfw: Generated<number>;
  /** When the member deleted the account (0: not deleted); purged after the grace period. */
  deleted_at: Generated<number>;
  /** Which events push (1 on, 0 off) and whether the web app plays sounds: user/setPreferences.do. */
  notify_messages: Generated<number>;
  notify_friend_requests: Generated<number>;
  notify_likes_comments: Generated<number>;
  notify_chat_invites: Generated<number>;
  notify_sound: Generated<number>;
  notify_browser: Generated<number>;
  /** Who sees the member online: 0 everyone, 1 friends, 2 nobody. */
  online_visibility: Generated<number>;
  /** An email change waiting for its confirmation link (token stored hashed). */
  pending_email: Generated<string | null>;
  pending_email_hash: Generated<string | null>;
  pending_email_until: Generated<number>;
  /** The member's emoticon theme (User.emoticon; chat/setEmoticonPath.do). */
  emoticon_path: Generated<string>;
  /** A phone the member gave; never shown, only compared with a friend request's proof. */
  phone: Generated<string | null>;
  /** Admin-set flags (user/setMemberFlags.do); isFlagged also counts reports (docs/member-fields.md). */
  admin_flagged: Generated<number>;
  /** Distinct members who reported this member, kept with each report. */
  reporters_count: Generated<number>;
  is_fan_profile: Generated<number>;
  is_featured_artist: Generated<number>;
  song: Generated<string | null>;
  /** The profile song's and video's files and pending upload jobs (migration 071, docs/profile-media.md). */
  song_file: Generated<string | null>;
  song_job: Generated<number>;
  /** The title sent with the pending song upload, made `song` when it is adopted (migration 078). */
  song_pending_title: Generated<string | null>;
  profile_video_file: Generated<string | null>;
  profile_video_poster: Generated<string | null>;
  profile_video_job: Generated<number>;
  /** Epoch ms until which the member is VIP (policy/premium.ts); 0 never. */
  vip_until: Generated<number>;
  /** When the one-time VIP trial was taken; 0 not yet. */
  vip_trial_at: Generated<number>;
  /** Premium features bought apart from VIP: epoch ms until which each holds; 0 never. */
  no_ads_until: Generated<number>;
  who_viewed_until: Generated<number>;
  im_status_until: Generated<number>;
  share_love_until: Generated<number>;
  /** Site moderator: works the report queue (docs/moderation.md). */
  is_moderator: Generated<number>;
  /** When a ban ends by itself; 0 while banned_at is set: until lifted by hand. */
  ban_until: Generated<number>;
  ban_reason: Generated<string | null>;
}

/** Every table, by area: each schema-<area>.ts holds its row types and its slice of this map. */
export interface Database
  extends RewardsTables,
    GamesTables,
    CallesTables,
    CuatroTables,
    PalabraTables,
    LiveTables,
    AccountsTables,
    SocialTables,
    ModerationTables,
    MessagingTables,
    FeedTables,
    PremiumTables,
    PhotosTables,
    StoriesTables,
    EphemeralTables,
    LedgerTables,
    PushTables,
    OutboxTables,
    ChatTables {
  users: UsersTable;
}
