import { LikeItemType } from '@tertulia/contract';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { AlbumsTable, Database, PhotosTable } from '../../db/schema';
import type { PhotoAudience } from '../../policy/photos';

/** What the photos stores share: row types, the audience filter in SQL, the photo view query. */

export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
/** A photo with its album's name and its counters, as the Photo entity needs it. */
export type PhotoView = PhotoRow & { album_name: string; like_count: number; comment_count: number };
/** Albums made on demand, one of each per member. */
export type AlbumKind = 'profile' | 'default' | 'backstage';

type PhotoQuery = SelectQueryBuilder<Database, 'photos', object>;

/** The audience filter in SQL: the same rule as policy/photos.ts audienceSees. */
export function visibleTo<Q extends PhotoQuery>(q: Q, a: PhotoAudience): Q {
  let out = q.where('photos.privacy', 'in', a.privacies.length ? a.privacies : [-1]) as Q;
  if (!a.backstage) out = out.where('photos.backstage', '=', 0) as Q;
  if (!a.nsfw) out = out.where('photos.nsfw', '=', 0) as Q;
  if (!a.quarantined) out = out.where('photos.quarantine', '=', 0) as Q;
  return out;
}

/** Photos joined with their album's name and their like/comment counters. */
export function photoViews(db: Kysely<Database>) {
  return db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .leftJoin('item_stats', (j) =>
      j.onRef('item_stats.item_id', '=', 'photos.id').on('item_stats.item_type', '=', LikeItemType.PHOTO),
    )
    .selectAll('photos')
    .select(['albums.name as album_name', 'item_stats.like_count', 'item_stats.comment_count']);
}

type Counted = Omit<PhotoView, 'like_count' | 'comment_count'> & {
  like_count: number | null;
  comment_count: number | null;
};
/** Missing counters read as zero. */
export const counted = (rows: Counted[]): PhotoView[] =>
  rows.map((r) => ({ ...r, like_count: r.like_count ?? 0, comment_count: r.comment_count ?? 0 }));
