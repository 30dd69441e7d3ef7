import {
  type Comment,
  type FeedEvent,
  FeedEventType,
  FeedFilter,
  type FeedSettings,
  LikeItemType,
} from '@tertulia/contract';
import type { LikeParams, PostRef } from '../../api/areas/feed';
import { PATHS } from '../../ui/paths';

/** The home feed's tabs (filter 4, one person, lives on profiles). */
export const FEED_TABS = [
  FeedFilter.ALL,
  FeedFilter.NEAR_ME,
  FeedFilter.FRIENDS,
  FeedFilter.TRENDING,
] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** The remembered filter (user/setFeedFilter.do) when it is a home tab; "all" otherwise. */
export function tabOf(settings: Pick<FeedSettings, 'filter'> | undefined): FeedTab {
  const filter = settings?.filter;
  return (FEED_TABS as readonly number[]).includes(filter ?? 0) ? (filter as FeedTab) : FeedFilter.ALL;
}

/** How long pushes are gathered before the first page is asked again for the "N new" pill. */
export const NEW_POSTS_DEBOUNCE_MS = 1500;
/** Seen items are sent in batches (storeSeenEvents takes up to 100 ids). */
export const SEEN_FLUSH_MS = 2000;
export const SEEN_MAX = 100;

/**
 * Items of a fresh first page that the list does not show yet and that are newer than its top:
 * what the "N new posts" pill counts.
 */
export function newItems(shown: readonly FeedEvent[], fresh: readonly FeedEvent[]): FeedEvent[] {
  const ids = new Set(shown.map((e) => e.id));
  const top = shown[0]?.creationTime ?? 0;
  return fresh.filter((e) => !ids.has(e.id) && (e.creationTime ?? 0) >= top);
}

/** NSFW items stay out unless the member opted in (the server hides them too). */
export function visibleEvents(events: readonly FeedEvent[], allowNsfw: boolean): FeedEvent[] {
  const seen = new Set<number | undefined>();
  return events.filter((e) => {
    // Pages never overlap by cursor, but a refetch racing a new item could: one card per id.
    if (seen.has(e.id)) return false;
    seen.add(e.id);
    return allowNsfw || !e.isNSFW;
  });
}

/** Where the in-feed ad (feed event 25) goes: after this many events, or after the last of fewer. */
export const AD_AFTER = 3;

/**
 * The events with the in-feed ad's slot among them when ads show (app/ads/showAds.ts). The slot
 * is a feed event of type AD with a fixed negative id: one per feed, never counted as seen.
 */
export function withAdSlot(events: FeedEvent[], ads: boolean): FeedEvent[] {
  if (!ads || events.length === 0) return events;
  const at = Math.min(AD_AFTER, events.length);
  return [
    ...events.slice(0, at),
    { id: -FeedEventType.AD, type: FeedEventType.AD } as FeedEvent,
    ...events.slice(at),
  ];
}

/** Only the owner deletes an event; the server says so in `deletable`. */
export function mayDeleteEvent(event: FeedEvent, me: number): boolean {
  return event.deletable ?? event.userId === me;
}

/** A comment goes by its author or by the post's author. */
export function mayDeleteComment(comment: Comment, event: Pick<FeedEvent, 'userId'>, me: number): boolean {
  return comment.deletable ?? (comment.author?.uid === me || event.userId === me);
}

/** What the like button of an event likes: its item (status, photo) or the event itself. */
export function likeParams(event: FeedEvent): LikeParams | null {
  const itemId = event.likeItemId ?? event.id;
  if (!itemId || !event.userId) return null;
  return { type: event.likeType ?? LikeItemType.EVENT, itemId, authorUserId: event.userId };
}

/** Where comments on an event go (statuses and photos), or null when it takes none. */
export function postOf(event: FeedEvent): PostRef | null {
  if (!event.commentable || !event.userId) return null;
  const isPhoto = event.likeType === LikeItemType.PHOTO;
  const postId = isPhoto ? (event.photo?.uid ?? event.postId) : (event.status?.id ?? event.postId);
  if (!postId) return null;
  return { isPhoto, postId, authorUserId: event.userId };
}

