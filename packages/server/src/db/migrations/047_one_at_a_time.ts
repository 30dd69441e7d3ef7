import { type Kysely, sql } from 'kysely';

/**
 * Rules that must hold under concurrent requests, held by unique indexes rather than a read
 * before the write (docs/security.md, "Races"): one broadcast on air per member, and one pending
 * friend request from one member to another. Rows that broke them before are settled first,
 * keeping the newest broadcast and the oldest request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE live_broadcasts SET ended_at = started_at
    WHERE ended_at = 0 AND EXISTS (
      SELECT 1 FROM live_broadcasts AS newer
      WHERE newer.user_id = live_broadcasts.user_id AND newer.ended_at = 0 AND newer.id > live_broadcasts.id)`.execute(
    db,
  );
  await db.schema
    .createIndex('live_broadcasts_one_on_air')
    .on('live_broadcasts')
    .column('user_id')
    .unique()
    .where(sql.ref('ended_at'), '=', 0)
    .execute();

  await sql`DELETE FROM offline_messages
    WHERE category = 3 AND status = 'pending' AND EXISTS (
      SELECT 1 FROM offline_messages AS older
      WHERE older.category = 3 AND older.status = 'pending' AND older.sender_id = offline_messages.sender_id
        AND older.recipient_id = offline_messages.recipient_id AND older.id < offline_messages.id)`.execute(
    db,
  );
  await db.schema
    .createIndex('offline_messages_one_pending_request')
    .on('offline_messages')
    .columns(['sender_id', 'recipient_id'])
    .unique()
    .where(sql<boolean>`category = 3 AND status = 'pending'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('offline_messages_one_pending_request').execute();
  await db.schema.dropIndex('live_broadcasts_one_on_air').execute();
}
