import { LikeItemType } from '@tertulia/contract';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { AlbumsTable, Database, PhotosTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { PhotoAudience } from '../../policy/photos';

export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
/** A photo with its album's name and its counters, as the Photo entity needs it. */
export type PhotoView = PhotoRow & { album_name: string; like_count: number; comment_count: number };
/** Albums made on demand, one of each per member. */
export type AlbumKind = 'profile' | 'default' | 'backstage';

type PhotoQuery = SelectQueryBuilder<Database, 'photos', object>;

/** The audience filter in SQL: the same rule as policy/photos.ts audienceSees. */
function visibleTo<Q extends PhotoQuery>(q: Q, a: PhotoAudience): Q {
  let out = q.where('photos.privacy', 'in', a.privacies.length ? a.privacies : [-1]) as Q;
  if (!a.backstage) out = out.where('photos.backstage', '=', 0) as Q;
  if (!a.nsfw) out = out.where('photos.nsfw', '=', 0) as Q;
  if (!a.quarantined) out = out.where('photos.quarantine', '=', 0) as Q;
  return out;
}

/** SQL for photos and albums. Works on the database or inside a transaction. */
export function photoStore(db: Kysely<Database>) {
  const views = () =>
    db
      .selectFrom('photos')
      .innerJoin('albums', 'albums.id', 'photos.album_id')
      .leftJoin('item_stats', (j) =>
        j.onRef('item_stats.item_id', '=', 'photos.id').on('item_stats.item_type', '=', LikeItemType.PHOTO),
      )
      .selectAll('photos')
      .select(['albums.name as album_name', 'item_stats.like_count', 'item_stats.comment_count']);
  const counted = (
    rows: (Omit<PhotoView, 'like_count' | 'comment_count'> & {
      like_count: number | null;
      comment_count: number | null;
    })[],
  ): PhotoView[] =>
    rows.map((r) => ({ ...r, like_count: r.like_count ?? 0, comment_count: r.comment_count ?? 0 }));

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

    /** What the image service needs to decide who may load a stored image. */
    imageSight(key: string) {
      return db
        .selectFrom('photos')
        .innerJoin('users', 'users.id', 'photos.owner_id')
        .select([
          'photos.owner_id',
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

    /** Members by id, for the owner and author of photos. */
    users(ids: number[]): Promise<UserRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    user(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

    /** Files a photo report for the moderation queue, once per reporter and photo. */
    async insertReportOnce(r: {
      reporterId: number;
      reportedId: number;
      photoId: number | null;
      comment: string | null;
      now: number;
    }): Promise<boolean> {
      let q = db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', r.reporterId)
        .where('reported_id', '=', r.reportedId)
        .where('kind', '=', 'photo');
      q = r.photoId === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', r.photoId);
      if (await q.executeTakeFirst()) return false;
      await db
        .insertInto('reports')
        .values({
          reporter_id: r.reporterId,
          reported_id: r.reportedId,
          kind: 'photo',
          item_id: r.photoId,
          comment: r.comment,
          created_at: r.now,
        })
        .execute();
      return true;
    },

    async setAllowNsfw(userId: number): Promise<void> {
      await db.updateTable('users').set({ allow_nsfw: 1 }).where('id', '=', userId).execute();
    },
  };
}
