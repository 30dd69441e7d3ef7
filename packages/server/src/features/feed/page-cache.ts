import { type FeedEvent, LikeItemType } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { isLocale } from '../../i18n/messages';
import { seesNsfw } from '../../policy/nsfw';
import { nextPremiumChange } from '../../policy/premium';
import { pageCacheStore } from './page-cache-store';
import { readableUntil } from './readable-time';

/** Rendered first pages kept per instance (least recently used go first). */
export const PAGE_CACHE_MAX = 1000;

/** Larger pages are not kept (the home feed asks for 10). */
export const PAGE_CACHE_LIMIT = 20;

/** Pages served as kept, and renders, in this process (tests show the cache is in play). */
export const PAGE_CACHE_STATS = { hits: 0, renders: 0 };

/** What a rendered page depends on, besides the generation: named so one query can re-check it. */
interface Keys {
  /** The lowest event id on a full page (0 on a short one): inbox rows from it up can change the page. */
  low: number;
  events: number[];
  /** Item ids by LikeItemType (the events' items and the comments shown). */
  items: Map<number, number[]>;
  signature: string;
}

interface Entry {
  keys: Keys;
  /** The stamp read before `page` was rendered; null until a render follows a stamp. */
  stamp: string | null;
  page: FeedEvent[];
  /** The first moment a relative time on the page reads differently. */
  until: number;
}

function keysOf(page: FeedEvent[], limit: number): Keys {
  const events = page.map((e) => e.id ?? 0);
  const items = new Map<number, number[]>();
  const add = (type: number, id: number) => {
    const ids = items.get(type);
    if (ids) ids.push(id);
    else items.set(type, [id]);
  };
  for (const e of page) {
    if (e.likeType !== undefined && e.likeItemId !== undefined) add(e.likeType, e.likeItemId);
    for (const c of e.comments ?? []) if (c.uid !== undefined) add(LikeItemType.COMMENT, c.uid);
  }
  for (const ids of items.values()) ids.sort((a, b) => a - b);
  const low = page.length >= limit ? Math.min(...events) : 0;
  const types = [...items.keys()].sort((a, b) => a - b);
  const signature = `${low}|${events.join(',')}|${types.map((t) => `${t}:${items.get(t)!.join(',')}`).join(';')}`;
  return { low, events, items, signature };
}

/** Where a feed card names members (their VIP star and styling come from their rows). */
const MEMBER_FIELDS = new Set(['user', 'author', 'actor', 'ownerUser', 'authorUser']);

/** The ids of every member a page shows, in any card, comment or attached photo. */
function membersOf(page: FeedEvent[]): number[] {
  const ids = new Set<number>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 6) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    for (const [field, v] of Object.entries(value)) {
      if (MEMBER_FIELDS.has(field) && v && typeof v === 'object' && 'uid' in v) {
        const uid = Number((v as { uid: unknown }).uid);
        if (uid > 0) ids.add(uid);
      }
      walk(v, depth + 1);
    }
  };
  walk(page, 0);
  return [...ids];
}

function untilOf(page: FeedEvent[], now: number): number {
  let until = Number.POSITIVE_INFINITY;
  for (const e of page) {
    if (e.creationTime !== undefined) until = Math.min(until, readableUntil(e.creationTime, now));
    if (e.status?.timestamp !== undefined) until = Math.min(until, readableUntil(e.status.timestamp, now));
  }
  return until;
}

