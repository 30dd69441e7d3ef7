import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AlbumsTable, Database, PhotosTable } from '../../db/schema';
import type { UserRow } from '../../http/context';

export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
/** Albums made on demand, one of each per member. */
export type AlbumKind = 'profile' | 'default';

/** SQL for photos and albums. Works on the database or inside a transaction. */
export function photoStore(db: Kysely<Database>) {
  return {
    findAlbum(ownerId: number, albumId: number): Promise<AlbumRow | undefined> {
      return db
        .selectFrom('albums')
        .selectAll()
        .where('id', '=', albumId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
    },

    findAlbumByName(ownerId: number, name: string): Promise<AlbumRow | undefined> {
      return db
        .selectFrom('albums')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirst();
    },

    createAlbum(ownerId: number, name: string, now: number): Promise<AlbumRow> {
      return db
        .insertInto('albums')
        .values({ owner_id: ownerId, name, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The member's album of a kind, made if missing; two racing uploads end with one album. */
    async ensureAlbum(ownerId: number, kind: AlbumKind, name: string, now: number): Promise<AlbumRow> {
      await db
        .insertInto('albums')
        .values({ owner_id: ownerId, kind, name, created_at: now })
        .onConflict((oc) => oc.columns(['owner_id', 'kind']).doNothing())
        .execute();
      return db
        .selectFrom('albums')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow();
    },

    insertPhoto(values: Insertable<PhotosTable>): Promise<PhotoRow> {
      return db.insertInto('photos').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async albumSize(albumId: number): Promise<number> {
      const row = await db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('album_id', '=', albumId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    findOwnPhoto(ownerId: number, photoId: number): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photoId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
    },

    async setProfileImage(userId: number, key: string, now: number): Promise<void> {
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
  };
}
