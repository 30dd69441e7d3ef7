/** Tables: Chat rooms, their members, roles, entries and moderation. */
import type { ColumnType, Generated } from 'kysely';

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
  /** A game's room (type 5): its game; null for every other room (migration 058). */
  game_id: ColumnType<number | null, number | null | undefined, never>;
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

export interface ChatTables {
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_room_roles: ChatRoomRolesTable;
  chat_entries: ChatEntriesTable;
  chat_settings: ChatSettingsTable;
  chat_ignores: ChatIgnoresTable;
  chat_recent_rooms: ChatRecentRoomsTable;
  chat_moderation_log: ChatModerationLogTable;
}
