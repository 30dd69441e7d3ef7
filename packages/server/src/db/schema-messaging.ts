/** Tables: Conversations, their members, messages and offline messages. */
import type { Generated } from 'kysely';

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

export interface MessagingTables {
  offline_messages: OfflineMessagesTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
}
