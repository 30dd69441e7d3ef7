import { type PushEvent, type PushKind, PushLimits } from '@tertulia/contract';
import type { PushSettingsTable } from '../db/schema';
import type { LocaleCode } from '../i18n/messages';
import type { RateLimiter } from '../limits/rate-limiter';
import { showsPreview, wantsPush } from '../policy/push-preferences';
import type { Presence } from './presence';
import type { PushSender } from './push-sender';

/**
 * A notification for members' devices (docs/web-push.md). Features other than messaging, buddies
 * and chat (gifts, photos, stories, live) build one and call `deps.webPush.notify(userIds, notice)`
 * after their write committed.
 */
export interface PushNotice {
  kind: PushKind;
  /** Notices with the same key replace each other (one per conversation, room, sender): [A-Za-z0-9_-]{1,32}. */
  collapseKey: string;
  /** The page a click opens: a path of this site. */
  url: string;
  /** Who caused it: they never get it, nor does anyone who blocked them or whom they blocked. */
  fromId?: number;
  /** Per language: the title, a body that says what happened, and the content itself (shown only to members who allow previews). */
  text: Record<LocaleCode, { title: string; body: string; preview?: string }>;
  icon?: string;
}

/** What the service worker receives (packages/web/src/sw/push.ts shows it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: PushKind;
  icon?: string;
  lang: LocaleCode;
  timestamp: number;
}

/** A member's Web Push switches (features/web-push/store.ts keeps them). */
export type PushSettingsRow = { [K in Exclude<keyof PushSettingsTable, 'user_id'>]: number };

/** A subscription a push may go to, with what the decision needs about its member. */
export interface PushTarget extends PushSettingsRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  star: number;
  /** The premium expiries policy/premium.ts reads (who viewed me is a premium perk). */
  vip_until: number;
  no_ads_until: number;
  who_viewed_until: number;
  im_status_until: number;
  share_love_until: number;
}

/** Where the devices come from (the web-push feature's store, wired in app.ts). */
export interface PushTargets {
  targets(userIds: number[], now: number): Promise<PushTarget[]>;
  removeIds(ids: number[]): Promise<void>;
}

interface Blocks {
  blockedAmong(me: number, ids: number[]): Promise<Set<number>>;
  blockersAmong(me: number, ids: number[]): Promise<Set<number>>;
}

export interface WebPushOptions {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  store: PushTargets;
  sender: PushSender;
  presence: Presence;
  limiter: RateLimiter;
  graph: Blocks;
  concurrency: number;
  /** Per member per minute, and the quiet time of one conversation (config.push). */
  limits?: { perMinute: number; collapseMs: number };
  /** Which socket events become notifications (features/web-push/from-events.ts). */
  fromEvent?: (event: PushEvent) => PushNotice | undefined;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
  /** Jobs waiting at most; past it new ones are dropped (a notification is never the only copy). */
  maxQueued?: number;
}

const PREVIEW_MAX = 140;
const clip = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text);
const URGENT = new Set<string>(['messages', 'chatPrivateMessages']);

/**
 * Delivery to devices of members with no open socket on any instance, after commit. Nothing here
 * is awaited by a request: `notify` queues a job and returns; failures are logged, never thrown.
 */
