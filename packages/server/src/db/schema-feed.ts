/** Tables: Feed events, statuses, likes, comments, guestbook and notifications (docs/feed-events.md). */
import type { Generated } from 'kysely';

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

export interface FeedTables {
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
}
