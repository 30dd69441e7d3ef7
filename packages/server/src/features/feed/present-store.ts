import { type Kysely, sql } from 'kysely';
import { idInParameter, idsParameter } from '../../db/id-list';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { noBlockWith } from '../../policy/graph';

/**
 * The lookups that draw a page of the feed, each run once per page (not per item). Compiled once
 * (db/prepared.ts), each id list sent as one parameter (db/id-list.ts): building and compiling
 * these correlated queries cost more than running them on SQLite (tools/bench/README.md,
 * "News feed", point 1).
 */
const q = {
  // Counters and whether the reader likes each item, in one lookup (a like implies a counter row).
  stats: prepared((db: Kysely<Database>, type: number, ids: unknown, me: number) =>
    db
      .selectFrom('item_stats as s')
      .select((eb) => [
        's.item_id',
        's.like_count',
        's.comment_count',
        eb
          .exists(
            eb
              .selectFrom('likes as l')
              .select('l.user_id')
              .whereRef('l.item_type', '=', 's.item_type')
              .whereRef('l.item_id', '=', 's.item_id')
              .where('l.user_id', '=', me),
          )
          .as('liked'),
        // The reader's own reaction (their like's content), shown on the like button.
        eb
          .selectFrom('likes as m')
          .select('m.content')
          .whereRef('m.item_type', '=', 's.item_type')
          .whereRef('m.item_id', '=', 's.item_id')
          .where('m.user_id', '=', me)
          .as('my_reaction'),
      ])
      .where('s.item_type', '=', type)
      .where(idInParameter(db, 's.item_id', ids)),
  ),
  likers: prepared((db: Kysely<Database>, type: number, ids: unknown, max: number) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('likes')
          .select([
            'item_id',
            'user_id',
            sql<number>`row_number() over (partition by item_id order by created_at desc)`.as('rn'),
          ])
          .where('item_type', '=', type)
          .where(idInParameter(db, 'item_id', ids))
          .as('l'),
      )
      .select(['l.item_id', 'l.user_id'])
      .where('l.rn', '<=', max),
  ),
  comments: prepared((db: Kysely<Database>, type: number, ids: unknown, max: number) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('comments')
          .selectAll()
          .select(sql<number>`row_number() over (partition by post_id order by id desc)`.as('rn'))
          .where('post_type', '=', type)
          .where(idInParameter(db, 'post_id', ids))
          .as('c'),
      )
      .selectAll()
      .where('c.rn', '<=', max)
      .orderBy('c.id'),
  ),
  statuses: prepared((db: Kysely<Database>, ids: unknown) =>
    db
      .selectFrom('statuses')
      .selectAll()
      .where(idInParameter(db, 'id', ids)),
  ),
  photos: prepared((db: Kysely<Database>, ids: unknown) =>
    db
      .selectFrom('photos')
      .innerJoin('albums', 'albums.id', 'photos.album_id')
      // The owner's privacy and ban: policy/photos.ts photosSeenBy decides each card with them.
      .innerJoin('users as owner', 'owner.id', 'photos.owner_id')
      .select([
        'photos.id',
        'photos.owner_id',
        'photos.author_id',
        'photos.image_key',
        'photos.caption',
        'photos.privacy',
        'photos.created_at',
        'photos.backstage',
        'photos.nsfw',
        'photos.quarantine',
        'albums.id as album_id',
        'albums.name as album_name',
        'owner.buddies_private as owner_private',
        'owner.banned_at as owner_banned',
      ])
      .where(idInParameter(db, 'photos.id', ids)),
  ),
  guestbook: prepared((db: Kysely<Database>, ids: unknown) =>
    db
      .selectFrom('guestbook_entries')
      .selectAll()
      .where(idInParameter(db, 'id', ids)),
  ),
  seen: prepared((db: Kysely<Database>, me: number, ids: unknown) =>
    db
      .selectFrom('feed_seen')
      .select('event_id')
      .where('user_id', '=', me)
      .where(idInParameter(db, 'event_id', ids)),
  ),
  // The members shown (the columns a card needs), and whether neither side blocked the
  // other (`clear`): a blocked member's likes and comments hide.
  cards: prepared((db: Kysely<Database>, ids: unknown, me: number) =>
    db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        'u.name',
        'u.image1',
        'u.gender',
        'u.star',
        'u.vip_until',
        noBlockWith(eb, me, 'u.id').as('clear'),
      ])
      .where(idInParameter(db, 'u.id', ids)),
  ),
};

/** The presenter's reads; each takes a list of ids and answers in one query. */
export function presentStore(db: Kysely<Database>) {
  const list = (ids: readonly number[]) => idsParameter(db, ids);
  return {
    stats: (type: number, ids: number[], me: number) => q.stats(db, type, list(ids), me),
    likers: (type: number, ids: number[], max: number) => q.likers(db, type, list(ids), max),
    latestComments: (type: number, ids: number[], max: number) => q.comments(db, type, list(ids), max),
    statuses: (ids: number[]) => q.statuses(db, list(ids)),
    photos: (ids: number[]) => q.photos(db, list(ids)),
    guestbook: (ids: number[]) => q.guestbook(db, list(ids)),
    seen: (me: number, ids: number[]) => q.seen(db, me, list(ids)),
    cards: (ids: number[], me: number) => q.cards(db, list(ids), me),
    /** Whole member rows, for the people feature's view (comment and guestbook lists). */
    members(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },
  };
}
export type PresentStore = ReturnType<typeof presentStore>;
