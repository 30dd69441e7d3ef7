import type { Kysely } from 'kysely';

/**
 * Story likes are the feed's likes of item type STORY (docs/stories.md, "Likes"): their counter
 * lives in item_stats like every other likeable item's, so the story's own copy goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stories').dropColumn('like_count').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
