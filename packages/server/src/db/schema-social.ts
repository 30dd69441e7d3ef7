/** Tables: Friendships, blocks, visits, invites and saved searches (docs/social-core.md). */
import type { Generated } from 'kysely';

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

export interface SocialTables {
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  profile_visits: ProfileVisitsTable;
  churn_dismissals: ChurnDismissalsTable;
  buddy_invites: BuddyInvitesTable;
  /** JSON of each member's last advanced search (useStoredParams). */
  member_searches: { user_id: number; params: string; updated_at: number };
}
