/** Tables: Web Push subscriptions and settings (docs/web-push.md). */
import type { Generated } from 'kysely';

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

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
}