/** A shareable link: a status's own page (where its notifications lead too), else the author's profile. */
export function sharePath(event: FeedEvent): string {
  const status = event.type === FeedEventType.STATUS_UPDATE ? (event.status?.id ?? event.postId) : undefined;
  if (status && event.userId) return statusPath(status, event.userId);
  return PATHS.profile(event.userId ?? 0);
}

/** The status page (statusRoute): the server's notification links use the same shape. */
export const statusPath = (statusId: number, authorId: number) => `/feed?status=${statusId}&u=${authorId}`;

/** The headline text key of an event type (the generic one for the types without their own). */
const HEADLINE_TYPES: readonly number[] = [
  FeedEventType.STATUS_UPDATE,
  FeedEventType.PHOTO_UPLOAD,
  FeedEventType.BIRTHDAY,
  FeedEventType.NEW_USERS_NEAR_ME,
  FeedEventType.PROFILE_PHOTO_SET,
  FeedEventType.BLOG,
  FeedEventType.BUDDY_ACCEPTED,
  FeedEventType.RELATIONSHIP_ACCEPTED,
  FeedEventType.FORUM,
  FeedEventType.SONG,
  FeedEventType.VIDEO,
  FeedEventType.GUESTBOOK,
  FeedEventType.LIKE_STATUS,
  FeedEventType.LIKE_PHOTO,
  FeedEventType.LIKE_COMMENT,
  FeedEventType.LIKE_EVENT,
  FeedEventType.PREMIUM_ACQUIRED,
  FeedEventType.AD,
  FeedEventType.DAILY_SPIN_PRIZE,
  FeedEventType.GIFT_RECEIVED,
  FeedEventType.REALTIME_CHAT,
  FeedEventType.GAME_100,
  FeedEventType.GAME_101,
  FeedEventType.GAME_102,
  FeedEventType.GAME_103,
  FeedEventType.LIVE_301,
  FeedEventType.LIVE_302,
  FeedEventType.LIVE_303,
  FeedEventType.LIVE_304,
  FeedEventType.REALTIME_GAME,
  FeedEventType.STREET_WARS_BATTLE_JOINED,
  FeedEventType.STREET_WARS_BATTLE_WON,
  // Live (docs/feed-events.md): went live, ended, received gifts live, a viewer milestone.
  FeedEventType.LIVE_301,
  FeedEventType.LIVE_302,
  FeedEventType.LIVE_303,
  FeedEventType.LIVE_304,
];
/**
 * Every type of the spec has its own line (a test walks them all): the generic line is left for a
 * type a newer server sends that this client does not know yet.
 */
export function headlineKey(type: number | undefined, badge?: { kind?: string }): `feed.event.${string}` {
  if (type === FeedEventType.BADGE)
    return badge?.kind === 'contest' ? 'feed.event.5.contest' : 'feed.event.5';
  if (type && HEADLINE_TYPES.includes(type)) return `feed.event.${type}`;
  if (type === FeedEventType.BACKSTAGE_PHOTO) return 'feed.event.2';
  return 'feed.event.other';
}

/** The badge after a `notification` push: the server's count when it sends one, else one more. */
export function unreadAfterPush(current: number | undefined, pushed: number | undefined): number {
  return pushed ?? (current ?? 0) + 1;
}

/**
 * Gathers the ids of unseen items as they scroll into view and sends them in batches, so a
 * fast scroll costs one storeSeenEvents call, not one per card.
 */
export class SeenQueue {
  private pending = new Set<number>();
  private sent = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private send: (ids: number[]) => Promise<unknown>,
    private delay = SEEN_FLUSH_MS,
  ) {}

  add(id: number): void {
    if (this.sent.has(id) || this.pending.has(id)) return;
    this.pending.add(id);
    if (this.pending.size >= SEEN_MAX) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delay);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending].slice(0, SEEN_MAX);
    if (ids.length === 0) return;
    for (const id of ids) {
      this.pending.delete(id);
      this.sent.add(id);
    }
    // Seen marks are best effort: a failure leaves the items "new" next time, nothing more.
    this.send(ids).catch(() => undefined);
    if (this.pending.size > 0) this.timer = setTimeout(() => this.flush(), this.delay);
  }
}
