import { FeedEventType } from '@tertulia/contract';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, FeedEventsTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { near } from '../people/search';
import { prepared } from './prepared';

export type EventRow = Selectable<FeedEventsTable>;
// The visibility predicate is shared by queries of different shapes (inbox, events, stats).
// biome-ignore lint/suspicious/noExplicitAny: see above
type Eb = ExpressionBuilder<any, any>;

/**
 * Filters 1 (all) and 2 (near me) look at this many of the site's latest events below the
 * cursor: their predicates (visibility, place) are served by no index of events, so a viewer
 * who may see little would otherwise walk the whole log. A page can come back short or empty
 * when the window holds fewer visible events; paging on with the last cursor moves the window.
 * An object so tests can lower it.
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
 * Who may see an event (its author joined as `users`): the author always; nobody else when
 * it is private (3), the author is banned, or either blocked the other; friends always
 * otherwise; everyone when it is public and the author's profile is not private.
 */
function visibleTo(eb: Eb, viewer: Pick<UserRow, 'id' | 'allow_nsfw'>) {
  const me = viewer.id;
  const friend = eb.exists(
    eb
      .selectFrom('friendships as f')
      .select('f.user_id')
      .where('f.user_id', '=', me)
      .whereRef('f.friend_id', '=', 'e.user_id'),
  );
  const blocked = eb.exists(
    eb
      .selectFrom('blocks as b')
      .select('b.blocker_id')
      .where((w) =>
        w.or([
          w.and([w('b.blocker_id', '=', me), w.eb('b.blocked_id', '=', w.ref('e.user_id'))]),
          w.and([w.eb('b.blocker_id', '=', w.ref('e.user_id')), w('b.blocked_id', '=', me)]),
        ]),
      ),
  );
  // A guestbook entry (14) is also about the profile it is written on: hidden when the reader
  // and that profile's owner blocked each other, whoever wrote it.
  const ownerBlocked = eb.exists(
    eb
      .selectFrom('guestbook_entries as g')
      .innerJoin('blocks as gb', (j) =>
        j.on((w) =>
          w.or([
            w.and([w('gb.blocker_id', '=', me), w.eb('gb.blocked_id', '=', w.ref('g.profile_id'))]),
            w.and([w.eb('gb.blocker_id', '=', w.ref('g.profile_id')), w('gb.blocked_id', '=', me)]),
          ]),
        ),
      )
      .select('g.id')
      .whereRef('g.id', '=', 'e.post_id'),
  );
  // policy/privacy.ts maySeeItem, written as SQL so a page of the feed is one query.
  const others = eb.and([
    eb('e.privacy', '<>', 3),
    eb('users.banned_at', '=', 0),
    eb.not(blocked),
    eb.or([eb('e.type', '<>', FeedEventType.GUESTBOOK), eb.not(ownerBlocked)]),
    eb.or([friend, eb.and([eb('e.privacy', '=', 1), eb('users.buddies_private', '=', 0)])]),
  ]);
  const nsfw = viewer.allow_nsfw ? [] : [eb.or([eb('e.nsfw', '=', 0), eb('e.user_id', '=', me)])];
  return eb.and([eb.or([eb('e.user_id', '=', me), others]), ...nsfw]);
}