/**
 * Why it exists: the friends feed benchmark (tools/bench/README.md, "News feed") read 673-2,024
 * req/s, 0.10-0.17 of the precomputed-page reference, before this cache, and 0.79-1.13 with it
 * (0.92-0.96 on the quiet machine of session 2, 1.10-1.14 in session 5); the target is 0.8. It
 * answers with its own ready body (routes.ts, Serialized) instead of the envelope's.
 *
 * The friends filter's first page, rendered once and served again while one cheap query says
 * nothing it shows has changed. The stamp is read from the database, so a write made through any
 * instance is seen by every other without messaging:
 * - the generation (feed_generation), raised by triggers on every rare write that can hide or
 *   alter a shown item (migration 008);
 * - how many inbox rows the member has from the page's lowest event up (a new event in the
 *   feed, committed in any order, or an older one brought in by a new friendship);
 * - the sum of item_stats.rev over the page's items and shown comments (likes, unlikes,
 *   comments, uncomments: each raises its item's rev);
 * - how many of the page's events the member marked seen.
 * Each part only grows except through writes that also raise the generation, so an equal stamp
 * means nothing changed since it was read; a page is kept only with a stamp read before it was
 * rendered. Relative times expire the page when the first of them would read differently, and
 * so does the first premium expiry of a member it shows or of the reader (a VIP star ending). The
 * key holds what the page depends on from the reader's row (id, NSFW choice, language).
 */
export function friendsPageCache(db: Kysely<Database>, max = PAGE_CACHE_MAX) {
  const entries = new Map<string, Entry>();
  // The answer's body for a kept page, made once: serving it skips serializing ~10 KB per call.
  // Kept as UTF-8 bytes: a string would be encoded again on every write.
  const bodies = new WeakMap<FeedEvent[], Buffer>();
  const store = pageCacheStore(db);
  const stampOf = (me: number, keys: Keys) => store.stamp(me, keys.low, keys.events, keys.items);

  // Pages this cache handed out (their objects are shared, never changed after rendering).
  const kept = new WeakSet<FeedEvent[]>();
  function keep(key: string, entry: Entry) {
    kept.add(entry.page);
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
  }

  return {
    async firstPage(
      viewer: UserRow,
      limit: number,
      render: () => Promise<FeedEvent[]>,
    ): Promise<FeedEvent[]> {
      const locale = isLocale(viewer.locale) ? viewer.locale : 'es';
      const key = `${viewer.id}|${limit}|${seesNsfw(viewer, viewer.allow_nsfw === 1) ? 1 : 0}|${locale}`;
      const entry = entries.get(key);
      // The stamp for the keys of the page last rendered for this reader, read before rendering.
      const stamp = entry ? await stampOf(viewer.id, entry.keys) : null;
      const now = Date.now();
      if (entry && stamp !== null && stamp === entry.stamp && now < entry.until) {
        keep(key, entry);
        PAGE_CACHE_STATS.hits++;
        return entry.page;
      }
      PAGE_CACHE_STATS.renders++;
      const page = await render();
      if (!page.length) {
        entries.delete(key);
        return page;
      }
      const keys = keysOf(page, limit);
      // Kept with the stamp only if it covers the same ids as the page rendered after it;
      // otherwise the next call reads a stamp for these keys and renders again.
      const same = entry !== undefined && entry.keys.signature === keys.signature;
      // A VIP (or a premium feature) ending changes cards by time alone, with no write for the
      // stamp to see: the page is kept no later than the first such expiry of anyone it shows,
      // the reader included (ads follow the reader's premium).
      let until = Math.min(untilOf(page, now), nextPremiumChange(viewer, now));
      for (const face of await store.premiumFaces(membersOf(page))) {
        until = Math.min(until, nextPremiumChange(face, now));
      }
      keep(key, { keys, stamp: same ? stamp : null, page, until });
      return page;
    },

    /**
     * The JSON body of the answer `{"FeedEvent": page}` for a page this cache returned (what the
     * contract route would serialize), made once per kept page; undefined for any other list.
     */
    body(page: FeedEvent[], name: string): Buffer | undefined {
      let body = bodies.get(page);
      if (body === undefined) {
        if (!kept.has(page)) return undefined;
        body = Buffer.from(JSON.stringify({ [name]: page }));
        bodies.set(page, body);
      }
      return body;
    },

    /** Drops every kept page (tests). */
    clear() {
      entries.clear();
    },
    size: () => entries.size,
  };
}

export type FriendsPageCache = ReturnType<typeof friendsPageCache>;
