import { LikeItemType, type Notification, NotificationKind, type User } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { isLocale, type LocaleCode, type MessageKey, translate } from '../../i18n/messages';
import { NOTICE_TOPIC, wants } from '../../policy/preferences';
import { noticeStore } from './store';

/**
 * Stored notices ("X liked your post") and their `notification` push. Any feature notifies here
 * (feed, buddies, people): the notice is written in the caller's transaction, with the write it
 * is about, and pushed after commit through deps.effects (docs/architecture.md, "Effects after
 * commit"). This folder imports no other feature, so none of them runs in a circle through it.
 */
export interface NewNotification {
  userId: number;
  kind: NotificationKind | string;
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
  [NotificationKind.GIFT_RECEIVED]: 'gifts.notice',
  [NotificationKind.REPORT_ACTED]: 'notice.reportActed',
  [NotificationKind.MODERATION_WARNING]: 'notice.moderationWarning',
  [NotificationKind.CONTEST_WON]: 'rewards.contestWonNotice',
  [NotificationKind.CONTEST_CANCELLED]: 'rewards.contestCancelledNotice',
};

/** A like of a story says so ("...le gusta tu historia"); other likes speak of a post. */
const textKey = (kind: string, itemType?: number | null): MessageKey =>
  kind === NotificationKind.LIKE && itemType === LikeItemType.STORY
    ? 'story.notice.like'
    : (TEXT[kind] ?? 'feed.notice.like');

const textOf = (locale: LocaleCode, kind: string, actorName: string, itemType?: number | null) =>
  translate(locale, textKey(kind, itemType), { name: actorName });

const localeOf = (code: string) => (isLocale(code) ? code : 'es');

/**
 * Stores a notice inside the caller's transaction `trx`. Self-notices are dropped, and so are
 * those the receiver turned off in settings (neither stored nor pushed). Returns the id to hand
 * to `deliver` after commit, or undefined.
 */
export async function notify(
  trx: Kysely<Database>,
  n: NewNotification,
  now = Date.now(),
): Promise<number | undefined> {
  if (n.userId === n.actorId) return undefined;
  const store = noticeStore(trx);
  const topic = NOTICE_TOPIC[n.kind];
  if (topic) {
    const receiver = await store.switchesOf(n.userId);
    if (receiver && !wants(receiver, topic)) return undefined;
  }
  return store.insert({ ...n, createdAt: now });
}

/** Drops the notices about an item, in the transaction deleting it (they would lead nowhere). */
export function dropNoticesAbout(trx: Kysely<Database>, itemType: number, itemId: number): Promise<void> {
  return noticeStore(trx).dropAbout(itemType, itemId);
}

/** The notices' calls: store (notify), push after commit (deliver), list, count, mark read. */
export function notificationService(deps: Pick<Deps, 'db' | 'effects'>) {
  const store = noticeStore(deps.db);

  return {
    unread: (userId: number) => store.unread(userId),

    /** notify(), for callers holding the service. */
    create: notify,

    /**
     * The `notification` push of stored notices, in each receiver's language, issued after the
     * caller's commit. The push itself never fails the request (deps.effects retries it).
     */
    async deliver(ids: (number | undefined)[]): Promise<void> {
      const wanted = ids.filter((id): id is number => id !== undefined);
      if (!wanted.length) return;
      try {
        for (const row of await store.forPush(wanted)) {
          deps.effects.publish([row.user_id], {
            type: 'notification',
            id: row.id,
            kind: row.kind,
            text: textOf(localeOf(row.locale), row.kind, row.actorName, row.item_type),
            url: row.url ?? undefined,
            unreadCount: await store.unread(row.user_id),
          });
        }
      } catch {
        // The notices are committed: a failed read here costs only the live push, and the
        // receiver finds them from the API (docs/architecture.md, "Effects after commit").
      }
    },

    /** A page of the viewer's notices; `present` draws the actors (the people feature's view). */
    async list(
      viewer: UserRow,
      p: { page: number; limit: number; unreadOnly?: boolean },
      present: (viewer: UserRow, rows: UserRow[]) => Promise<User[]>,
    ): Promise<Notification[]> {
      const rows = await store.list(viewer.id, {
        offset: (p.page - 1) * p.limit,
        limit: p.limit,
        unreadOnly: p.unreadOnly,
      });
      const actorRows = await store.membersByIds([...new Set(rows.map((r) => r.actor_id))]);
      const actors = new Map((await present(viewer, actorRows)).map((u) => [u.uid, u]));
      const locale = localeOf(viewer.locale);
      return rows.map((r) => {
        const actor = actors.get(r.actor_id);
        return {
          id: r.id,
          kind: r.kind,
          text: textOf(locale, r.kind, actor?.name ?? '', r.item_type),
          url: r.url ?? undefined,
          actor,
          itemType: r.item_type ?? undefined,
          itemId: r.item_id ?? undefined,
          read: r.read_at > 0,
          creationTime: r.created_at,
        };
      });
    },

    /** Marks the given notices (all when none given) read; answers the unread count left. */
    async markRead(viewer: UserRow, ids?: number[]): Promise<number> {
      await store.markRead(viewer.id, ids, Date.now());
      return store.unread(viewer.id);
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
