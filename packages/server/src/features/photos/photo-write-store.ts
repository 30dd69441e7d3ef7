import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, PhotosTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { PhotoRow } from './photo-view-store';

/** SQL for writing photos and the member's picture and background that may point at them. */
export function photoWriteStore(db: Kysely<Database>) {
  return {
    insertPhoto(values: Insertable<PhotosTable>): Promise<PhotoRow> {
      return db.insertInto('photos').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async updatePhoto(id: number, changes: Updateable<PhotosTable>): Promise<void> {
      await db.updateTable('photos').set(changes).where('id', '=', id).execute();
    },

    async deletePhoto(id: number): Promise<boolean> {
      const res = await db.deleteFrom('photos').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    findOwnPhoto(ownerId: number, photoId: number): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photoId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
    },

    async setProfileImage(userId: number, key: string | null, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ image1: key, profile_updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    /** Sets (or with null, clears) the background and its photo; returns the member's updated row. */
    setBackground(
      userId: number,
      key: string | null,
      style: 'repeat' | 'cover' | null,
      photoId = 0,
    ): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ bg_image: key, bg_style: style, bg_photo_id: photoId })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Where a moved image key is still the member's picture or background, follow it. */
    async followImageKey(userId: number, from: string, to: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ image1: to })
        .where('id', '=', userId)
        .where('image1', '=', from)
        .execute();
      await db
        .updateTable('users')
        .set({ bg_image: to })
        .where('id', '=', userId)
        .where('bg_image', '=', from)
        .execute();
    },
  };
}
