/** Tables: Sessions, sign-in failures, verification and points (docs/accounts.md). */
import type { Generated } from 'kysely';

/**
 * Chat points a member earns (docs/member-fields.md); apart from users so a chat line never
 * rewrites it. Love points are a ledger account (docs/ledger.md), not a column.
 */
export interface MemberPointsTable {
  user_id: number;
  chat_points: Generated<number>;
  /** The day (days since epoch, UTC) chat_today counts. */
  chat_day: Generated<number>;
  chat_today: Generated<number>;
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

export interface VerificationTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
}

export interface AccountsTables {
  sessions: SessionsTable;
  verification_tokens: VerificationTokensTable;
  login_failures: LoginFailuresTable;
  member_points: MemberPointsTable;
}
