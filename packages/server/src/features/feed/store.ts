import { FeedEventType } from '@tertulia/contract';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { preparedShapes } from '../../db/prepared';
import type { Database, FeedEventsTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { isFriendOf, itemVisibleTo, noBlockWith } from '../../policy/graph';
import { seesNsfw } from '../../policy/nsfw';
import { near } from '../people/search';

/** The SQL of the feed's pages (getEvents, each filter). */

export type EventRow = Omit<Selectable<FeedEventsTable>, 'event_key' | 'about_id'>;
// The visibility predicate is shared by queries of different shapes (inbox, site, trending).
// biome-ignore lint/suspicious/noExplicitAny: see above
type Eb = ExpressionBuilder<any, any>;

/**
 * Filters all and near me look at this many of the site's latest events below the cursor:
 * their predicates (visibility, place) are served by no index of events, so a viewer who may see
 * little would otherwise walk the whole log. A page can come back short or empty when the window
 * holds fewer visible events; paging on with the last cursor moves the window. An object so
 * tests can lower it.
 */
export const SCAN = { window: 50_000 };

/** Trending looks at items liked or commented in this window. */
export const TRENDING_WINDOW = 7 * 86_400_000;

const EVENT_COLUMNS = [
  'e.id',
  'e.type',
  'e.user_id',
  'e.post_id',
  'e.properties',
  'e.created_at',
  'e.privacy',
  'e.nsfw',
  'e.item_type',
  'e.item_id',
] as const;

/**
 * Who may see an event (its author joined as `users`): policy/graph.ts maySeeItem written as SQL
 * with the graph's conditions, so a page of the feed is one query. The author always; nobody
 * else when it is private, the author is banned, or either blocked the other; friends always
 * otherwise; everyone when it is public and the author's profile is not private. `me` may be a
 * prepared query's stand-in: it is only used as a value.
 */
function visibleTo(eb: Eb, me: number, allowNsfw: boolean) {
  // A guestbook entry is also about the profile it is written on: hidden when the reader and
  // that profile's owner blocked each other, whoever wrote it.
  const ownerBlocked = eb.exists(
    eb
      .selectFrom('guestbook_entries as g')
      .select('g.id')
      .whereRef('g.id', '=', 'e.post_id')
      .where((w) => w.not(noBlockWith(w, me, 'g.profile_id'))),
  );
  const others = eb.and([
    eb('users.banned_at', '=', 0),
    noBlockWith(eb, me, 'e.user_id'),
    eb.or([eb('e.type', '<>', FeedEventType.GUESTBOOK), eb.not(ownerBlocked)]),
    // The other member an event shows (whose status was liked, a partner): blocks hide it too.
    eb.or([eb('e.about_id', 'is', null), noBlockWith(eb, me, 'e.about_id')]),
    // The item rule itself: the one SQL form of policy/privacy.ts's maySeeItem.
    itemVisibleTo(eb, me, {
      author: 'e.user_id',
      privacy: eb.ref('e.privacy'),
      authorPrivate: eb.ref('users.buddies_private'),
    }),
  ]);
  const nsfw = allowNsfw ? [] : [eb.or([eb('e.nsfw', '=', 0), eb('e.user_id', '=', me)])];
  return eb.and([eb.or([eb('e.user_id', '=', me), others]), ...nsfw]);
}

/**
 * The friends filter's page: the member's inbox, newest first. Cost is the page plus what it
 * skips; the friend list is only probed by primary key, once per row read (an ex-friend's rows
 * stay in the inbox and are skipped here). Compiled once per shape (db/prepared.ts): 'n' the
 * reader allows NSFW, 'b' a cursor is given. Building and compiling this query cost 0.55 of its
 * 0.85 ms before (tools/bench/README.md, "News feed", point 1).
 */
const friendsPage = preparedShapes<Database, EventRow>((db, shape, me, offset, limit, before) => {
  const viewer = me as number;
  let q = db
    .selectFrom('feed_inbox as i')
    .innerJoin('feed_events as e', 'e.id', 'i.event_id')
    .innerJoin('users', 'users.id', 'e.user_id')
    .select(EVENT_COLUMNS)
    .where('i.user_id', '=', viewer)
    .where((eb) => eb.or([eb('i.direct', '=', 1), isFriendOf(eb, viewer, 'e.user_id')]))
    .where((eb) => visibleTo(eb, viewer, shape.includes('n')));
  if (shape.includes('b')) q = q.where('i.event_id', '<', before as number);
  return q
    .orderBy('i.event_id', 'desc')
    .offset(offset as number)
    .limit(limit as number);
});

export function feedStore(db: Kysely<Database>) {
  const events = () =>
    db.selectFrom('feed_events as e').innerJoin('users', 'users.id', 'e.user_id').select(EVENT_COLUMNS);

  return {
    /** Filters all, near me and person: newest first, below the cursor. */
    async site(
      viewer: UserRow,
      opts: {
        before?: number;
        offset: number;
        limit: number;
        near?: boolean;
        authorId?: number;
        statusId?: number;
      },
    ): Promise<EventRow[]> {
      let q = events().where((eb) => visibleTo(eb, viewer.id, seesNsfw(viewer, viewer.allow_nsfw === 1)));
      if (opts.authorId !== undefined) q = q.where('e.user_id', '=', opts.authorId);
      if (opts.statusId !== undefined) {
        q = q.where('e.type', '=', FeedEventType.STATUS_UPDATE).where('e.post_id', '=', opts.statusId);
      }
      if (opts.authorId === undefined) {
        // All and near me: bounded to the site's latest SCAN.window events below the cursor,
        // so a viewer who may see little (or a rare place) never scans the whole log.
        const top =
          opts.before ??
          Number(
            (
              await db
                .selectFrom('feed_events')
                .select((eb) => eb.fn.max('id').as('top'))
                .executeTakeFirst()
            )?.top ?? 0,
          ) + 1;
        q = q.where('e.id', '>=', top - SCAN.window);
        if (opts.near) q = q.where((eb) => near(eb as never, viewer));
      }
      // A newcomer is news for the others near them only: not the whole site, not their profile.
      if (opts.near) {
        q = q.where((eb) =>
          eb.or([eb('e.type', '<>', FeedEventType.NEW_USERS_NEAR_ME), eb('e.user_id', '<>', viewer.id)]),
        );
      } else q = q.where('e.type', '<>', FeedEventType.NEW_USERS_NEAR_ME);
      if (opts.before !== undefined) q = q.where('e.id', '<', opts.before);
      return q.orderBy('e.id', 'desc').offset(opts.offset).limit(opts.limit).execute();
    },

    /** Filter friends: the member's inbox, newest first (friendsPage above). */
    friends(viewer: UserRow, opts: { before?: number; offset: number; limit: number }) {
      const shape = `${seesNsfw(viewer, viewer.allow_nsfw === 1) ? 'n' : ''}${opts.before === undefined ? '' : 'b'}`;
      return opts.before === undefined
        ? friendsPage(db, shape, viewer.id, opts.offset, opts.limit)
        : friendsPage(db, shape, viewer.id, opts.offset, opts.limit, opts.before);
    },

    /** Filter trending: items liked or commented in the window, most likes + comments first. */
    async trending(viewer: UserRow, opts: { offset: number; limit: number; now: number }) {
      return (
        db
          .selectFrom('item_stats as s')
          .innerJoin('feed_events as e', (j) =>
            j.onRef('e.item_type', '=', 's.item_type').onRef('e.item_id', '=', 's.item_id'),
          )
          .innerJoin('users', 'users.id', 'e.user_id')
          .select(EVENT_COLUMNS)
          .where('s.updated_at', '>=', opts.now - TRENDING_WINDOW)
          // A like's event shows the liked item: the item's own event stands for it here.
          .where('e.type', 'not in', [
            FeedEventType.LIKE_STATUS,
            FeedEventType.LIKE_PHOTO,
            FeedEventType.LIKE_COMMENT,
            FeedEventType.LIKE_EVENT,
          ])
          .where((eb) => visibleTo(eb, viewer.id, seesNsfw(viewer, viewer.allow_nsfw === 1)))
          .orderBy(sql`s.like_count + s.comment_count`, 'desc')
          .orderBy('e.id', 'desc')
          .offset(opts.offset)
          .limit(opts.limit)
          .execute()
      );
    },
  };
}
