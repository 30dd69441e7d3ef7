import type { FeedSettings } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { forbidden } from '../../http/errors';
import { mayOptInToNsfw, seesNsfw } from '../../policy/nsfw';
import type { NotificationUseCases } from '../notifications/notices';
import { eventStore } from './events-store';
import { statusStore } from './status-store';

/** The reader's feed settings: seen marks, NSFW, default filter. */
export function settingsUseCases(d: { db: Kysely<Database>; notices: Pick<NotificationUseCases, 'unread'> }) {
  const { db } = d;
  return {
    async storeSeen(viewer: UserRow, ids: number[]): Promise<boolean> {
      await eventStore(db).markSeen(viewer.id, [...new Set(ids)]);
      return true;
    },

    async allowNSFW(viewer: UserRow, allow: boolean): Promise<boolean> {
      if (!mayOptInToNsfw(viewer, allow)) throw forbidden('nsfw.minor');
      await statusStore(db).setAllowNsfw(viewer.id, allow);
      return true;
    },

    async setFilter(viewer: UserRow, filter: number): Promise<boolean> {
      await statusStore(db).setFeedFilter(viewer.id, filter);
      return true;
    },

    async settings(viewer: UserRow): Promise<FeedSettings> {
      return {
        filter: viewer.feed_filter,
        allowNSFW: seesNsfw(viewer, viewer.allow_nsfw === 1),
        unreadNotifications: await d.notices.unread(viewer.id),
      };
    },
  };
}
