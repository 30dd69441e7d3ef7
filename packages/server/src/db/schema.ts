import type { Generated } from 'kysely';
import type { RewardsTables } from './schema-rewards';

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

/** Points a member earns (docs/member-fields.md); apart from users so a chat line never rewrites it. */
export interface MemberPointsTable {
  user_id: number;
  chat_points: Generated<number>;
  /** The day (days since epoch, UTC) chat_today counts. */
  chat_day: Generated<number>;
  chat_today: Generated<number>;
  love_points: Generated<number>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: number;
  last_seen: number;
  expires_at: number;
  remember: Generated<number>;
  /** Names the session to its owner (profile/getSessions.do); not derived from the token. */
  public_id: string | null;
  user_agent: string | null;
  address: string | null;
}

export interface LoginFailuresTable {
  user_id: number;
  /** Failed logins with the member's name since the last successful one. */
  count: number;
  last_at: number;
  last_address: string | null;
}

export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  created_at: number;
  position: Generated<number>;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

export interface ProfileVisitsTable {
  owner_id: number;
  visitor_id: number;
  last_visit: number;
  visits: Generated<number>;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  /** Null for an ad report (kind 'ad'). */
  reported_id: number | null;
  kind: string;
  item_id: number | null;
  comment: string | null;
  url: string | null;
  status: Generated<string>;
  created_at: number;
  resolution: Generated<string | null>;
  resolved_by: Generated<number | null>;
  resolved_at: Generated<number | null>;
}

/** Every moderation action, append-only (a trigger refuses UPDATE and DELETE). */
export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_id: number | null;
  report_id: number | null;
  kind: string | null;
  item_id: number | null;
  reason: string | null;
  /** JSON. */
  details: string | null;
  created_at: number;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  /** JSON. */
  props: string | null;
  page: string | null;
  release: string | null;
  created_at: number;
}

export interface VerificationTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
}

export interface OfflineMessagesTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  /** 1 message, 2 invite, 3 friend request (OfflineCategory). */
  category: number;
  subject: string | null;
  body: string | null;
  /** JSON of extra fields (a request's lastName, phone, source). */
  extra: string | null;
  status: Generated<string>;
  created_at: number;
  read_at: Generated<number>;
}

export interface ChurnDismissalsTable {
  user_id: number;
  friend_id: number;
  type: number;
}

export interface BuddyInvitesTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number | null;
  type: number;
  code: string;
  accepted: Generated<number>;
  rewarded_count: Generated<number>;
  created_at: number;
}

export interface FeedEventsTable {
  id: Generated<number>;
  type: number;
  user_id: number;
  post_id: number | null;
  /** JSON: source.user, target.user, game... */
  properties: string | null;
  created_at: number;
  /** 1 public, 2 friends only. */
  privacy: Generated<number>;
  nsfw: Generated<number>;
  /** What likes and comments on the event go to: a LikeItemType and its id (5: the event itself). */
  item_type: Generated<number>;
  item_id: number | null;
  /** Unique when set: events recorded at most once (a birthday a year, a like...). */
  event_key: string | null;
  /** Another member the event shows; blocks with them hide it too. */
  about_id: number | null;
}

export interface VipSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_ref: string;
  offer: string;
  /** pending, active, canceled, ended */
  state: string;
  period_end: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SpotlightsTable {
  id: Generated<number>;
  user_id: number;
  transfer_key: string;
  starts_at: number;
  ends_at: number;
  shown: Generated<number>;
  created_at: number;
}

export interface HouseAdsTable {
  id: Generated<number>;
  title: string;
  body: Generated<string>;
  image: Generated<string>;
  link: string;
  locale: Generated<string>;
  starts_at: Generated<number>;
  ends_at: Generated<number>;
  active: Generated<number>;
  created_at: number;
}

