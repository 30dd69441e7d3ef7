import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

/**
 * Whose photo a key is, and its flags: asked on every image request (media/routes.ts), so
 * compiled once and read straight off SQLite's connection (db/prepared.ts): 0.091 ms a call
 * built by Kysely each time, 0.012 ms prepared (50 keys, load 6-13; tools/bench/README.md,
 * "Session 13, perf-media").
 */
const sightOf = prepared((db: Kysely<Database>, key: string) =>
  db
    .selectFrom('photos')
    .innerJoin('users', 'users.id', 'photos.owner_id')
    .select([
      'photos.id',
      'photos.owner_id',
      'photos.author_id',
      'photos.privacy',
      'photos.backstage',
      'photos.nsfw',
      'photos.quarantine',
      'users.buddies_private',
      'users.banned_at',
      'users.image1',
      'users.bg_image',
    ])
    .where('photos.image_key', '=', key),
);

/** SQL for the image service's question: whose photo is this key, and what are its flags. */
export function imageStore(db: Kysely<Database>) {
  return {
    /** What the image service needs to decide who may load a stored image. */
    async imageSight(key: string) {
      return (await sightOf(db, key))[0];
    },
  };
}
