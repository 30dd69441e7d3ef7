import type { Kysely } from 'kysely';

/**
 * Contests an admin cancels (docs/rewards.md): cancelled_at marks them. Cancelling also sets
 * settled_at in the same conditional update, so a cancel and the expiry job can never both win.
 * And each day's gift board in rank order (`gift_board_days_rank`), which the week and month
 * pages walk from the top instead of summing every member's days (features/rewards/board-window.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('cancelled_at', 'bigint').execute();
  await db.schema
    .createIndex('gift_board_days_rank')
    .on('gift_board_days')
    .columns(['kind', 'room_id', 'day', 'score desc', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gift_board_days_rank').execute();
  await db.schema.alterTable('contests').dropColumn('cancelled_at').execute();
}
