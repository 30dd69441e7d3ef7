import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The SQL of the members' story settings (tutorial, adult content) and of story reports. */
export function storySettingsStore(db: Kysely<Database>) {
  return {
    async settings(userId: number) {
      const row = await db
        .selectFrom('story_settings')
        .select(['tutorial_done', 'nsfw_allowed'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { tutorialDone: row?.tutorial_done === 1, nsfwAllowed: row?.nsfw_allowed === 1 };
    },

    async saveSetting(userId: number, change: { tutorial_done?: number; nsfw_allowed?: number }) {
      await db
        .insertInto('story_settings')
        .values({ user_id: userId, ...change })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
        .execute();
    },

    /** A report in the shared moderation queue (kind 'story'), once per reporter and story. */
    async report(r: { reporterId: number; authorId: number; storyId: number; reason: string; now: number }) {
      const existing = await db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', r.reporterId)
        .where('kind', '=', 'story')
        .where('item_id', '=', r.storyId)
        .executeTakeFirst();
      if (existing) return false;
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporterId,
          reported_id: r.authorId,
          kind: 'story',
          item_id: r.storyId,
          comment: r.reason,
          created_at: r.now,
        })
        .execute();
      return true;
    },
  };
}