/** A member's notification switches (settings), read inside the notifying transaction. */
export function noticeSwitches(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['notify_messages', 'notify_friend_requests', 'notify_likes_comments', 'notify_chat_invites'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function feedStore(db: Kysely<Database>) {
  /**
   * Filter 3: the member's inbox, newest first. Cost is the page plus what it skips; the
   * friend list is only probed by primary key, once per row read (an ex-friend's rows stay in
   * the inbox and are skipped here).
   */
  const friendsPage = prepared(
    db,
    (a: { me: number; before?: number; offset: number; limit: number; nsfw?: number }) => {
      let q = db
        .selectFrom('feed_inbox as i')
        .innerJoin('feed_events as e', 'e.id', 'i.event_id')
        .innerJoin('users', 'users.id', 'e.user_id')
        .select(EVENT_COLUMNS)
        .where('i.user_id', '=', a.me)
        .where((eb) =>
          eb.or([
            eb('i.direct', '=', 1),
            eb.exists(
              eb
                .selectFrom('friendships as f')
                .select('f.user_id')
                .where('f.user_id', '=', a.me)
                .whereRef('f.friend_id', '=', 'e.user_id'),
            ),
          ]),
        )
        .where((eb) => visibleTo(eb as Eb, { id: a.me, allow_nsfw: a.nsfw ?? 0 }));
      if (a.before !== undefined) q = q.where('i.event_id', '<', a.before);
      return q.orderBy('i.event_id', 'desc').offset(a.offset).limit(a.limit);
    },
  );
  const events = () =>
    db.selectFrom('feed_events as e').innerJoin('users', 'users.id', 'e.user_id').select(EVENT_COLUMNS);

  return {
    /** Filters 1 (all), 2 (near me) and 4 (person): newest first, below the cursor. */
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
      let q = events().where((eb) => visibleTo(eb as Eb, viewer));
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
      if (opts.before !== undefined) q = q.where('e.id', '<', opts.before);
      return q.orderBy('e.id', 'desc').offset(opts.offset).limit(opts.limit).execute();
    },

    /**
     * Filter 3: the member's inbox, newest first. Cost is the page plus what it skips; the
     * friend list is only probed by primary key, once per row read (an ex-friend's rows stay in
     * the inbox and are skipped here).
     */
    friends(viewer: UserRow, opts: { before?: number; offset: number; limit: number }) {
      // nsfw present or absent: the builder branches on it (a shape of its own).
      const nsfw = viewer.allow_nsfw ? 1 : undefined;
      return friendsPage({
        me: viewer.id,
        before: opts.before,
        offset: opts.offset,
        limit: opts.limit,
        nsfw,
      });
    },

    /** Filter 5: items liked or commented in the window, most likes + comments first. */
    async trending(viewer: UserRow, opts: { offset: number; limit: number; now: number }) {
      return db
        .selectFrom('item_stats as s')
        .innerJoin('feed_events as e', (j) =>
          j.onRef('e.item_type', '=', 's.item_type').onRef('e.item_id', '=', 's.item_id'),
        )
        .innerJoin('users', 'users.id', 'e.user_id')
        .select(EVENT_COLUMNS)
        .where('s.updated_at', '>=', opts.now - TRENDING_WINDOW)
        .where((eb) => visibleTo(eb as Eb, viewer))
        .orderBy(sql`s.like_count + s.comment_count`, 'desc')
        .orderBy('e.id', 'desc')
        .offset(opts.offset)
        .limit(opts.limit)
        .execute();
    },

    /** One event, if the viewer may see it. */
    visibleEvent(viewer: UserRow, eventId: number): Promise<EventRow | undefined> {
      return events()
        .where('e.id', '=', eventId)
        .where((eb) => visibleTo(eb as Eb, viewer))
        .executeTakeFirst();
    },

    findEvent(userId: number, type: number, createdAt: number, postId: number | null, eventId?: number) {
      let q = db
        .selectFrom('feed_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('created_at', '=', createdAt);
      if (eventId !== undefined) q = q.where('id', '=', eventId);
      q = postId ? q.where('post_id', '=', postId) : q.where('post_id', 'is', null);
      return q.executeTakeFirst();
    },

    eventById(id: number) {
      return db.selectFrom('feed_events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async seenAmong(userId: number, eventIds: number[]): Promise<Set<number>> {
      if (!eventIds.length) return new Set();
      const rows = await db
        .selectFrom('feed_seen')
        .select('event_id')
        .where('user_id', '=', userId)
        .where('event_id', 'in', eventIds)
        .execute();
      return new Set(rows.map((r) => r.event_id));
    },
  };
}
