import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The policy's read of a photo someone wants to attach to a post (see mayAttachPhoto). */
export function attachStore(db: Kysely<Database>) {
  return {
    photo(photoId: number) {
      return db
        .selectFrom('photos')
        .select(['owner_id', 'image_key', 'backstage', 'quarantine'])
        .where('id', '=', photoId)
        .executeTakeFirst();
    },
  };
}
