import { LikeItemType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { PhotoAudience } from '../../policy/photos';
import { counted, type PhotoRow, type PhotoView, photoViews, visibleTo } from './photo-view-store';

/** SQL for reading photos: lists, counts, one photo and its neighbours, favorites, their members. */
export function photoReadStore(db: Kysely<Database>) {
  const views = () => photoViews(db);
  return {
    /** A page of a member's photos the viewer may see (one album or all), in the owner's order. */
    async photosOf(
      ownerId: number,
      a: PhotoAudience,
      o: { albumId?: number; onlyApproved?: boolean; noBackstage?: boolean; offset: number; limit: number },
    ): Promise<PhotoView[]> {
      let q = visibleTo(views().where('photos.owner_id', '=', ownerId), a);
      if (o.albumId) q = q.where('photos.album_id', '=', o.albumId);
      if (o.onlyApproved) q = q.where('photos.approved', '=', 1);
      if (o.noBackstage) q = q.where('photos.backstage', '=', 0);
      return counted(
        await q
          .orderBy('photos.position')
          .orderBy('photos.id', 'desc')
          .offset(o.offset)
          .limit(o.limit)
          .execute(),
      );
    },

    async countOf(ownerId: number, a: PhotoAudience): Promise<number> {
      const row = await visibleTo(
        db
          .selectFrom('photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('photos.owner_id', '=', ownerId),
        a,
      ).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async photo(id: number): Promise<PhotoView | undefined> {
      const row = await views().where('photos.id', '=', id).executeTakeFirst();
      return row && counted([row])[0];
    },

    /** The photos before and after `p` in its album, in the album's order, that the viewer may see. */
    async neighbours(p: PhotoRow, a: PhotoAudience): Promise<{ prev?: PhotoView; next?: PhotoView }> {
      const inAlbum = () => visibleTo(views().where('photos.album_id', '=', p.album_id), a);
      // Order: position ascending, then id descending. "Before" is earlier in that order.
      const prev = await inAlbum()
        .where((eb) =>
          eb.or([
            eb('photos.position', '<', p.position),
            eb.and([eb('photos.position', '=', p.position), eb('photos.id', '>', p.id)]),
          ]),
        )
        .orderBy('photos.position', 'desc')
        .orderBy('photos.id')
        .limit(1)
        .executeTakeFirst();
      const next = await inAlbum()
        .where((eb) =>
          eb.or([
            eb('photos.position', '>', p.position),
            eb.and([eb('photos.position', '=', p.position), eb('photos.id', '<', p.id)]),
          ]),
        )
        .orderBy('photos.position')
        .orderBy('photos.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { prev: prev && counted([prev])[0], next: next && counted([next])[0] };
    },

    /** The member's newest photo. */
    async newestOf(ownerId: number): Promise<PhotoView | undefined> {
      const row = await views()
        .where('photos.owner_id', '=', ownerId)
        .orderBy('photos.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && counted([row])[0];
    },

    /** Photos `userId` liked, newest like first (each still checked against its owner's audience). */
    async likedBy(userId: number, offset: number, limit: number): Promise<PhotoView[]> {
      const rows = await views()
        .innerJoin('likes', (j) =>
          j.onRef('likes.item_id', '=', 'photos.id').on('likes.item_type', '=', LikeItemType.PHOTO),
        )
        .where('likes.user_id', '=', userId)
        .orderBy('likes.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return counted(rows);
    },

    /** Members by id, for the owner and author of photos. */
    users(ids: number[]): Promise<UserRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    user(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
