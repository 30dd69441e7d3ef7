import type { Kysely } from 'kysely';

/**
 * Which of the member's photos is their profile background (0: none, or one set before this
 * column existed). The profile editor needs it to switch the background's repeat without
 * choosing the photo again (user/setBackgroundPhoto.do takes a photo id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('bg_photo_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bg_photo_id').execute();
}
