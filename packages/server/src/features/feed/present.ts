import {
  type Comment,
  type FeedEvent,
  FeedEventType,
  FeedLimits,
  type GuestbookEntry,
  imageUrl,
  isVipStar,
  LikeItemType,
  type Photo,
  type User,
  type UserStatus,
} from '@tertulia/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CommentsTable, Database, StatusesTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { isLocale, type LocaleCode } from '../../i18n/messages';
import type { PeopleService } from '../people/service';
import { prepared } from './prepared';
import type { EventRow } from './store';

type StatusRow = Selectable<StatusesTable>;
type CommentRow = Selectable<CommentsTable>;
const LIKERS = 3;
const PHOTO_EVENTS = new Set<number>([
  FeedEventType.PHOTO_UPLOAD,
  FeedEventType.PROFILE_PHOTO_SET,
  FeedEventType.BACKSTAGE_PHOTO,
]);
const COMMENTABLE = new Set<number>([LikeItemType.STATUS, LikeItemType.PHOTO]);
const key = (type: number, id: number) => `${type}:${id}`;
const img = (k: string | null | undefined) => (k ? imageUrl(k) : undefined);

/** The spec's relative times (section 9), in the reader's language. */
export function readable(at: number, locale: LocaleCode, now = Date.now()): string {
  const s = Math.max(0, now - at) / 1000;
  const es = locale === 'es';
  const unit = (n: number, esOne: string, esMany: string, enOne: string, enMany: string) =>
    es ? `hace ${n} ${n === 1 ? esOne : esMany}` : `${n} ${n === 1 ? enOne : enMany} ago`;
  if (s < 60) return es ? 'hace un momento' : 'recently';
  if (s < 3600) return unit(Math.floor(s / 60), 'minuto', 'minutos', 'minute', 'minutes');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hora', 'horas', 'hour', 'hours');
  if (s < 7 * 86_400) return unit(Math.floor(s / 86_400), 'día', 'días', 'day', 'days');
  if (s < 30 * 86_400) return unit(Math.floor(s / (7 * 86_400)), 'semana', 'semanas', 'week', 'weeks');
  const date = new Date(at);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear() && s < 365 * 86_400;
  return date.toLocaleDateString(es ? 'es-ES' : 'en-US', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/**
 * The first moment after `now` at which readable(at, ..., moment) may read differently from
 * readable(at, ..., now): the next unit boundary; dates (30 days and older) are re-checked
 * every minute. A kept page expires then (page-cache.ts).
 */
export function readableUntil(at: number, now: number): number {
  const s = Math.max(0, now - at) / 1000;
  const next = (unit: number) => at + (Math.floor(s / unit) + 1) * unit * 1000;
  if (s < 60) return at + 60_000;
  if (s < 3600) return next(60);
  if (s < 86_400) return next(3600);
  if (s < 7 * 86_400) return next(86_400);
  if (s < 30 * 86_400) return Math.min(next(7 * 86_400), at + 30 * 86_400_000);
  return now + 60_000;
}

/**
 * The members on a feed page as a list shows them: name, picture, VIP star. The profile card
 * fetches the rest when it opens (web people/UserLink). Each column read costs on every page
 * (better-sqlite3 builds a row object per member), so these are all it reads.
 */
function cardUser(row: Pick<UserRow, 'id' | 'name' | 'image1' | 'gender' | 'star'>): User {
  return {
    uid: row.id,
    name: row.name,
    image1: img(row.image1),
    gender: row.gender,
    star: row.star,
    hasMocoVIPStar: isVipStar(row.star),
  };
}

function parseProps(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Ids in properties: flat keys ('source.user': 3) as recordFeedEvent callers write them. */
const propUser = (props: Record<string, unknown>, path: 'source.user' | 'target.user') => {
  const value = props[path];
  return typeof value === 'number' ? value : undefined;
};

export function toStatus(row: StatusRow, locale: LocaleCode): UserStatus {
  return {
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    readableTimestamp: readable(row.created_at, locale),
    userId: row.user_id,
    image1: img(row.image_key),
    privacy: row.privacy,
    isNSFW: row.nsfw === 1,
  };
}

/**
 * Feed events drawn for one reader with a fixed number of queries per page (not per item):
 * the items, their counters, the reader's likes, a few likers and the latest comments, seen
 * marks, blocks, and every member shown, presented together.
 */
export function feedPresenter(db: Kysely<Database>, people: PeopleService) {
  // The page's lookups, compiled once per shape (prepared.ts): each runs once per page.
  const q = {
    blocks: prepared(db, (a: { me: number; ids: number[] }) =>
      db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', a.me), eb('blocked_id', 'in', a.ids)]),
            eb.and([eb('blocked_id', '=', a.me), eb('blocker_id', 'in', a.ids)]),
          ]),
        ),
    ),
    // Counters and whether the reader likes each item, in one lookup (a like implies a counter row).
    stats: prepared(db, (a: { type: number; ids: number[]; me: number }) =>
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
                .where('l.user_id', '=', a.me),
            )
            .as('liked'),
          eb
            .selectFrom('likes as m')
            .select('m.content')
            .whereRef('m.item_type', '=', 's.item_type')
            .whereRef('m.item_id', '=', 's.item_id')
            .where('m.user_id', '=', a.me)
            .as('my_reaction'),
        ])
        .where('s.item_type', '=', a.type)
        .where('s.item_id', 'in', a.ids),
    ),
    likers: prepared(db, (a: { type: number; ids: number[]; max: number }) =>
      db
        .selectFrom((qb) =>
          qb
            .selectFrom('likes')
            .select([
              'item_id',
              'user_id',
              sql<number>`row_number() over (partition by item_id order by created_at desc)`.as('rn'),
            ])
            .where('item_type', '=', a.type)
            .where('item_id', 'in', a.ids)
            .as('l'),
        )
        .select(['l.item_id', 'l.user_id'])
        .where('l.rn', '<=', a.max),
    ),
    comments: prepared(db, (a: { type: number; ids: number[]; max: number }) =>
      db
        .selectFrom((qb) =>
          qb
            .selectFrom('comments')
            .selectAll()
            .select(sql<number>`row_number() over (partition by post_id order by id desc)`.as('rn'))
            .where('post_type', '=', a.type)
            .where('post_id', 'in', a.ids)
            .as('c'),
        )
        .selectAll()
        .where('c.rn', '<=', a.max)
        .orderBy('c.id'),
    ),
    statuses: prepared(db, (a: { ids: number[] }) =>
      db.selectFrom('statuses').selectAll().where('id', 'in', a.ids),
    ),
    seen: prepared(db, (a: { me: number; ids: number[] }) =>
      db
        .selectFrom('feed_seen')
        .select('event_id')
        .where('user_id', '=', a.me)
        .where('event_id', 'in', a.ids),
    ),
    // The members shown, and whether either side blocked the other (their likes and comments hide).
    users: prepared(db, (a: { ids: number[]; me: number }) =>
      db
        .selectFrom('users as u')
        .select((eb) => [
          'u.id',
          'u.name',
          'u.image1',
          'u.gender',
          'u.star',
          'u.banned_at',
          eb
            .exists(
              eb
                .selectFrom('blocks as b')
                .select('b.blocker_id')
                .where((w) =>
                  w.or([
                    w.and([w('b.blocker_id', '=', a.me), w('b.blocked_id', '=', w.ref('u.id'))]),
                    w.and([w('b.blocker_id', '=', w.ref('u.id')), w('b.blocked_id', '=', a.me)]),
                  ]),
                ),
            )
            .as('blocked'),
        ])
        .where('u.id', 'in', a.ids),
    ),
  };

  async function blockedAmong(me: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await q.blocks({ me, ids });
    return new Set(rows.map((r) => (r.blocker_id === me ? r.blocked_id : r.blocker_id)));
  }

  /** Items grouped by type, for `type = ? AND id IN (...)` lookups on the primary keys. */
  const byType = (items: { type: number; id: number }[]) => {
    const groups = new Map<number, number[]>();
    for (const { type, id } of items) groups.set(type, [...(groups.get(type) ?? []), id]);
    return [...groups];
  };

  /** Like and comment counts of the items, and which of them the reader likes. */
  async function stats(me: number, items: { type: number; id: number }[]) {
    const counts = new Map<string, { likes: number; comments: number }>();
    const liked = new Set<string>();
    const reactions = new Map<string, string>();
    for (const [type, ids] of byType(items)) {
      for (const r of await q.stats({ type, ids, me })) {
        counts.set(key(type, r.item_id), { likes: r.like_count, comments: r.comment_count });
        if (Number(r.liked)) liked.add(key(type, r.item_id));
        if (r.my_reaction) reactions.set(key(type, r.item_id), r.my_reaction);
      }
    }
    return { counts, liked, reactions };
  }

  async function recentLikers(items: { type: number; id: number }[]) {
    const out = new Map<string, number[]>();
    for (const [type, ids] of byType(items)) {
      const rows = await q.likers({ type, ids, max: LIKERS });
      for (const r of rows)
        out.set(key(type, r.item_id), [...(out.get(key(type, r.item_id)) ?? []), r.user_id]);
    }
    return out;
  }

  async function latestComments(posts: { type: number; id: number }[]): Promise<CommentRow[]> {
    const rows: CommentRow[] = [];
    for (const [type, ids] of byType(posts)) {
      rows.push(...((await q.comments({ type, ids, max: FeedLimits.EVENT_COMMENTS })) as CommentRow[]));
    }
    return rows;
  }

  return {
    blockedAmong,
    stats,
    recentLikers,

    /** Comments as a reader sees them: likes, whether they may delete each. */
    async comments(
      viewer: UserRow,
      rows: CommentRow[],
      users?: Map<number, User>,
      known?: Pick<Awaited<ReturnType<typeof stats>>, 'counts' | 'liked'>,
    ): Promise<Comment[]> {
      const items = rows.map((c) => ({ type: LikeItemType.COMMENT as number, id: c.id }));
      const { counts, liked } = known ?? (await stats(viewer.id, items));
      let authors = users;
      if (!authors) {
        const ids = [...new Set(rows.map((c) => c.author_id))];
        const userRows = ids.length
          ? await db.selectFrom('users').selectAll().where('id', 'in', ids).execute()
          : [];
        authors = new Map((await people.present(viewer, userRows)).map((u) => [u.uid, u]));
      }
      return rows.map((c) => ({
        uid: c.id,
        author: authors.get(c.author_id),
        message: c.message,
        creationtime: c.created_at,
        image1: img(c.image_key),
        likeCount: counts.get(key(LikeItemType.COMMENT, c.id))?.likes ?? 0,
        liked: liked.has(key(LikeItemType.COMMENT, c.id)),
        deletable: c.author_id === viewer.id || c.post_author_id === viewer.id,
      }));
    },

    async events(viewer: UserRow, rows: EventRow[], cursorOf: (row: EventRow, i: number) => string) {
      if (!rows.length) return [];
      const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
      const props = rows.map((r) => parseProps(r.properties));
      const postIds = (pred: (r: EventRow) => boolean) => [
        ...new Set(rows.filter((r) => pred(r) && r.post_id !== null).map((r) => r.post_id as number)),
      ];
      const statusIds = postIds((r) => r.type === FeedEventType.STATUS_UPDATE);
      const photoIds = postIds((r) => PHOTO_EVENTS.has(r.type));
      const guestIds = postIds((r) => r.type === FeedEventType.GUESTBOOK);
      const items = rows.map((r) => ({ type: r.item_type, id: r.item_id ?? r.id }));
      const posts = items.filter((i) => COMMENTABLE.has(i.type));

      const [statuses, photos, guestbook, comments, seen] = await Promise.all([
        statusIds.length ? q.statuses({ ids: statusIds }) : [],
        photoIds.length
          ? db
              .selectFrom('photos')
              .innerJoin('albums', 'albums.id', 'photos.album_id')
              .select([
                'photos.id',
                'photos.owner_id',
                'photos.author_id',
                'photos.image_key',
                'photos.caption',
                'photos.privacy',
                'photos.created_at',
                'albums.id as album_id',
                'albums.name as album_name',
              ])
              .where('photos.id', 'in', photoIds)
              .execute()
          : [],
        guestIds.length
          ? db.selectFrom('guestbook_entries').selectAll().where('id', 'in', guestIds).execute()
          : [],
        posts.length ? latestComments(posts) : [],
        q.seen({ me: viewer.id, ids: rows.map((r) => r.id) }),
      ]);
      const likeable = [
        ...items,
        ...comments.map((c) => ({ type: LikeItemType.COMMENT as number, id: c.id })),
      ];
      const [{ counts, liked, reactions }, likers] = await Promise.all([
        stats(viewer.id, likeable),
        recentLikers(items),
      ]);

      const userIds = new Set<number>();
      rows.forEach((r, i) => {
        userIds.add(r.user_id);
        const target = propUser(props[i], 'target.user');
        if (target) userIds.add(target);
      });
      for (const c of comments) userIds.add(c.author_id);
      for (const ids of likers.values()) for (const id of ids) userIds.add(id);
      for (const g of guestbook) userIds.add(g.author_id);
      for (const p of photos) userIds.add(p.owner_id);
      const ids = [...userIds];
      const userRows = await q.users({ ids, me: viewer.id });
      const users = new Map(userRows.map((row) => [row.id, cardUser(row)]));
      const blocked = new Set(
        userRows.filter((r) => r.id !== viewer.id && Number(r.blocked)).map((r) => r.id),
      );
      const shownComments = comments.filter((c) => !blocked.has(c.author_id));
      const presentedComments = await this.comments(viewer, shownComments, users, { counts, liked });
      const commentsByPost = new Map<string, Comment[]>();
      shownComments.forEach((c, i) => {
        const k = key(c.post_type, c.post_id);
        commentsByPost.set(k, [...(commentsByPost.get(k) ?? []), presentedComments[i]]);
      });
      const statusById = new Map(statuses.map((s) => [s.id, s]));
      const photoById = new Map(photos.map((p) => [p.id, p]));
      const guestById = new Map(guestbook.map((g) => [g.id, g]));
      const seenIds = new Set(seen.map((s) => s.event_id));

      return rows.map((r, i): FeedEvent => {
        const item = items[i];
        const k = key(item.type, item.id);
        const count = counts.get(k) ?? { likes: 0, comments: 0 };
        const source = propUser(props[i], 'source.user') ?? r.user_id;
        const target = propUser(props[i], 'target.user');
        const event: FeedEvent = {
          id: r.id,
          type: r.type,
          userId: r.user_id,
          postId: r.post_id ?? undefined,
          creationTime: r.created_at,
          properties: {
            source: { user: users.get(source) },
            ...(target ? { target: { user: users.get(target) } } : {}),
          },
          user: users.get(r.user_id),
          readableTimestamp: readable(r.created_at, locale),
          likeType: item.type,
          likeItemId: item.id,
          likeCount: count.likes,
          commentCount: count.comments,
          liked: liked.has(k),
          reaction: reactions.get(k),
          likes: (likers.get(k) ?? [])
            .filter((id) => !blocked.has(id))
            .map((id) => users.get(id))
            .filter((u): u is User => u !== undefined),
          comments: commentsByPost.get(k) ?? [],
          commentable: COMMENTABLE.has(item.type),
          deletable: r.user_id === viewer.id,
          isNSFW: r.nsfw === 1,
          seen: r.user_id === viewer.id || seenIds.has(r.id),
          privacy: r.privacy,
          cursor: cursorOf(r, i),
        };
        const status = r.post_id !== null ? statusById.get(r.post_id) : undefined;
        if (r.type === FeedEventType.STATUS_UPDATE && status) {
          event.status = {
            ...toStatus(status, locale),
            commentCount: count.comments,
            likeCount: count.likes,
          };
        }
        const photo = r.post_id !== null && PHOTO_EVENTS.has(r.type) ? photoById.get(r.post_id) : undefined;
        if (photo) {
          const p: Photo = {
            uid: photo.id,
            image1: img(photo.image_key),
            origImage1: img(photo.image_key),
            message: photo.caption ?? undefined,
            privacy: photo.privacy,
            albumId: photo.album_id,
            albumName: photo.album_name,
            creationTime: photo.created_at,
            ownerUser: users.get(photo.owner_id),
            likeCount: count.likes,
            commentCount: count.comments,
          };
          event.photo = p;
        }
        const entry =
          r.type === FeedEventType.GUESTBOOK && r.post_id !== null ? guestById.get(r.post_id) : undefined;
        if (entry) {
          const g: GuestbookEntry = {
            id: entry.id,
            profileId: entry.profile_id,
            author: users.get(entry.author_id),
            message: entry.message,
            image1: img(entry.image_key),
            creationTime: entry.created_at,
          };
          event.guestbookEntry = g;
        }
        return event;
      });
    },
  };
}

export type FeedPresenter = ReturnType<typeof feedPresenter>;
