import { type Kysely, sql } from 'kysely';
import { idColumnType, isPostgres, primaryId } from '../dialect';

/**
 * Moderation (docs/moderation.md): site moderators beside admins, bans with an end and a reason,
 * how each report was resolved, and the audit log. The log refuses UPDATE and DELETE in the
 * database itself (a trigger on both dialects), so no code path, and no operator's stray
 * statement, can rewrite what was done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_moderator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 0: a ban until it is lifted by hand; otherwise when it ends by itself.
  await db.schema
    .alterTable('users')
    .addColumn('ban_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('ban_reason', 'varchar(500)').execute();
  await db.schema.createIndex('users_ban_until').on('users').column('ban_until').execute();

  await db.schema.alterTable('reports').addColumn('resolution', 'varchar(20)').execute();
  await db.schema.alterTable('reports').addColumn('resolved_by', 'integer').execute();
  await db.schema.alterTable('reports').addColumn('resolved_at', 'bigint').execute();
  // The queue groups open reports by their target.
  await db.schema
    .createIndex('reports_target')
    .on('reports')
    .columns(['kind', 'reported_id', 'item_id', 'status'])
    .execute();
  await db.schema.createIndex('reports_by').on('reports').columns(['reporter_id', 'created_at']).execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', idColumnType(db), primaryId(db))
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('report_id', 'integer')
    .addColumn('kind', 'varchar(20)')
    .addColumn('item_id', 'integer')
    .addColumn('reason', 'varchar(500)')
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_log_recent').on('moderation_log').column('created_at').execute();
  await db.schema
    .createIndex('moderation_log_target')
    .on('moderation_log')
    .columns(['target_id', 'created_at'])
    .execute();

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION moderation_log_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'moderation_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER moderation_log_no_change BEFORE UPDATE OR DELETE ON moderation_log
      FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only()`.execute(db);
  } else {
    for (const op of ['UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER moderation_log_no_${op.toLowerCase()} BEFORE ${op} ON moderation_log
          BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS moderation_log_append_only()`.execute(db);
  await db.schema.dropIndex('reports_by').execute();
  await db.schema.dropIndex('reports_target').execute();
  for (const column of ['resolution', 'resolved_by', 'resolved_at']) {
    await db.schema.alterTable('reports').dropColumn(column).execute();
  }
  await db.schema.dropIndex('users_ban_until').execute();
  for (const column of ['is_moderator', 'ban_until', 'ban_reason']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
