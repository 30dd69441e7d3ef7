import type { Kysely } from 'kysely';

/**
 * The member's browser-notifications switch (docs/preferences.md): on, the web app shows an
 * incoming message as a system notification while its tab is hidden, if the browser allows it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify_browser', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('notify_browser').execute();
}
