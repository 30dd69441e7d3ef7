import {
  type Comment,
  type FeedEvent,
  FeedEventType,
  FeedLimits,
  type GuestbookEntry,
  LikeItemType,
  type Photo,
  type User,
} from '@tertulia/contract';
import type { Kysely, Selectable } from 'kysely';
import type { CommentsTable, Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { isLocale } from '../../i18n/messages';
import { hiddenPhotoCard, photosSeenBy } from '../../policy/photos';
import type { PeopleUseCases } from '../people/use-cases';
import {
  badgeOf,
  gameOf,
  giftOf,
  itemKey as key,
  liveOf,
  mediaOf,
  parseProps,
  propUser,
  roomOf,
} from './event-props';
import { cardUser, img, toStatus } from './present';
import { presentStore } from './present-store';
import { readable } from './readable-time';
import type { EventRow } from './store';

type CommentRow = Selectable<CommentsTable>;
type Items = { type: number; id: number }[];
const LIKERS = 3;
const PHOTO_EVENTS = new Set<number>([
  FeedEventType.PHOTO_UPLOAD,
  FeedEventType.PROFILE_PHOTO_SET,
  FeedEventType.BACKSTAGE_PHOTO,
  FeedEventType.LIKE_PHOTO,
]);
const COMMENTABLE = new Set<number>([LikeItemType.STATUS, LikeItemType.PHOTO]);
/** Events whose card shows a status: the status itself, and a like of one. */
const STATUS_EVENTS = new Set<number>([FeedEventType.STATUS_UPDATE, FeedEventType.LIKE_STATUS]);

/** A card reduced to who did what when: no item to like or comment, no counts, likers or comments. */
function bareNotice(e: FeedEvent): FeedEvent {
  const { likeType, likeItemId, likeCount, commentCount, liked, reaction, likes, comments, ...rest } = e;
  return { ...rest, commentable: false };
}

/** Items grouped by type, for `type = ? AND id IN (...)` lookups on the primary keys. */
const byType = (items: Items) => {
  const groups = new Map<number, number[]>();
  for (const { type, id } of items) groups.set(type, [...(groups.get(type) ?? []), id]);
  return [...groups];
};

/**
 * Feed events drawn for one reader with a fixed number of queries per page (not per item):
 * the items, their counters, the reader's likes, a few likers and the latest comments, seen
 * marks, blocks, and every member shown, presented together.
 */
export function feedPresenter(db: Kysely<Database>, people: Pick<PeopleUseCases, 'present'>) {
  const store = presentStore(db);

  /** Like and comment counts of the items, and which of them the reader likes. */
  async function stats(me: number, items: Items) {
    const counts = new Map<string, { likes: number; comments: number }>();
    const liked = new Set<string>();
    const reactions = new Map<string, string>();
    for (const [type, ids] of byType(items)) {
      for (const r of await store.stats(type, ids, me)) {
        counts.set(key(type, r.item_id), { likes: r.like_count, comments: r.comment_count });
        if (Number(r.liked)) liked.add(key(type, r.item_id));
        if (r.my_reaction) reactions.set(key(type, r.item_id), r.my_reaction);
      }
    }
    return { counts, liked, reactions };
  }

  async function recentLikers(items: Items) {
    const out = new Map<string, number[]>();
    for (const [type, ids] of byType(items)) {
      for (const r of await store.likers(type, ids, LIKERS))
        out.set(key(type, r.item_id), [...(out.get(key(type, r.item_id)) ?? []), r.user_id]);
    }
    return out;
  }

  async function latestComments(posts: Items): Promise<CommentRow[]> {
    const rows: CommentRow[] = [];
    for (const [type, ids] of byType(posts)) {
      rows.push(...((await store.latestComments(type, ids, FeedLimits.EVENT_COMMENTS)) as CommentRow[]));
    }
    return rows;
  }

  /**
   * Comments as a reader sees them: like counts, a few likers (as statuses show them, blocks
   * either way left out), whether they may delete each. The feed passes what it already read.
   */
  async function comments(
    viewer: UserRow,
    rows: CommentRow[],
    known?: {
      users: Map<number, User>;
      blocked: Set<number>;
      stats: Awaited<ReturnType<typeof stats>>;
      likers: Map<string, number[]>;
    },
  ): Promise<Comment[]> {
    const items = rows.map((c) => ({ type: LikeItemType.COMMENT as number, id: c.id }));
    const [{ counts, liked }, likers] = known
      ? [known.stats, known.likers]
      : await Promise.all([stats(viewer.id, items), recentLikers(items)]);
    let authors = known?.users;
    let cards = known?.users;
    let blocked = known?.blocked ?? new Set<number>();
    if (!authors) {
      const likerIds = [...new Set([...likers.values()].flat())];
      const [userRows, likerRows] = await Promise.all([
        store.members([...new Set(rows.map((c) => c.author_id))]),
        likerIds.length ? store.cards(likerIds, viewer.id) : [],
      ]);
      authors = new Map((await people.present(viewer, userRows)).map((u) => [u.uid, u]));
      cards = new Map(likerRows.map((row) => [row.id, cardUser(row)]));
      blocked = new Set(likerRows.filter((r) => r.id !== viewer.id && !Number(r.clear)).map((r) => r.id));
    }
    return rows.map((c) => ({
      uid: c.id,
      author: authors.get(c.author_id),
      message: c.message,
      creationtime: c.created_at,
      image1: img(c.image_key),
      likeCount: counts.get(key(LikeItemType.COMMENT, c.id))?.likes ?? 0,
      likes: (likers.get(key(LikeItemType.COMMENT, c.id)) ?? [])
        .filter((id) => !blocked.has(id))
        .map((id) => cards?.get(id))
        .filter((u): u is User => u !== undefined),
      liked: liked.has(key(LikeItemType.COMMENT, c.id)),
      deletable: c.author_id === viewer.id || c.post_author_id === viewer.id,
    }));
  }

  async function events(viewer: UserRow, rows: EventRow[], cursorOf: (row: EventRow, i: number) => string) {
    if (!rows.length) return [];
    const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
    const props = rows.map((r) => parseProps(r.properties));
    const postIds = (pred: (r: EventRow) => boolean) => [
      ...new Set(rows.filter((r) => pred(r) && r.post_id !== null).map((r) => r.post_id as number)),
    ];
    const statusIds = postIds((r) => STATUS_EVENTS.has(r.type));
    const photoIds = postIds((r) => PHOTO_EVENTS.has(r.type));
    const guestIds = postIds((r) => r.type === FeedEventType.GUESTBOOK);
    const items = rows.map((r) => ({ type: r.item_type, id: r.item_id ?? r.id }));
    const posts = items.filter((i) => COMMENTABLE.has(i.type));

    const [statuses, photos, guestbook, latest, seen] = await Promise.all([
      statusIds.length ? store.statuses(statusIds) : [],
      photoIds.length ? store.photos(photoIds) : [],
      guestIds.length ? store.guestbook(guestIds) : [],
      posts.length ? latestComments(posts) : [],
      store.seen(
        viewer.id,
        rows.map((r) => r.id),
      ),
    ]);
    const likeable = [...items, ...latest.map((c) => ({ type: LikeItemType.COMMENT as number, id: c.id }))];
    // The latest comments' likers come in the same queries as the events' (one per item type).
    const [{ counts, liked, reactions }, likers] = await Promise.all([
      stats(viewer.id, likeable),
      recentLikers(likeable),
    ]);

    const userIds = new Set<number>();
    rows.forEach((r, i) => {
      userIds.add(r.user_id);
      // The source differs from the event's member where someone acted on them (a gift's sender).
      const source = propUser(props[i], 'source.user');
      if (source) userIds.add(source);
      const target = propUser(props[i], 'target.user');
      if (target) userIds.add(target);
    });
    for (const c of latest) userIds.add(c.author_id);
    for (const ids of likers.values()) for (const id of ids) userIds.add(id);
    for (const g of guestbook) userIds.add(g.author_id);
    for (const p of photos) userIds.add(p.owner_id);
    const userRows = await store.cards([...userIds], viewer.id);
    const users = new Map(userRows.map((row) => [row.id, cardUser(row)]));
    const blocked = new Set(userRows.filter((r) => r.id !== viewer.id && !Number(r.clear)).map((r) => r.id));
    const shownComments = latest.filter((c) => !blocked.has(c.author_id));
    const presentedComments = await comments(viewer, shownComments, {
      users,
      blocked,
      stats: { counts, liked, reactions },
      likers,
    });
    const commentsByPost = new Map<string, Comment[]>();
    shownComments.forEach((c, i) => {
      const k = key(c.post_type, c.post_id);
      commentsByPost.set(k, [...(commentsByPost.get(k) ?? []), presentedComments[i]]);
    });
    const statusById = new Map(statuses.map((s) => [s.id, s]));
    const photoById = new Map(photos.map((p) => [p.id, p]));
    // Every card of a photo passes the photo's own rule (policy/photos.ts), whatever its event says.
    const seenPhotos = photos.length ? await photosSeenBy(db, viewer, photos) : new Set<number>();
    const guestById = new Map(guestbook.map((g) => [g.id, g]));
    const seenIds = new Set(seen.map((s) => s.event_id));

    return rows.flatMap((r, i): FeedEvent[] => {
      const photo = r.post_id !== null && PHOTO_EVENTS.has(r.type) ? photoById.get(r.post_id) : undefined;
      const hidden = photo && !seenPhotos.has(photo.id) ? hiddenPhotoCard(r.type, photo) : undefined;
      if (hidden === 'none') return [];
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
          ...roomOf(props[i]),
          ...giftOf(props[i]),
          ...gameOf(props[i]),
          ...badgeOf(props[i]),
          ...mediaOf(props[i]),
          ...liveOf(props[i]),
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
      if (STATUS_EVENTS.has(r.type) && status) {
        event.status = { ...toStatus(status, locale), commentCount: count.comments, likeCount: count.likes };
      }
      // A backstage photo the viewer may not see: who added one and when, nothing of the photo.
      if (hidden === 'notice') return [bareNotice(event)];
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
      return [event];
    });
  }

  return { stats, recentLikers, comments, events };
}

export type FeedPresenter = ReturnType<typeof feedPresenter>;
