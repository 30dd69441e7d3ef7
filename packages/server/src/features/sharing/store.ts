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

    photo: (id: number) =>
      db
        .selectFrom('photos')
        .select([
          'id',
          'owner_id',
          'caption',
          'image_key',
          'privacy',
          'backstage',
          'nsfw',
          'quarantine',
          'shareable',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    story: (id: number) =>
      db
        .selectFrom('stories')
        .select(['id', 'author_id', 'state', 'nsfw', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst(),

    onAir: (userId: number) =>
      db
        .selectFrom('live_broadcasts')
        .select('broadcast_id')
        .where('user_id', '=', userId)
        .where('ended_at', '=', 0)
        .executeTakeFirst(),
  };
}
