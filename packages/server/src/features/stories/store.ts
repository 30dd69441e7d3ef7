import { LikeItemType, StoryState } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { friendIdsOf, isFriendOf, noBlockWith } from '../../policy/graph-store';

/** A story with what its screens show of the author, and whether the caller watched it. */
export interface StoryRow {
  id: number;
  author_id: number;
  state: string;
  video_name: string | null;
  poster_key: string | null;
  duration_ms: number;
  nsfw: number;
  view_count: number;
  like_count: number;
  liked: number;
  created_at: number;
  expires_at: number;
  author_name: string;
  author_image1: string | null;
  author_private: number;
  author_banned: number;
  viewed: number;
}

export interface ListFilters {
  viewerId: number;
  now: number;
  filterMine: boolean;
  filterViewed: boolean;
  nsfwAllowed: boolean;
  limit: number;
  offset: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a prepared runner per filter shape, typed by list()
const stripQueries = new Map<string, (db: Kysely<Database>, ...args: number[]) => Promise<any[]>>();

/** All SQL of stories, their views and the members' story settings. */
export function storyStore(db: Kysely<Database>) {
  /** Stories with what their screens show of the author, and whether the caller watched them. */
  const withAuthor = (viewerId: number) =>
    db
      .selectFrom('stories as s')
      .innerJoin('users as u', 'u.id', 's.author_id')
      .leftJoin('story_views as v', (join) =>
        join.onRef('v.story_id', '=', 's.id').on('v.viewer_id', '=', viewerId),
      )
      .select([
        's.id',
        's.author_id',
        's.state',
        's.video_name',
        's.poster_key',
        's.duration_ms',
        's.nsfw',
        's.view_count',
        's.created_at',
        's.expires_at',
        'u.name as author_name',
        'u.image1 as author_image1',
        'u.buddies_private as author_private',
        'u.banned_at as author_banned',
        (eb) => eb.case().when('v.viewer_id', 'is not', null).then(1).else(0).end().as('viewed'),
      ]);

  /**
   * Adds the likes (the feed's likes of item type STORY: their counter and the caller's own)
   * to the rows `page` chose, after its limit: the strip then looks up 50 stories' likes, not
   * those of every candidate (tools/bench/stories.ts: the two joins were 15% of the strip's SQL).
   */
  const withLikes = (page: ReturnType<typeof withAuthor>, viewerId: number) =>
    db
      .selectFrom(page.as('p'))
      .leftJoin('item_stats as st', (join) =>
        join.onRef('st.item_id', '=', 'p.id').on('st.item_type', '=', LikeItemType.STORY),
      )
      .leftJoin('likes as l', (join) =>
        join
          .onRef('l.item_id', '=', 'p.id')
          .on('l.item_type', '=', LikeItemType.STORY)
          .on('l.user_id', '=', viewerId),
      )
      .selectAll('p')
      .select([
        (eb) => eb.fn.coalesce('st.like_count', eb.lit(0)).as('like_count'),
        (eb) => eb.case().when('l.user_id', 'is not', null).then(1).else(0).end().as('liked'),
      ]);

  return {
    async insert(authorId: number, now: number, expiresAt: number): Promise<number> {
      const row = await db
        .insertInto('stories')
        .values({ author_id: authorId, created_at: now, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A live story (not expired) as `viewerId` sees its row. */
    find(id: number, viewerId: number, now: number): Promise<StoryRow | undefined> {
      const row = withAuthor(viewerId).where('s.id', '=', id).where('s.expires_at', '>', now);
      return withLikes(row, viewerId).executeTakeFirst() as Promise<StoryRow | undefined>;
    },

    /** The row whatever its expiry (the job and the sweeper). */
    findAny(id: number) {
      return db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setReady(id: number, videoName: string, posterKey: string, durationMs: number): Promise<boolean> {
      const result = await db
        .updateTable('stories')
        .set({
          state: StoryState.READY,
          video_name: videoName,
          poster_key: posterKey,
          duration_ms: durationMs,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setFailed(id: number) {
      await db.updateTable('stories').set({ state: StoryState.FAILED }).where('id', '=', id).execute();
    },

    /** Creation times of the author's stories since `since`, oldest first (the posting limit). */
    async postedSince(authorId: number, since: number): Promise<number[]> {
      const rows = await db
        .selectFrom('stories')
        .select('created_at')
        .where('author_id', '=', authorId)
        .where('created_at', '>', since)
        .where('state', '!=', StoryState.FAILED)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => Number(r.created_at));
    },

    /**
     * The strip: live, ready stories of the viewer, their friends and the members they visited,
     * never across a block, private profiles to friends only, banned authors never, adult ones
     * only when allowed; unwatched first, newest first. One query, served by stories_author.
     */
    /** Prepared once per shape of filters (tools/bench/stories.ts measured the difference). */
    list(f: ListFilters): Promise<StoryRow[]> {
      const shape = `${f.filterMine}:${f.filterViewed}:${f.nsfwAllowed}`;
      let run = stripQueries.get(shape);
      if (!run) {
        run = prepared((d: Kysely<Database>, viewerId: number, now: number, limit: number, offset: number) =>
          storyStore(d).listQuery({ ...f, viewerId, now, limit, offset }),
        );
        stripQueries.set(shape, run);
      }
      return run(db, f.viewerId, f.now, f.limit, f.offset) as Promise<StoryRow[]>;
    },

    /** The strip's query, built (the benchmark reads its SQL). */
    listQuery(f: ListFilters) {
      let query = withAuthor(f.viewerId)
        .where('s.expires_at', '>', f.now)
        .where((eb) =>
          eb.or([
            eb('s.state', '=', StoryState.READY),
            eb.and([eb('s.author_id', '=', f.viewerId), eb('s.state', '=', StoryState.PROCESSING)]),
          ]),
        )
        .where((eb) => {
          // One IN list (friends, visited members, the viewer) lets the author index serve it.
          const authors = friendIdsOf(eb, f.viewerId)
            .union(
              eb
                .selectFrom('profile_visits as pv')
                .select('pv.owner_id as friend_id')
                .where('pv.visitor_id', '=', f.viewerId),
            )
            .union(eb.selectFrom('users as me').select('me.id as friend_id').where('me.id', '=', f.viewerId));
          const others = eb.and([
            eb('s.author_id', '!=', f.viewerId),
            noBlockWith(eb, f.viewerId, 's.author_id'),
            eb('u.banned_at', '=', 0),
            eb.or([eb('u.buddies_private', '=', 0), isFriendOf(eb, f.viewerId, 's.author_id')]),
            ...(f.nsfwAllowed ? [] : [eb('s.nsfw', '=', 0)]),
          ]);
          return eb.and([
            eb('s.author_id', 'in', authors),
            f.filterMine ? others : eb.or([eb('s.author_id', '=', f.viewerId), others]),
          ]);
        });
      if (f.filterViewed) query = query.where('v.viewer_id', 'is', null);
      const page = query
        .orderBy('viewed')
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(f.limit)
        .offset(f.offset);
      return withLikes(page, f.viewerId)
        .orderBy('p.viewed')
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc');
    },

    /** One author's live stories in play order (the author also sees those still processing). */
    ofAuthor(authorId: number, viewerId: number, now: number): Promise<StoryRow[]> {
      let query = withAuthor(viewerId).where('s.author_id', '=', authorId).where('s.expires_at', '>', now);
      query =
        authorId === viewerId
          ? query.where('s.state', '!=', StoryState.FAILED)
          : query.where('s.state', '=', StoryState.READY);
      return withLikes(query, viewerId).orderBy('p.created_at').orderBy('p.id').execute() as Promise<
        StoryRow[]
      >;
    },

    /** Records a view once per member; the count rises only for a new one. Returns the count. */
    async addView(storyId: number, viewerId: number, now: number): Promise<number> {
      const inserted = await db
        .insertInto('story_views')
        .values({ story_id: storyId, viewer_id: viewerId, viewed_at: now })
        .onConflict((oc) => oc.columns(['story_id', 'viewer_id']).doNothing())
        .returning('story_id')
        .executeTakeFirst();
      if (inserted) {
        await db
          .updateTable('stories')
          .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
          .where('id', '=', storyId)
          .execute();
      }
      const row = await db
        .selectFrom('stories')
        .select('view_count')
        .where('id', '=', storyId)
        .executeTakeFirst();
      return row?.view_count ?? 0;
    },

    /** The latest likers of a story the viewer may see: no banned member, none either side blocked. */
    recentLikers(storyId: number, viewerId: number, limit: number) {
      return db
        .selectFrom('likes as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['u.id', 'u.name', 'u.image1'])
        .where('l.item_type', '=', LikeItemType.STORY)
        .where('l.item_id', '=', storyId)
        .where('u.banned_at', '=', 0)
        .where((eb) => noBlockWith(eb, viewerId, 'l.user_id'))
        .orderBy('l.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .execute();
    },

    viewers(storyId: number, limit: number, offset: number) {
      return db
        .selectFrom('story_views as v')
        .innerJoin('users as u', 'u.id', 'v.viewer_id')
        .select(['u.id', 'u.name', 'u.image1', 'v.viewed_at'])
        .where('v.story_id', '=', storyId)
        .orderBy('v.viewed_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Deletes the row (its views go by cascade); `db` is the caller's transaction. */
    async remove(id: number) {
      await db.deleteFrom('stories').where('id', '=', id).execute();
    },

    /** Stories past their expiry (or failed), a batch at a time, for the sweeper. */
    expired(now: number, limit: number) {
      return db
        .selectFrom('stories')
        .select(['id', 'video_name', 'poster_key'])
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('state', '=', StoryState.FAILED)]))
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },
  };
}
