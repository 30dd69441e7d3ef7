import {
  type FeedEvent,
  FeedEventType,
  FeedFilter,
  type FeedSettings,
  imageUrl,
  LikeItemType,
  type UserStatus,
} from '@tertulia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { isLocale } from '../../i18n/messages';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import type { PeopleService } from '../people/service';
import { commentCalls } from './comments';
import { dropItem, feedContext, fileOf, type Page, pageOf } from './context';
import { deleteFeedEvent, recordFeedEvent } from './events';
import { guestbookCalls } from './guestbook';
import { likeCalls } from './likes';
import { friendsPageCache, PAGE_CACHE_LIMIT } from './page-cache';
import { toStatus } from './present';
import type { EventRow } from './store';

export function feedService(
  deps: Deps,
  people: PeopleService,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const c = feedContext(deps, people, media);
  const { db, store, present, notices, limit, storeImage, announce, profileFor } = c;
  const pages = friendsPageCache(db);

  return {
    ...likeCalls(c),
    ...commentCalls(c),
    ...guestbookCalls(c),
    notices,
    /** The ready JSON body for a page the friends page cache returned (routes.ts sends it as is). */
    pageBody: (events: FeedEvent[], name: string) => pages.body(events, name),

    async events(
      viewer: UserRow,
      p: Page & { userId?: number; filter?: number; before?: string; fields?: string; statusId?: number },
    ): Promise<FeedEvent[]> {
      const filter = p.filter ?? viewer.feed_filter ?? FeedFilter.ALL;
      const { limit, offset } = pageOf(p, 10);
      // The friends filter's first page, the home feed's usual call, is kept rendered and
      // re-checked with one query (page-cache.ts). Projected answers (fields) are not kept.
      if (
        filter === FeedFilter.FRIENDS &&
        offset === 0 &&
        p.before === undefined &&
        p.fields === undefined &&
        limit <= PAGE_CACHE_LIMIT
      ) {
        return pages.firstPage(viewer, limit, async () =>
          present.events(viewer, await store.friends(viewer, { offset: 0, limit }), (r) => String(r.id)),
        );
      }
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
        rows = await store.site(viewer, { ...keyset, authorId: owner.id, statusId: p.statusId });
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
          .set({ status_object: statusObjectOf(row) })
          .where('id', '=', viewer.id)
          .execute();
        return { status, eventId };
      });
      await announce(viewer.id, eventId, FeedEventType.STATUS_UPDATE);
      return status;
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
          status_object: previous ? statusObjectOf(previous) : null,
        })
        .where('id', '=', viewer.id)
        .execute();
    }
  }
}

/**
 * The member's current status as kept on their row (User.statusObject). It carries its privacy:
 * people/user-view.ts shows it only to those the item rule lets see it.
 */
function statusObjectOf(row: {
  id: number;
  user_id: number;
  text: string;
  created_at: number;
  image_key: string | null;
  privacy: number;
}): string {
  return JSON.stringify({
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    userId: row.user_id,
    image1: row.image_key ? imageUrl(row.image_key) : undefined,
    privacy: row.privacy,
  });
}

export type FeedService = ReturnType<typeof feedService>;
