import type { Kysely } from 'kysely';

/**
 * A named relationship partner shows only once the partner confirmed it (docs/security.md):
 * partners named before this migration never confirmed, so they wait for an answer too.
 * The member's current status (users.status_object) learns its privacy, so a user view can
 * apply the item rule to it; existing ones take it from their status row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('relationship_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('users_relationship_partner')
    .on('users')
    .column('relationship_partner_id')
    .execute();
  const rows = await db
    .selectFrom('users')
    .innerJoin('statuses', 'statuses.user_id', 'users.id')
    .select(['users.id', 'users.status_object', 'statuses.id as status_id', 'statuses.privacy'])
    .where('users.status_object', 'is not', null)
    .execute();
  for (const row of rows) {
    const status = JSON.parse(row.status_object) as { id?: number; privacy?: number };
    if (status.id !== row.status_id || status.privacy !== undefined) continue;
    await db
      .updateTable('users')
      .set({ status_object: JSON.stringify({ ...status, privacy: row.privacy }) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_relationship_partner').execute();
  await db.schema.alterTable('users').dropColumn('relationship_confirmed').execute();
}
