import type { UserGameEntry } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Db } from './db/index';
import type { Database } from './db/schema';
import type { Outbox } from './effects/outbox';
import type { UnitOfWork } from './effects/unit-of-work';
import type { RequestContext, UserRow } from './http/context';
import type { SessionService } from './http/session';
import type { LocaleCode } from './i18n/messages';
import type { Ledger } from './ledger/ledger';
import type { RateLimiter } from './limits/rate-limiter';
import type { Mailer } from './mail/mailer';
import type { VideoPipeline } from './media/video/pipeline';
import type { Bus } from './push/bus';
import type { Effects } from './push/effects';
import type { Hub } from './push/hub';
import type { Presence } from './push/presence';
import type { WebPush } from './push/web-push';

/** The platform services every feature is built from; app.ts wires them once. */
export interface Deps {
  config: Config;
  db: Db;
  bus: Bus;
  hub: Hub;
  /**
   * The one way a write with effects runs: `unitOfWork(async (trx, after) => ...)` collects pushes,
   * Web Push, mail and other after-commit work on `after` (effects/unit-of-work.ts).
   */
  unitOfWork: UnitOfWork;
  /** Durable mail and Web Push, delivered after commit with retries (effects/outbox.ts). */
  outbox: Outbox;
  /** Pushes not tied to a write (typing, presence, job progress): never throws, retried (push/effects.ts). */
  effects: Effects;
  presence: Presence;
  /**
   * Notifications to members' devices when they have no socket (docs/web-push.md). Socket events
   * of messages, friend requests, chat private messages, gifts and profile visits reach it through
   * `effects`; other features collect `after.notify(userIds, notice)` in their unit of work.
   */
  webPush: WebPush;
  limiter: RateLimiter;
  sessions: SessionService;
  setLocaleCookie: (ctx: RequestContext, locale: LocaleCode) => void;
  mailer: Mailer;
  /** Signs links; see http/secret.ts. */
  secret: string;
  /** Feed events other features produce (features/feed/log.ts), so they need not import the feed. */
  feedLog: FeedLog;
  /** The video pipeline: checks uploads, runs transcodes in its job queue (media/video). */
  video: VideoPipeline;
  /** Every gold, gems and love movement (ledger/ledger.ts, docs/ledger.md). */
  ledger: Ledger;
  /** A member's games as a viewer may see them, for User.game on profiles (features/games/players.ts). */
  profileGames: ProfileGames;
}

export interface ProfileGames {
  /** Never throws: a profile shows without its games rather than fail. */
  profileEntries(viewer: UserRow, userId: number): Promise<UserGameEntry[]>;
}

/** A feed event recorded at most once per key (see features/feed/events.ts recordFeedEventOnce). */
export interface KeyedFeedEvent {
  /** FeedEventType. */
  type: number;
  userId: number;
  key: string;
  postId?: number;
  properties?: Record<string, unknown>;
  /** PhotoPrivacy of the event. */
  privacy?: number;
  /** What likes and comments on the event go to (a LikeItemType and id); default the event itself. */
  item?: { type: number; id: number };
  /** Another member the event shows: blocks with them hide it too. */
  aboutId?: number;
  /** Members who get it in their friends feed though not the author's friends. */
  alsoTo?: number[];
  /** Shown by the site's filters only: written into nobody's friends feed. */
  siteOnly?: boolean;
  now?: number;
}

/** A badge (docs/feed-events.md): the verified mark, or a place won in a gift contest. */
export type BadgeEarned =
  | { kind: 'verified'; userId: number; now?: number }
  | { kind: 'contest'; userId: number; contestId: number; name: string; place: number; now?: number };

export interface FeedLog {
  /** Records the event in the caller's transaction unless its key was recorded already. */
  recordOnce(trx: Kysely<Database>, event: KeyedFeedEvent): Promise<number | undefined>;
  /** Removes the event recorded under the key (its action was undone), in the caller's transaction. */
  dropByKey(trx: Kysely<Database>, key: string): Promise<void>;
  /** A badge earned (type 5): once per member and badge, in the caller's transaction. */
  badge(trx: Kysely<Database>, badge: BadgeEarned): Promise<number | undefined>;
  /** A member wrote in a room: a "chatting now" event at most hourly, written after the answer. */
  chatting(userId: number, room: { id: number; name: string; type: number }): void;
}