export interface Database extends RewardsTables {
  stories: StoriesTable;
  story_views: { story_id: number; viewer_id: number; viewed_at: number };
  story_settings: StorySettingsTable;
  video_jobs: VideoJobsTable;
  users: UsersTable;
  sessions: SessionsTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  profile_visits: ProfileVisitsTable;
  reports: ReportsTable;
  vip_subscriptions: VipSubscriptionsTable;
  spotlights: SpotlightsTable;
  house_ads: HouseAdsTable;
  moderation_log: ModerationLogTable;
  analytics_events: AnalyticsEventsTable;
  /** Daily totals per metric ('event:<name>', 'error:<message>', 'active', 'signups', ...). */
  analytics_daily: { day: string; metric: string; value: Generated<number> };
  analytics_active: { day: string; user_id: number };
  verification_tokens: VerificationTokensTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  offline_messages: OfflineMessagesTable;
  churn_dismissals: ChurnDismissalsTable;
  buddy_invites: BuddyInvitesTable;
  feed_events: FeedEventsTable;
  feed_inbox: { user_id: number; event_id: number; direct: Generated<number> };
  feed_seen: { user_id: number; event_id: number };
  statuses: StatusesTable;
  likes: LikesTable;
  item_stats: ItemStatsTable;
  /** One row (id 1): raised by triggers on rare writes that can alter a rendered feed page. */
  feed_generation: { id: number; value: number };
  comments: CommentsTable;
  guestbook_entries: GuestbookEntriesTable;
  notifications: NotificationsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_room_roles: ChatRoomRolesTable;
  chat_entries: ChatEntriesTable;
  chat_settings: ChatSettingsTable;
  chat_ignores: ChatIgnoresTable;
  chat_recent_rooms: ChatRecentRoomsTable;
  chat_moderation_log: ChatModerationLogTable;
  /** JSON of each member's last advanced search (useStoredParams). */
  member_searches: { user_id: number; params: string; updated_at: number };
  login_failures: LoginFailuresTable;
  member_points: MemberPointsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  gifts: GiftsTable;
  gift_vouchers: { user_id: number; gift_id: number; count: number };
  gift_sends: GiftSendsTable;
  gold_payments: GoldPaymentsTable;
  gift_helper_seen: { user_id: number; type: string; seen_at: number };
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
}

export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** 'profile' or 'default' for the albums made on demand; null for the member's own. */
  kind: string | null;
  privacy: Generated<number>;
  created_at: number;
  /** The owner's order of their albums (ascending, then id). */
  position: Generated<number>;
}

export interface PhotosTable {
  id: Generated<number>;
  owner_id: number;
  author_id: number;
  album_id: number;
  /** The media key of the stored original (see media/keys.ts). */
  image_key: string;
  width: number;
  height: number;
  caption: string | null;
  /** 1 public, 2 friends, 3 private. */
  privacy: Generated<number>;
  created_at: number;
  /** The owner's order within the album (ascending, then newest first). */
  position: Generated<number>;
  /** 1: in the owner's backstage album (owner and unlocked members only). */
  backstage: Generated<number>;
  /** 1: shown only to members who opted in to NSFW content. */
  nsfw: Generated<number>;
  /** 1: an admin hid it from everyone but its owner. */
  quarantine: Generated<number>;
  /** 1: an admin looked at it and approved it (image1Approved). */
  approved: Generated<number>;
  admin_flagged: Generated<number>;
  shareable: Generated<number>;
  download_permitted: Generated<number>;
}

export interface ConversationsTable {
  id: Generated<number>;
  /** 1 IM, 2 UGC group, 3 chat. */
  type: number;
  owner_id: number;
  name: string | null;
  /** 'minId:maxId' for an IM (unique); null for groups. */
  im_key: string | null;
  is_read_only: Generated<number>;
  allow_invite: Generated<number>;
  message_count: Generated<number>;
  created_at: number;
  last_activity: number;
}

export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  joined_at: number;
  /** 0 while the member takes part. */
  left_at: Generated<number>;
  /** Messages from others after this time are unread. */
  read_at: Generated<number>;
  /** The conversation's last activity, copied for the member's list index. */
  last_activity: number;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  content: string;
  bg_color: string | null;
  fg_color: string | null;
  /** The sender's clientMessageId: (sender_id, client_id) is unique. */
  client_id: string | null;
  created_at: number;
  /** The offline mail this line repeats, when it came from one. */
  offline_id: Generated<number | null>;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  category: string;
  /** 0 public, 1 profile, 2 member-made public, 3 private, 4 invite only, 5 game. */
  room_type: number;
  max_users: number;
  owner_id: number | null;
  locale: string;
  country: string | null;
  created_at: number;
}

/** Who is in a room now (see features/chat/membership.ts). */
export interface ChatRoomMembersTable {
  room_id: number;
  user_id: number;
  entered_at: number;
}

export interface ChatRoomRolesTable {
  room_id: number;
  user_id: number;
  role: 'moderator' | 'blocked' | 'kicked' | 'invited' | 'gagged';
  /** 0 for ever; kicks, blocks and room gags last until this time. */
  until: Generated<number>;
  created_at: number;
}

export interface ChatEntriesTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number;
  /** 0 for the whole room; the recipient of a private message otherwise. */
  dest_id: Generated<number>;
  message: string;
  message_type: Generated<number>;
  color: string | null;
  emoticon_path: string | null;
  is_read: Generated<number>;
  created_at: number;
}

export interface ChatSettingsTable {
  user_id: number;
  color: string | null;
  bg_color: string | null;
  layout_style: Generated<string>;
  collapse_images: Generated<number>;
}

