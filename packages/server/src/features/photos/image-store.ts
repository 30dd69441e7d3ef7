import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for the image service's question: whose photo is this key, and what are its flags. */
export function imageStore(db: Kysely<Database>) {
  return {
    /** What the image service needs to decide who may load a stored image. */
    imageSight(key: string) {
      return db
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
        .where('photos.image_key', '=', key)
        .executeTakeFirst();
    },
  };
}
