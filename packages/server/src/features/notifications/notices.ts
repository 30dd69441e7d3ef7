import { LikeItemType, type Notification, NotificationKind, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { isLocale, type LocaleCode, type MessageKey, translate } from '../../i18n/messages';
import { notify } from './notify';
import { noticeStore } from './store';

// The notices' use cases (list, count, mark read, push after commit); recording one is notify.ts.

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
  [NotificationKind.STREET_WARS]: 'calles.notice',
};

/** A like of a story says so ("...le gusta tu historia"); other likes speak of a post. */
const textKey = (kind: string, itemType?: number | null): MessageKey =>
  kind === NotificationKind.LIKE && itemType === LikeItemType.STORY
    ? 'story.notice.like'
    : (TEXT[kind] ?? 'feed.notice.like');

const textOf = (locale: LocaleCode, kind: string, actorName: string, itemType?: number | null) =>
  translate(locale, textKey(kind, itemType), { name: actorName });

const localeOf = (code: string) => (isLocale(code) ? code : 'es');

/** The notices' calls: store (notify), push after commit (deliver), list, count, mark read. */
export function notificationUseCases(deps: Pick<Deps, 'db' | 'effects'>) {
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

export type NotificationUseCases = ReturnType<typeof notificationUseCases>;
