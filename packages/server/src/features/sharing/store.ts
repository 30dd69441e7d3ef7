import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a link preview may show: only rows the rules in previews.ts then check. */
export function previewStore(db: Kysely<Database>) {
  return {
    member: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'name', 'about', 'image1', 'buddies_private', 'banned_at', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst(),

    room: (id: number) =>
      db
        .selectFrom('chat_rooms')
        .select(['id', 'display_name', 'category', 'room_type'])
        .where('id', '=', id)
        .executeTakeFirst(),

    status: (id: number) =>
      db
        .selectFrom('statuses')
        .select(['id', 'user_id', 'text', 'image_key', 'privacy', 'nsfw'])
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
