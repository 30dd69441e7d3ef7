import type { Kysely } from 'kysely';

/**
 * Contests an admin cancels (docs/rewards.md): cancelled_at marks them. Cancelling also sets
 * settled_at in the same conditional update, so a cancel and the expiry job can never both win.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('cancelled_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').dropColumn('cancelled_at').execute();
}
