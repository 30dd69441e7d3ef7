import {
  type Comment,
  type FeedEvent,
  FeedEventType,
  FeedFilter,
  type FeedSettings,
  type GuestbookEntry,
  imageUrl,
  type Like,
  LikeItemType,
  NotificationKind,
  type UploadedFile,
  type User,
  type UserStatus,
} from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid, notFound, rateLimited } from '../../http/errors';
import { isLocale } from '../../i18n/messages';
import { normalizeImage } from '../../media/intake';
import { newImageKey, originalName } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import type { PeopleService } from '../people/service';
import { deleteFeedEvent, recordFeedEvent } from './events';
import { blockedEitherWay, type Item, visibleItem } from './items';
import { itemUrl, notificationService } from './notifications';
import { feedPresenter, toStatus } from './present';
import { type EventRow, feedStore } from './store';

type Page = { page?: number; limit?: number };
const MINUTE = 60_000;
/** Writes per member per 10 minutes: generous for people, a wall for scripts. */
const WRITES_PER_WINDOW = 60;

function fileOf(value: unknown, field: string): UploadedFile | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const file = value as UploadedFile;
  if (!(file.data instanceof Uint8Array) || file.data.length === 0) throw invalid(field, 'image.type');
  return file;
}

const pageOf = (p: Page, defaultLimit: number) => {
  const limit = p.limit ?? defaultLimit;
  return { limit, offset: ((p.page ?? 1) - 1) * limit, page: p.page ?? 1 };
};

/** Adds to an item's counters; the upsert is atomic on both dialects, so parallel writes all count. */
async function bump(
  trx: Kysely<Database>,
  item: { type: number; id: number },
  likes: number,
  comments: number,
) {
  const now = Date.now();
  await trx
    .insertInto('item_stats')
    .values({
      item_type: item.type,
      item_id: item.id,
      like_count: Math.max(0, likes),
      comment_count: Math.max(0, comments),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['item_type', 'item_id']).doUpdateSet({
        like_count: sql`CASE WHEN item_stats.like_count + ${likes} < 0 THEN 0 ELSE item_stats.like_count + ${likes} END`,
        comment_count: sql`CASE WHEN item_stats.comment_count + ${comments} < 0 THEN 0 ELSE item_stats.comment_count + ${comments} END`,
        // Taking a like or comment back is not activity: trending keeps its time.
        updated_at: likes > 0 || comments > 0 ? now : sql`item_stats.updated_at`,
      }),
    )
    .execute();
}

/** Drops an item's likes and counters (the item is being deleted). */
async function dropItem(trx: Kysely<Database>, type: number, id: number) {
  await trx.deleteFrom('likes').where('item_type', '=', type).where('item_id', '=', id).execute();
  await trx.deleteFrom('item_stats').where('item_type', '=', type).where('item_id', '=', id).execute();
}

