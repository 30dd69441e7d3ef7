/** Tables: View-once photos and videos and each viewer's time (docs/ephemeral.md). */
import type { Generated } from 'kysely';

/** A view-once item; exactly one of conversation_id / room_id is set. */
export interface EphemeralItemsTable {
  id: Generated<number>;
  author_id: number;
  kind: 'photo' | 'video';
  conversation_id: number | null;
  room_id: number | null;
  /** processing (video job running), ready or failed. */
  state: Generated<string>;
  /** The full photo or MP4 in the media store (under ephemeral/, never served by name). */
  media_name: string | null;
  /** The already blurred 300 px thumbnail's image key. */
  thumb_key: string | null;
  /** Seconds each recipient may look. */
  expiration: number;
  created_at: number;
  /** Retention: removed with its files at this time. */
  expires_at: number;
}

/**
 * One recipient's time with an item. viewed_ms only grows. While the viewer looks, opened_at
 * is set and the clock counts from opened_base_ms, so an open never reported closed is charged.
 */
export interface EphemeralViewsTable {
  item_id: number;
  viewer_id: number;
  viewed_ms: number;
  opened_at: number | null;
  opened_base_ms: Generated<number>;
  first_viewed_at: number;
  updated_at: number;
}

export interface EphemeralTables {
  ephemeral_items: EphemeralItemsTable;
  ephemeral_views: EphemeralViewsTable;
}
