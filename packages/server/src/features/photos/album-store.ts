import type { Kysely, Updateable } from 'kysely';
import type { AlbumsTable, Database } from '../../db/schema';
import type { PhotoAudience } from '../../policy/photos';
import { type AlbumKind, type AlbumRow, visibleTo } from './photo-view-store';

/** SQL for a member's albums: finding, making, renaming, ordering, deleting, and their sizes. */
export function albumStore(db: Kysely<Database>) {
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

    async updateAlbum(albumId: number, changes: Updateable<AlbumsTable>): Promise<void> {
      await db.updateTable('albums').set(changes).where('id', '=', albumId).execute();
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

    /** A member's albums in their order, with what the viewer may see of each. */
    async albumsOf(ownerId: number, a: PhotoAudience, newSince: number) {
      const albums = await db
        .selectFrom('albums')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (!albums.length) return [];
      const stats = await visibleTo(
        db
          .selectFrom('photos')
          .select((eb) => [
            'photos.album_id',
            eb.fn.countAll<number>().as('size'),
            eb.fn.max('photos.created_at').as('newest'),
          ])
          .where('photos.owner_id', '=', ownerId)
          .groupBy('photos.album_id'),
        a,
      ).execute();
      const covers = await visibleTo(
        db
          .selectFrom('photos')
          .select(['photos.album_id', 'photos.image_key', 'photos.id'])
          .where('photos.owner_id', '=', ownerId),
        a,
      )
        .orderBy('photos.position')
        .orderBy('photos.id', 'desc')
        .execute();
      const statOf = new Map(stats.map((s) => [s.album_id, s]));
      const coverOf = new Map<number, string>();
      for (const c of covers) if (!coverOf.has(c.album_id)) coverOf.set(c.album_id, c.image_key);
      return albums.map((album) => {
        const s = statOf.get(album.id);
        return {
          album,
          size: Number(s?.size ?? 0),
          containsNew: Number(s?.newest ?? 0) >= newSince,
          coverKey: coverOf.get(album.id),
        };
      });
    },

    async albumSize(albumId: number): Promise<number> {
      const row = await db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('album_id', '=', albumId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The member's album ids, in any order. */
    async albumIdsOf(ownerId: number): Promise<number[]> {
      const rows = await db.selectFrom('albums').select('id').where('owner_id', '=', ownerId).execute();
      return rows.map((r) => r.id);
    },

    async photoIdsIn(albumId: number): Promise<number[]> {
      const rows = await db.selectFrom('photos').select('id').where('album_id', '=', albumId).execute();
      return rows.map((r) => r.id);
    },

    async deleteAlbum(albumId: number): Promise<void> {
      await db.deleteFrom('albums').where('id', '=', albumId).execute();
    },
  };
}
