import type { Kysely } from 'kysely';

/**
 * Each game's chat room (room type 5, docs/games.md "The game's room"): the room names its game,
 * and a unique index keeps it to one room per game however many requests make it at once.
 * Other rooms leave game_id null (both dialects allow many nulls under a unique index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_rooms').addColumn('game_id', 'integer').execute();
  await db.schema.createIndex('chat_rooms_game').on('chat_rooms').column('game_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_rooms_game').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('game_id').execute();
}
