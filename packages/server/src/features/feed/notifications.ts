import { LikeItemType, type Notification, NotificationKind, type User } from '@tertulia/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { isLocale, type LocaleCode, type MessageKey, translate } from '../../i18n/messages';
import { NOTICE_TOPIC, wants } from '../../policy/preferences';
import { noBlockWith } from '../people/blocks';
import { noticeSwitches } from './store';

type Row = Selectable<NotificationsTable>;
export interface NewNotification {
  userId: number;
  kind: string;
  actorId: number;
  itemType?: number;
  itemId?: number;
  url?: string;
}

const TEXT: Record<string, MessageKey> = {
  [NotificationKind.LIKE]: 'feed.notice.like',
  [NotificationKind.COMMENT]: 'feed.notice.comment',
  [NotificationKind.GUESTBOOK]: 'feed.notice.guestbook',
  [NotificationKind.BUDDY_ACCEPTED]: 'buddies.acceptedNotice',
  [NotificationKind.RELATIONSHIP_REQUEST]: 'people.relationshipRequestNotice',
  [NotificationKind.RELATIONSHIP_ACCEPTED]: 'people.relationshipAcceptedNotice',
};

/** Where a notification about an item opens (web routes: the spec's pages, our feed page). */
export function itemUrl(type: number, id: number, authorId: number): string {
  if (type === LikeItemType.PHOTO) return `/html/album/photoalbum-view.jsp?postid=${id}&u=${authorId}`;
  if (type === LikeItemType.STATUS) return `/feed?status=${id}&u=${authorId}`;
  return `/html/profile-view.jsp?user=${authorId}`;
}

const textOf = (locale: LocaleCode, kind: string, actorName: string) =>
  translate(locale, TEXT[kind] ?? 'feed.notice.like', { name: actorName });

/** Stored notifications, delivered by push after the writing transaction commits. */
export function notificationService(deps: Pick<Deps, 'db' | 'hub'>) {
  const db = deps.db;

  async function unread(userId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    unread,

    /** Inside the caller's transaction; self-notifications are dropped. Returns the id or undefined. */
    async create(trx: Kysely<Database>, n: NewNotification, now = Date.now()): Promise<number | undefined> {
      if (n.userId === n.actorId) return undefined;
      const topic = NOTICE_TOPIC[n.kind];
      if (topic) {
        // Turned off in settings: neither stored nor pushed.
        const receiver = await noticeSwitches(trx, n.userId);
        if (receiver && !wants(receiver, topic)) return undefined;
      }
      const { id } = await trx
        .insertInto('notifications')
        .values({
          user_id: n.userId,
          kind: n.kind,
          actor_id: n.actorId,
          item_type: n.itemType ?? null,
          item_id: n.itemId ?? null,
          url: n.url ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The `notification` push of stored notifications, in each receiver's language. */
    async deliver(ids: (number | undefined)[]): Promise<void> {
      const wanted = ids.filter((id): id is number => id !== undefined);
      if (!wanted.length) return;
      const rows = await db
        .selectFrom('notifications as n')
        .innerJoin('users as r', 'r.id', 'n.user_id')
        .innerJoin('users as a', 'a.id', 'n.actor_id')
        .select(['n.id', 'n.user_id', 'n.kind', 'n.url', 'r.locale', 'a.name as actorName'])
        .where('n.id', 'in', wanted)
        .execute();
      for (const row of rows) {
        const locale = isLocale(row.locale) ? row.locale : 'es';
        await deps.hub.publish([row.user_id], {
          type: 'notification',
          id: row.id,
          kind: row.kind,
          text: textOf(locale, row.kind, row.actorName),
          url: row.url ?? undefined,
          unreadCount: await unread(row.user_id),
        });
      }
    },

    async list(
      viewer: UserRow,
      p: { page: number; limit: number; unreadOnly?: boolean },
      present: (viewer: UserRow, rows: UserRow[]) => Promise<User[]>,
    ): Promise<Notification[]> {
      let q = db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', viewer.id)
        // Notices from members one blocks (or who block one) are not shown.
        .where((eb) => noBlockWith(eb, viewer.id, 'notifications.actor_id'));
      if (p.unreadOnly) q = q.where('read_at', '=', 0);
      const rows: Row[] = await q
        .orderBy('id', 'desc')
        .offset((p.page - 1) * p.limit)
        .limit(p.limit)
        .execute();
      const actorIds = [...new Set(rows.map((r) => r.actor_id))];
      const actorRows = actorIds.length
        ? await db.selectFrom('users').selectAll().where('id', 'in', actorIds).execute()
        : [];
      const actors = new Map((await present(viewer, actorRows)).map((u) => [u.uid, u]));
      const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
      return rows.map((r) => {
        const actor = actors.get(r.actor_id);
        return {
          id: r.id,
          kind: r.kind,
          text: textOf(locale, r.kind, actor?.name ?? ''),
          url: r.url ?? undefined,
          actor,
          itemType: r.item_type ?? undefined,
          itemId: r.item_id ?? undefined,
          read: r.read_at > 0,
          creationTime: r.created_at,
        };
      });
    },

    async markRead(viewer: UserRow, ids?: number[]): Promise<number> {
      let q = db
        .updateTable('notifications')
        .set({ read_at: Date.now() })
        .where('user_id', '=', viewer.id)
        .where('read_at', '=', 0);
      if (ids?.length) q = q.where('id', 'in', ids);
      await q.execute();
      return unread(viewer.id);
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
