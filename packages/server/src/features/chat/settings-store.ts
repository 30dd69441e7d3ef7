import type { Kysely } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

// Read on every line sent (db/prepared.ts).
const settingsOf = prepared((db: Kysely<Database>, userId: number) =>
  db.selectFrom('chat_settings').selectAll().where('user_id', '=', userId),
);

/** A member's chat look (chat_settings, and the emoticon theme on users) and whom they ignore in rooms (chat_ignores). */
export function settingsStore(db: Db) {
  return {
    async settings(userId: number) {
      return (await settingsOf(db, userId))[0];
    },

    async saveSettings(
      userId: number,
      values: Partial<{
        color: string;
        bg_color: string;
        layout_style: string;
        collapse_images: number;
      }>,
    ): Promise<void> {
      await db
        .insertInto('chat_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** The member's emoticon theme lives on their user row (it is a User field too). */
    async saveEmoticonPath(userId: number, path: string): Promise<void> {
      await db.updateTable('users').set({ emoticon_path: path }).where('id', '=', userId).execute();
    },

    /** Background colours of the given members who chose one. */
    async bgColors(userIds: number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom('chat_settings')
        .select(['user_id', 'bg_color'])
        .where('user_id', 'in', userIds)
        .where('bg_color', 'is not', null)
        .execute();
      return new Map(rows.flatMap((r) => (r.bg_color ? [[r.user_id, r.bg_color] as const] : [])));
    },

    async ignoredBy(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('chat_ignores')
        .select('ignored_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.ignored_id);
    },

    async ignore(userId: number, ignoredId: number, now: number): Promise<void> {
      await db
        .insertInto('chat_ignores')
        .values({ user_id: userId, ignored_id: ignoredId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'ignored_id']).doNothing())
        .execute();
    },

    async unignore(userId: number, ignoredId: number): Promise<void> {
      await db
        .deleteFrom('chat_ignores')
        .where('user_id', '=', userId)
        .where('ignored_id', '=', ignoredId)
        .execute();
    },

    async isIgnored(userId: number, ignoredId: number): Promise<boolean> {
      const row = await db
        .selectFrom('chat_ignores')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('ignored_id', '=', ignoredId)
        .executeTakeFirst();
      return !!row;
    },
  };
}
export type SettingsStore = ReturnType<typeof settingsStore>;
