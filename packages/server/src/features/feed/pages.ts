import { type FeedEvent, FeedEventType, FeedFilter, LikeItemType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { deleteFeedEvent } from './events';
import { eventStore } from './events-store';
import { guestbookStore } from './guestbook-store';
import { type Page, pageOf } from './inputs';
import { dropItem } from './items';
import { type FriendsPageCache, PAGE_CACHE_LIMIT } from './page-cache';
import type { FeedPresenter } from './present-events';
import type { ProfileAccess } from './profile-access';
import { deleteStatus } from './status';
import { type EventRow, feedStore } from './store';

/** feed/getEvents.do (each filter, its cursor) and feed/deleteEvent.do. */
export function pageUseCases(d: {
  db: Kysely<Database>;
  present: Pick<FeedPresenter, 'events'>;
  pages: FriendsPageCache;
  profileFor: ProfileAccess;
}) {
  const { db, present, pages } = d;
  const store = feedStore(db);
  return {
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
        const owner = await d.profileFor(viewer, p.userId ?? viewer.id);
        rows = await store.site(viewer, { ...keyset, authorId: owner.id, statusId: p.statusId });
      } else rows = await store.site(viewer, { ...keyset, near: filter === FeedFilter.NEAR_ME });
      return present.events(viewer, rows, (r) => String(r.id));
    },

    /** Deletes one of the viewer's own events, with the status or guestbook entry it shows. */
    async deleteEvent(
      viewer: UserRow,
      p: { userId: number; postId?: number; type: number; eventTimestamp: number; eventId?: number },
    ): Promise<boolean> {
      if (p.userId !== viewer.id) throw forbidden('feed.deleteOwnOnly');
      const event = await eventStore(db).find(
        viewer.id,
        p.type,
        p.eventTimestamp,
        p.postId || null,
        p.eventId,
      );
      if (!event) throw notFound('feed.eventNotFound');
      await db.transaction().execute(async (trx) => {
        if (event.type === FeedEventType.STATUS_UPDATE && event.post_id !== null) {
          await deleteStatus(trx, viewer, event.post_id);
        } else if (event.type === FeedEventType.GUESTBOOK && event.post_id !== null) {
          await guestbookStore(trx).delete(event.post_id);
        }
        await dropItem(trx, LikeItemType.EVENT, event.id);
        await deleteFeedEvent(trx, event.id);
      });
      return true;
    },
  };
}
