import type { Kysely } from 'kysely';

/**
 * The members an owner unlocked their backstage photos for (besides VIP members, who see them
 * until the economy prices them). One row per owner and member; the policy reads it by both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backstage_unlocks')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('backstage_unlocks_pk', ['owner_id', 'member_id'])
    .execute();
  // "Whose backstage may this member see": the feed asks it for a page of owners at once.
  await db.schema
    .createIndex('backstage_unlocks_member')
    .on('backstage_unlocks')
    .columns(['member_id', 'owner_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backstage_unlocks').execute();
}
