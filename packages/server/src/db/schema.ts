import type { Generated } from 'kysely';

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
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: number;
  last_seen: number;
  expires_at: number;
  remember: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}