export function createWebPush(o: WebPushOptions) {
  const now = o.now ?? Date.now;
  const maxQueued = o.maxQueued ?? 50_000;
  const limits = o.limits ?? { perMinute: PushLimits.PER_MINUTE, collapseMs: PushLimits.COLLAPSE_MS };
  const jobs: (() => Promise<void>)[] = [];
  const trailing = new Map<string, { notice: PushNotice; timer: NodeJS.Timeout }>();
  const idle: (() => void)[] = [];
  let running = 0;
  let closed = false;
  const stats = { sent: 0, gone: 0, failed: 0, collapsed: 0, limited: 0 };

  function enqueue(job: () => Promise<void>) {
    if (closed) return;
    if (jobs.length >= maxQueued) {
      o.log?.warn({ queued: jobs.length }, 'web push dropped: queue full');
      return;
    }
    jobs.push(job);
    pump();
  }

  function pump() {
    while (running < o.concurrency && jobs.length) {
      const job = jobs.shift()!;
      running++;
      job()
        .catch((error) => o.log?.warn({ error: String(error) }, 'web push failed'))
        .finally(() => {
          running--;
          pump();
          if (running === 0 && jobs.length === 0) for (const resolve of idle.splice(0)) resolve();
        });
    }
  }

  function payloadFor(target: PushTarget, notice: PushNotice): string {
    const locale = (target.locale in notice.text ? target.locale : 'es') as LocaleCode;
    const text = notice.text[locale];
    const preview = text.preview && showsPreview(target) ? clip(text.preview) : undefined;
    const payload: PushPayload = {
      title: text.title,
      body: preview ?? text.body,
      url: notice.url,
      tag: notice.collapseKey,
      kind: notice.kind,
      icon: notice.icon,
      lang: locale,
      timestamp: now(),
    };
    return JSON.stringify(payload);
  }

  async function sendTo(target: PushTarget, notice: PushNotice) {
    const outcome = await o.sender
      .send(target, payloadFor(target, notice), {
        topic: notice.collapseKey,
        urgency: URGENT.has(notice.kind) ? 'high' : 'normal',
      })
      .catch(() => 'failed' as const);
    stats[outcome]++;
    if (outcome === 'gone') await o.store.removeIds([target.id]);
  }

  /** One member's devices, once the quiet time of this conversation and the member's rate allow. */
  async function toMember(userId: number, devices: PushTarget[], notice: PushNotice, afterQuiet: boolean) {
    if (!wantsPush(devices[0], notice.kind)) return;
    if (!afterQuiet) {
      const quiet = await o.limiter.hit(`push:c:${userId}:${notice.collapseKey}`, 1, limits.collapseMs);
      if (!quiet.allowed) {
        // Within the quiet time: the newest notice goes out once it ends, replacing the earlier one.
        holdUntilQuiet(userId, notice, quiet.retryAfterMs);
        return;
      }
    }
    const rate = await o.limiter.hit(`push:m:${userId}`, limits.perMinute, 60_000);
    if (!rate.allowed) {
      stats.limited++;
      return;
    }
    for (const device of devices) enqueue(() => sendTo(device, notice));
  }

  function holdUntilQuiet(userId: number, notice: PushNotice, waitMs: number) {
    const key = `${userId}:${notice.collapseKey}`;
    const held = trailing.get(key);
    stats.collapsed++;
    if (held) {
      held.notice = notice;
      return;
    }
    const timer = setTimeout(() => {
      const latest = trailing.get(key)!.notice;
      trailing.delete(key);
      enqueue(() => deliver([userId], latest, true));
    }, waitMs);
    timer.unref();
    trailing.set(key, { notice, timer });
  }

  async function deliver(userIds: number[], notice: PushNotice, afterQuiet = false) {
    const online = await o.presence.sources(userIds);
    let offline = userIds.filter((id) => !online.has(id));
    if (offline.length && notice.fromId !== undefined) {
      const [blocked, blockers] = await Promise.all([
        o.graph.blockedAmong(notice.fromId, offline),
        o.graph.blockersAmong(notice.fromId, offline),
      ]);
      offline = offline.filter((id) => !blocked.has(id) && !blockers.has(id));
    }
    if (offline.length === 0) return;
    const byMember = new Map<number, PushTarget[]>();
    for (const target of await o.store.targets(offline, now())) {
      const list = byMember.get(target.user_id) ?? [];
      list.push(target);
      byMember.set(target.user_id, list);
    }
    await Promise.all(
      [...byMember].map(([userId, devices]) => toMember(userId, devices, notice, afterQuiet)),
    );
  }

  const self = {
    publicKey: o.publicKey,
    checkEndpoint: (endpoint: string) => o.sender.checkEndpoint(endpoint),

    /** Queue a notification for these members' devices; returns at once, never throws. */
    notify(userIds: number[], notice: PushNotice): void {
      const ids = [...new Set(userIds)].filter((id) => id !== notice.fromId);
      if (ids.length && !closed) enqueue(() => deliver(ids, notice));
    },

    /**
     * The outbox's delivery (effects/outbox.ts): the same as `notify`, but awaited, and it throws
     * when presence, the subscriptions or the limiter cannot be reached, so the row is tried again.
     */
    async deliverNow(userIds: number[], notice: PushNotice): Promise<void> {
      const ids = [...new Set(userIds)].filter((id) => id !== notice.fromId);
      if (ids.length && !closed) await deliver(ids, notice);
    },

    /** The notice a socket event deserves for members without a socket, if any (never throws). */
    noticeOf(event: PushEvent): PushNotice | undefined {
      try {
        return o.fromEvent?.(event);
      } catch (error) {
        o.log?.warn({ error: String(error) }, 'web push: event not understood');
        return undefined;
      }
    },

    /** The effects hook: a socket event that members offline should hear about. */
    consider(userIds: number[], event: PushEvent): void {
      try {
        const notice = self.noticeOf(event);
        if (notice) self.notify(userIds, notice);
      } catch (error) {
        o.log?.warn({ error: String(error) }, 'web push: event not understood');
      }
    },

    stats: () => ({ ...stats, queued: jobs.length, running, held: trailing.size }),

    /** Resolves when nothing is queued or being sent (tests, the benchmark, shutdown). */
    settled(): Promise<void> {
      if (running === 0 && jobs.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },

    async close(): Promise<void> {
      for (const held of trailing.values()) clearTimeout(held.timer);
      trailing.clear();
      await self.settled();
      closed = true;
      await o.sender.close();
    },
  };
  return self;
}
export type WebPush = ReturnType<typeof createWebPush>;
