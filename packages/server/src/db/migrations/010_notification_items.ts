import type { Kysely } from 'kysely';

/**
 * Notifications name the item they are about: deleting a status, an event or a comment deletes
 * the notices that pointed at it (features/feed/items.ts dropItem), found by this index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('notifications_item')
    .on('notifications')
    .columns(['item_type', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_item').execute();
}