export function feedService(
  deps: Deps,
  people: PeopleService,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const db = deps.db;
  const store = feedStore(db);
  const present = feedPresenter(db, people);
  const notices = notificationService(deps);

  async function limit(key: string) {
    const decision = await deps.limiter.hit(key, WRITES_PER_WINDOW, 10 * MINUTE);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
  }

  /** Stores an uploaded image as the media intake does for photos; returns its key. */
  async function storeImage(file: UploadedFile): Promise<string> {
    const image = await normalizeImage(file.data, 0);
    const key = newImageKey(image.ext);
    await media.put(originalName(key), image.data);
    return key;
  }

  async function areFriends(a: number, b: number) {
    const row = await db
      .selectFrom('friendships')
      .select('user_id')
      .where('user_id', '=', a)
      .where('friend_id', '=', b)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Tells the author's friends a new event is in their feed ("N new posts"). */
  async function announce(authorId: number, eventId: number, eventType: number) {
    const friends = await db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', authorId)
      .execute();
    await deps.hub.publish(
      friends.map((f) => f.friend_id),
      { type: 'feedEvent', eventId, eventType, userId: authorId },
    );
  }

  async function postOf(viewer: UserRow, p: { isPhoto?: boolean; postId: number; authorUserId: number }) {
    return visibleItem(
      db,
      viewer,
      p.isPhoto ? LikeItemType.PHOTO : LikeItemType.STATUS,
      p.postId,
      p.authorUserId,
    );
  }

  async function likeCount(item: { type: number; id: number }) {
    const row = await db
      .selectFrom('item_stats')
      .select('like_count')
      .where('item_type', '=', item.type)
      .where('item_id', '=', item.id)
      .executeTakeFirst();
    return row?.like_count ?? 0;
  }

  /** A member whose profile-bound things (feed, guestbook) the viewer may see, or why not. */
  async function profileFor(viewer: UserRow, userId: number): Promise<UserRow> {
    if (userId === viewer.id) return viewer;
    const owner = await people.visible(viewer, userId);
    if (owner.buddies_private && !(await areFriends(viewer.id, owner.id))) {
      throw new ApiError('ApiForbiddenException', 'feed.private', { name: owner.name });
    }
    return owner;
  }

  return {
    notices,

    async events(
      viewer: UserRow,
      p: Page & { userId?: number; filter?: number; before?: string },
    ): Promise<FeedEvent[]> {
      const filter = p.filter ?? viewer.feed_filter ?? FeedFilter.ALL;
      const { limit, offset } = pageOf(p, 10);
      let rows: EventRow[];
      if (filter === FeedFilter.TRENDING) {
        // A ranking moves as likes come in: its cursor is the rank reached.
        const from = p.before ? Number(p.before.replace(/^t/, '')) : 0;
        if (!Number.isSafeInteger(from) || from < 0) throw invalid('before', 'feed.badCursor');
        rows = await store.trending(viewer, { offset: from + offset, limit, now: Date.now() });
        return present.events(viewer, rows, (_r, i) => `t${from + offset + i + 1}`);
      }
      const before = p.before === undefined ? undefined : Number(p.before);
      if (before !== undefined && (!Number.isSafeInteger(before) || before < 1)) {
        throw invalid('before', 'feed.badCursor');
      }
      const keyset = { before, offset, limit };
      if (filter === FeedFilter.FRIENDS) rows = await store.friends(viewer, keyset);
      else if (filter === FeedFilter.PERSON) {
        const owner = await profileFor(viewer, p.userId ?? viewer.id);
        rows = await store.site(viewer, { ...keyset, authorId: owner.id });
      } else rows = await store.site(viewer, { ...keyset, near: filter === FeedFilter.NEAR_ME });
      return present.events(viewer, rows, (r) => String(r.id));
    },

    async deleteEvent(
      viewer: UserRow,
      p: { userId: number; postId?: number; type: number; eventTimestamp: number; eventId?: number },
    ): Promise<boolean> {
      if (p.userId !== viewer.id) throw forbidden('feed.deleteOwnOnly');
      const event = await store.findEvent(viewer.id, p.type, p.eventTimestamp, p.postId || null, p.eventId);
      if (!event) throw notFound('feed.eventNotFound');
      await db.transaction().execute(async (trx) => {
        if (event.type === FeedEventType.STATUS_UPDATE && event.post_id !== null) {
          await deleteStatus(trx, viewer, event.post_id);
        } else if (event.type === FeedEventType.GUESTBOOK && event.post_id !== null) {
          await trx.deleteFrom('guestbook_entries').where('id', '=', event.post_id).execute();
        }
        await dropItem(trx, LikeItemType.EVENT, event.id);
        await deleteFeedEvent(trx, event.id);
      });
      return true;
    },

    async storeSeen(viewer: UserRow, ids: number[]): Promise<boolean> {
      // Only events that exist; a second mark is a no-op.
      await db
        .insertInto('feed_seen')
        .columns(['user_id', 'event_id'])
        .expression(
          db
            .selectFrom('feed_events')
            .select([sql.lit(viewer.id).as('user_id'), 'id'])
            .where('id', 'in', [...new Set(ids)]),
        )
        .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
        .execute();
      return true;
    },

    async allowNSFW(viewer: UserRow, allow: boolean): Promise<boolean> {
      await db
        .updateTable('users')
        .set({ allow_nsfw: allow ? 1 : 0 })
        .where('id', '=', viewer.id)
        .execute();
      return true;
    },

    async setFilter(viewer: UserRow, filter: number): Promise<boolean> {
      await db.updateTable('users').set({ feed_filter: filter }).where('id', '=', viewer.id).execute();
      return true;
    },

    async settings(viewer: UserRow): Promise<FeedSettings> {
      return {
        filter: viewer.feed_filter,
        allowNSFW: viewer.allow_nsfw === 1,
        unreadNotifications: await notices.unread(viewer.id),
      };
    },

    async updateStatus(
      viewer: UserRow,
      p: { newStatus?: string; image?: unknown; privacy?: number; isNSFW?: boolean },
    ): Promise<UserStatus> {
      const text = p.newStatus?.trim() ?? '';
      const file = fileOf(p.image, 'image');
      if (!text && !file) throw invalid('newStatus', 'feed.statusEmpty');
      await limit(`feed:write:${viewer.id}`);
      const imageKey = file ? await storeImage(file) : null;
      const now = Date.now();
      const privacy = p.privacy ?? 1;
      const { status, eventId } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('statuses')
          .values({
            user_id: viewer.id,
            text,
            image_key: imageKey,
            privacy,
            nsfw: p.isNSFW ? 1 : 0,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const eventId = await recordFeedEvent(trx, {
          type: FeedEventType.STATUS_UPDATE,
          userId: viewer.id,
          postId: row.id,
          properties: { 'source.user': viewer.id },
          privacy,
          nsfw: p.isNSFW,
          item: { type: LikeItemType.STATUS, id: row.id },
          now,
        });
        const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
        const status = { ...toStatus(row, locale), commentCount: 0, likeCount: 0, likes: [], liked: false };
        await trx
          .updateTable('users')
          .set({
            status_object: JSON.stringify({
              id: row.id,
              status: text,
              timestamp: now,
              userId: viewer.id,
              image1: status.image1,
            }),
          })
          .where('id', '=', viewer.id)
          .execute();
        return { status, eventId };
      });
      await announce(viewer.id, eventId, FeedEventType.STATUS_UPDATE);
      return status;
    },

    async like(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number; content?: string }) {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const notice = await db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('likes')
          .values({
            item_type: item.type,
            item_id: item.id,
            user_id: viewer.id,
            author_id: item.authorId,
            content: p.content?.trim() || null,
            created_at: Date.now(),
          })
          .onConflict((oc) => oc.columns(['item_type', 'item_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
        await bump(trx, item, 1, 0);
        return notices.create(trx, {
          userId: item.authorId,
          kind: NotificationKind.LIKE,
          actorId: viewer.id,
          itemType: item.type,
          itemId: item.id,
          url: urlFor(item),
        });
      });
      await notices.deliver([notice]);
      return likeCount(item);
    },

    async unlike(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      const item = { type: p.type, id: p.itemId };
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('likes')
          .where('item_type', '=', p.type)
          .where('item_id', '=', p.itemId)
          .where('user_id', '=', viewer.id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) await bump(trx, item, -1, 0);
      });
      return likeCount(item);
    },

    async doesLike(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      const row = await db
        .selectFrom('likes')
        .select('user_id')
        .where('item_type', '=', p.type)
        .where('item_id', '=', p.itemId)
        .where('user_id', '=', viewer.id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async userLikes(viewer: UserRow, p: Page & { type?: number }): Promise<Like[]> {
      const { limit, offset } = pageOf(p, 20);
      let q = db.selectFrom('likes').selectAll().where('user_id', '=', viewer.id);
      if (p.type) q = q.where('item_type', '=', p.type);
      const rows = await q.orderBy('created_at', 'desc').offset(offset).limit(limit).execute();
      return rows.map((r) => ({
        type: r.item_type,
        itemId: r.item_id,
        authorUserId: r.author_id,
        content: r.content ?? undefined,
        creationTime: r.created_at,
      }));
    },

    async itemLikes(
      viewer: UserRow,
      p: Page & { type: number; itemId: number; authorUserId: number },
    ): Promise<User[]> {
      const item = await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('likes')
        .innerJoin('users', 'users.id', 'likes.user_id')
        .selectAll('users')
        .where('likes.item_type', '=', item.type)
        .where('likes.item_id', '=', item.id)
        .where('users.banned_at', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blocks')
                .select('blocker_id')
                .where((w) =>
                  w.or([
                    w.and([w('blocker_id', '=', viewer.id), w('blocked_id', '=', w.ref('likes.user_id'))]),
                    w.and([w('blocker_id', '=', w.ref('likes.user_id')), w('blocked_id', '=', viewer.id)]),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('likes.created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return people.present(viewer, rows);
    },

    async itemLikeCount(viewer: UserRow, p: { type: number; itemId: number; authorUserId: number }) {
      return likeCount(await visibleItem(db, viewer, p.type, p.itemId, p.authorUserId));
    },

    async comment(
      viewer: UserRow,
      p: { isPhoto?: boolean; postId: number; authorUserId: number; message: string; photo?: unknown },
    ): Promise<Comment> {
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      const post = await postOf(viewer, p);
      await limit(`feed:write:${viewer.id}`);
      const imageKey = file ? await storeImage(file) : null;
      const { row, notice } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('comments')
          .values({
            post_type: post.type,
            post_id: post.id,
            post_author_id: post.authorId,
            author_id: viewer.id,
            message,
            image_key: imageKey,
            created_at: Date.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await bump(trx, post, 0, 1);
        const notice = await notices.create(trx, {
          userId: post.authorId,
          kind: NotificationKind.COMMENT,
          actorId: viewer.id,
          itemType: post.type,
          itemId: post.id,
          url: urlFor(post),
        });
        return { row, notice };
      });
      await notices.deliver([notice]);
      const [comment] = await present.comments(viewer, [row]);
      return comment;
    },

    async comments(
      viewer: UserRow,
      p: Page & { isPhoto?: boolean; postId: number; authorUserId: number },
    ): Promise<Comment[]> {
      const post = await postOf(viewer, p);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blocks')
                .select('blocker_id')
                .where((w) =>
                  w.or([
                    w.and([
                      w('blocker_id', '=', viewer.id),
                      w('blocked_id', '=', w.ref('comments.author_id')),
                    ]),
                    w.and([
                      w('blocker_id', '=', w.ref('comments.author_id')),
                      w('blocked_id', '=', viewer.id),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return present.comments(viewer, rows);
    },

    async deleteComment(
      viewer: UserRow,
      p: { isPhoto?: boolean; postId: number; authorUserId: number; commentId: number },
    ): Promise<boolean> {
      const post = await postOf(viewer, p);
      const row = await db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', p.commentId)
        .where('post_type', '=', post.type)
        .where('post_id', '=', post.id)
        .executeTakeFirst();
      if (!row) throw notFound('feed.commentNotFound');
      if (row.author_id !== viewer.id && row.post_author_id !== viewer.id) {
        throw forbidden('feed.commentDeleteForbidden');
      }
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('comments').where('id', '=', row.id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return;
        await dropItem(trx, LikeItemType.COMMENT, row.id);
        await bump(trx, post, 0, -1);
      });
      return true;
    },

    async postGuestbook(
      viewer: UserRow,
      p: { profileId: number; message: string; photo?: unknown },
    ): Promise<GuestbookEntry> {
      if (p.profileId === viewer.id) throw invalid('profileId', 'feed.guestbookSelf');
      const message = p.message.trim();
      if (!message) throw invalid('message', 'validation.required');
      const file = fileOf(p.photo, 'photo');
      const owner = await people.visible(viewer, p.profileId);
      if (await blockedEitherWay(db, viewer.id, owner.id)) throw forbidden('feed.youBlocked');
      const friends = await areFriends(viewer.id, owner.id);
      if (owner.buddies_private && !friends) {
        throw new ApiError('ApiForbiddenException', 'feed.guestbookPrivate', { name: owner.name });
      }
      await limit(`feed:write:${viewer.id}`);
      const imageKey = file ? await storeImage(file) : null;
      const now = Date.now();
      const { row, notice, eventId } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('guestbook_entries')
          .values({
            profile_id: owner.id,
            author_id: viewer.id,
            message,
            image_key: imageKey,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const eventId = await recordFeedEvent(trx, {
          type: FeedEventType.GUESTBOOK,
          userId: viewer.id,
          postId: row.id,
          properties: { 'source.user': viewer.id, 'target.user': owner.id },
          // What is written on a private profile is for friends only.
          privacy: owner.buddies_private ? 2 : 1,
          alsoTo: [owner.id],
          now,
        });
        const notice = await notices.create(trx, {
          userId: owner.id,
          kind: NotificationKind.GUESTBOOK,
          actorId: viewer.id,
          itemId: row.id,
          url: `/html/profile-view.jsp?user=${owner.id}#guestbook`,
        });
        return { row, notice, eventId };
      });
      await notices.deliver([notice]);
      await announce(viewer.id, eventId, FeedEventType.GUESTBOOK);
      const [author] = await people.present(viewer, [viewer]);
      return {
        id: row.id,
        profileId: owner.id,
        author,
        message: row.message,
        image1: row.image_key ? imageUrl(row.image_key) : undefined,
        creationTime: row.created_at,
      };
    },

    async guestbook(viewer: UserRow, p: Page & { profileId: number }): Promise<GuestbookEntry[]> {
      const owner = await profileFor(viewer, p.profileId);
      const { limit, offset } = pageOf(p, 20);
      const rows = await db
        .selectFrom('guestbook_entries as g')
        .innerJoin('users', 'users.id', 'g.author_id')
        .selectAll('g')
        .where('g.profile_id', '=', owner.id)
        .where('users.banned_at', '=', 0)
        .orderBy('g.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const blocked = await present.blockedAmong(
        viewer.id,
        [...new Set(rows.map((r) => r.author_id))].filter((id) => id !== viewer.id),
      );
      const shown = rows.filter((r) => !blocked.has(r.author_id));
      const authorIds = [...new Set(shown.map((r) => r.author_id))];
      const authorRows = authorIds.length
        ? await db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute()
        : [];
      const authors = new Map((await people.present(viewer, authorRows)).map((u) => [u.uid, u]));
      return shown.map((r) => ({
        id: r.id,
        profileId: r.profile_id,
        author: authors.get(r.author_id),
        message: r.message,
        image1: r.image_key ? imageUrl(r.image_key) : undefined,
        creationTime: r.created_at,
      }));
    },

    notifications: (viewer: UserRow, p: Page & { unreadOnly?: boolean }) =>
      notices.list(viewer, { ...pageOf(p, 20), unreadOnly: p.unreadOnly }, people.present),
  };

  async function deleteStatus(trx: Kysely<Database>, viewer: UserRow, statusId: number) {
    const comments = await trx
      .selectFrom('comments')
      .select('id')
      .where('post_type', '=', LikeItemType.STATUS)
      .where('post_id', '=', statusId)
      .execute();
    for (const c of comments) await dropItem(trx, LikeItemType.COMMENT, c.id);
    await trx
      .deleteFrom('comments')
      .where('post_type', '=', LikeItemType.STATUS)
      .where('post_id', '=', statusId)
      .execute();
    await dropItem(trx, LikeItemType.STATUS, statusId);
    await trx.deleteFrom('statuses').where('id', '=', statusId).where('user_id', '=', viewer.id).execute();
    // The profile's current status goes with it; the previous one (if any) takes its place.
    const current = viewer.status_object ? (JSON.parse(viewer.status_object) as { id?: number }) : undefined;
    const fresh = await trx
      .selectFrom('users')
      .select('status_object')
      .where('id', '=', viewer.id)
      .executeTakeFirst();
    const now = fresh?.status_object ? (JSON.parse(fresh.status_object) as { id?: number }) : current;
    if (now?.id === statusId) {
      const previous = await trx
        .selectFrom('statuses')
        .selectAll()
        .where('user_id', '=', viewer.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await trx
        .updateTable('users')
        .set({
          status_object: previous
            ? JSON.stringify({
                id: previous.id,
                status: previous.text,
                timestamp: previous.created_at,
                userId: viewer.id,
                image1: previous.image_key ? imageUrl(previous.image_key) : undefined,
              })
            : null,
        })
        .where('id', '=', viewer.id)
        .execute();
    }
  }
}

function urlFor(item: Item): string {
  const owner = item.post ?? item;
  return itemUrl(owner.type, owner.id, owner.authorId);
}

export type FeedService = ReturnType<typeof feedService>;
