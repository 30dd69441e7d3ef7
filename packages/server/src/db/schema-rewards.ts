/** Tables of leaderboards, contests and spins (migrations 029, 040 and 042, docs/rewards.md). */
import type { Generated } from 'kysely';

interface BoardRow {
  kind: string;
  user_id: number;
  score: number;
  gifts: number;
}

export interface RewardsTables {
  gift_board_days: BoardRow & { room_id: number; day: number };
  gift_board_totals: BoardRow & { room_id: number };
  gift_board_events: BoardRow & { event_id: number };
  leaderboard_events: {
    id: Generated<number>;
    key: string;
    name: string;
    starts_at: number;
    ends_at: number;
    created_by: number;
    created_at: number;
  };
  spins: {
    id: Generated<number>;
    user_id: number;
    sender_id: Generated<number>;
    day: number | null;
    theme: string;
    prize_slot: number | null;
    spun_at: number | null;
    created_at: number;
  };
  contests: {
    id: Generated<number>;
    name: string;
    kind: string;
    board: string;
    event_id: Generated<number>;
    currency: string;
    prizes: string;
    room_id: Generated<number>;
    starts_at: number;
    expires_at: number;
    created_by: number;
    created_at: number;
    settled_at: number | null;
    /** Set (with settled_at) when an admin cancels it (migration 042). */
    cancelled_at: Generated<number | null>;
  };
  contest_entries: { id: Generated<number>; contest_id: number; user_id: number; created_at: number };
  contest_winners: {
    contest_id: number;
    place: number;
    user_id: number;
    amount: number;
    redeemed_at: number | null;
  };
}