export interface ChatIgnoresTable {
  user_id: number;
  ignored_id: number;
  created_at: number;
}

export interface ChatRecentRoomsTable {
  user_id: number;
  room_id: number;
  entered_at: number;
  /** When the member last left the room; 0 before their first leave. */
  left_at: Generated<number>;
}

export interface ChatModerationLogTable {
  id: Generated<number>;
  /** Null for a site-wide action (an admin's chat gag). */
  room_id: number | null;
  actor_id: number;
  target_id: number;
  action: string;
  /** When the action ends (epoch ms); 0 when it does not. */
  until: Generated<number>;
  created_at: number;
}

export interface StatusesTable {
  id: Generated<number>;
  user_id: number;
  text: string;
  image_key: string | null;
  privacy: Generated<number>;
  nsfw: Generated<number>;
  created_at: number;
}

export interface LikesTable {
  item_type: number;
  item_id: number;
  user_id: number;
  author_id: number;
  content: string | null;
  created_at: number;
}

export interface ItemStatsTable {
  item_type: number;
  item_id: number;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  updated_at: number;
  /** Raised by every change of the counters or of the likes behind them (feed page stamps). */
  rev: Generated<number>;
}

export interface CommentsTable {
  id: Generated<number>;
  /** LikeItemType of the post: 1 status, 2 photo. */
  post_type: number;
  post_id: number;
  post_author_id: number;
  author_id: number;
  message: string;
  image_key: string | null;
  created_at: number;
}

export interface GuestbookEntriesTable {
  id: Generated<number>;
  profile_id: number;
  author_id: number;
  message: string;
  image_key: string | null;
  created_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number;
  item_type: number | null;
  item_id: number | null;
  url: string | null;
  read_at: Generated<number>;
  created_at: number;
}

/** A story (features/stories): state 'processing' until its video job finished, then 'ready'. */
export interface StoriesTable {
  id: Generated<number>;
  author_id: number;
  state: Generated<string>;
  /** The transcoded MP4's media store name; null while processing. */
  video_name: string | null;
  /** The poster frame's image key (served by the image service). */
  poster_key: string | null;
  duration_ms: Generated<number>;
  nsfw: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  created_at: number;
  expires_at: number;
}

export interface StorySettingsTable {
  user_id: number;
  tutorial_done: Generated<number>;
  nsfw_allowed: Generated<number>;
}

/** The video pipeline's jobs (media/video): queued, running, done or failed. */
export interface VideoJobsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  owner_id: number;
  input_name: string;
  start_ms: Generated<number>;
  state: Generated<string>;
  attempts: Generated<number>;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** The ledger (docs/ledger.md). System accounts keep no balance: theirs is summed from entries. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  key: string;
  owner_id: number;
  currency: string;
  is_system: Generated<number>;
  balance: Generated<number>;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  fingerprint: string;
  kind: string;
  actor_id: Generated<number>;
  reason: string | null;
  /** JSON of the first answer, returned again to a retry with the same key. */
  result: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: number;
  account_id: number;
  amount: number;
  created_at: number;
}

export interface GiftsTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  description: string | null;
  art: string;
  video: string | null;
  price: number;
  discount: Generated<number>;
  value: number;
  start_date: number | null;
  end_date: number | null;
  vip: Generated<number>;
  admin: Generated<number>;
  requires_voucher: Generated<number>;
  tag: string;
  position: Generated<number>;
  entrance_animation: string | null;
  exit_animation: string | null;
  retired: Generated<number>;
  created_at: number;
}

export interface GiftSendsTable {
  id: Generated<number>;
  /** The ledger transfer's idempotency key: one gift per paid transfer. */
  transfer_key: string;
  gift_id: number;
  sender_id: number;
  receiver_id: number;
  source: string;
  conversation_id: number | null;
  room_id: number | null;
  price: number;
  value: number;
  created_at: number;
}

export interface GoldPaymentsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_ref: string;
  payment_ref: string | null;
  gold: number;
  amount_cents: number;
  currency: string;
  /** pending, paid, refunded */
  state: string;
  created_at: number;
  updated_at: number;
}

/** A browser's Web Push subscription (migration 025, docs/web-push.md). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The session that subscribed: ending it removes the row. */
  session_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** A member's Web Push choices; no row means the defaults (everything on, never asked). */
export interface PushSettingsTable {
  user_id: number;
  messages: Generated<number>;
  friend_requests: Generated<number>;
  gifts: Generated<number>;
  profile_visits: Generated<number>;
  chat_private: Generated<number>;
  broadcasts: Generated<number>;
  media: Generated<number>;
  previews: Generated<number>;
  prompt: Generated<number>;
}
