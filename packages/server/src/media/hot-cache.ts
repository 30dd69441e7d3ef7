import { Readable } from 'node:stream';
import type { Bus } from '../push/bus';
import type { MediaStore } from './store-api';

/** Names whose bytes never change (random keys): photo originals and their rendered sizes. */
const IMMUTABLE = /^(orig|cache)\//;
const MAX_OBJECT = 2 * 1024 * 1024;
/** How long a cached entry is trusted if its removal's message was lost on the way. */
export const HOT_CACHE_TTL_MS = 60_000;

export interface HotCacheOptions {
  maxBytes: number;
  /** How long an entry is trusted without hearing of its removal (a lost invalidation's bound). */
  ttlMs: number;
  now?: () => number;
}

export interface HotCachedStore extends MediaStore {
  /** Drops cached names (exact, or a prefix ending in '/'); told by other instances' removals. */
  forget(names: string[]): void;
  /** Drops everything (the bus reconnected: removals may have been missed). */
  forgetAll(): void;
  /** Called with every name this instance removes, to tell the other instances (app.ts: the bus). */
  onRemove?: (name: string) => void;
}

/**
 * A per-instance memory cache in front of a remote store (docs/media-storage.md): photo originals
 * and sizes up to 2 MB, least recently used first out. Only immutable names are kept, so an entry
 * can only be stale by having been removed: removals here drop it at once, removals elsewhere
 * arrive over the bus, and every entry expires after `ttlMs` in case one was lost.
 */
export function withHotCache(inner: MediaStore, options: HotCacheOptions): HotCachedStore {
  const now = options.now ?? Date.now;
  // Map order is the LRU order: a hit is moved to the end.
  const entries = new Map<string, { data: Buffer; at: number }>();
  let bytes = 0;
  // Names known to exist (a `has` answered yes), without their bytes: a size's read checks its original.
  const present = new Map<string, number>();
  const MAX_PRESENT = 100_000;

  const drop = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    bytes -= entry.data.length;
  };
  const forget = (names: string[]) => {
    for (const name of names) {
      if (!name.endsWith('/')) {
        drop(name);
        present.delete(name);
        continue;
      }
      for (const key of [...entries.keys()]) if (key.startsWith(name)) drop(key);
      for (const key of [...present.keys()]) if (key.startsWith(name)) present.delete(key);
    }
  };
  const cached = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    if (now() - entry.at > options.ttlMs) {
      drop(name);
      return undefined;
    }
    entries.delete(name);
    entries.set(name, entry);
    return entry.data;
  };
  const keep = (name: string, data: Buffer) => {
    if (!IMMUTABLE.test(name) || data.length > MAX_OBJECT || data.length > options.maxBytes) return;
    drop(name);
    entries.set(name, { data, at: now() });
    bytes += data.length;
    for (const [oldest] of entries) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  };
  const load = async (name: string) => {
    const hit = cached(name);
    if (hit || !IMMUTABLE.test(name)) return hit;
    const size = await inner.size(name);
    if (size === undefined || size > MAX_OBJECT) return undefined;
    const data = await inner.get(name);
    if (data) keep(name, data);
    return data;
  };

  const store: HotCachedStore = {
    kind: inner.kind,
    async put(name, data) {
      await inner.put(name, data);
      keep(name, Buffer.from(data));
    },
    putFile: (name, file) => inner.putFile(name, file),
    async get(name) {
      const hit = cached(name);
      if (hit) return hit;
      const data = await inner.get(name);
      if (data) keep(name, data);
      return data;
    },
    async size(name) {
      return cached(name)?.length ?? inner.size(name);
    },
    async stream(name, range) {
      const data = await load(name);
      if (!data) return inner.stream(name, range);
      const part = range ? data.subarray(range.start, Math.min(range.end, data.length - 1) + 1) : data;
      return { body: Readable.from([part]), length: part.length };
    },
    download: (name, file) => inner.download(name, file),
    async has(name) {
      if (cached(name) !== undefined) return true;
      const seen = present.get(name);
      if (seen !== undefined && now() - seen <= options.ttlMs) return true;
      const found = await inner.has(name);
      if (found && IMMUTABLE.test(name)) {
        if (present.size >= MAX_PRESENT) present.delete(present.keys().next().value as string);
        present.set(name, now());
      }
      return found;
    },
    async remove(name) {
      forget([name]);
      await inner.remove(name);
      // After the removal: another instance that reloads on hearing it finds nothing.
      forget([name]);
      store.onRemove?.(name);
    },
    list: (prefix) => inner.list(prefix),
    signedUrl: inner.signedUrl?.bind(inner),
    forget,
    forgetAll() {
      entries.clear();
      present.clear();
      bytes = 0;
    },
  };
  return store;
}

/**
 * Tells every instance of this instance's removals over the bus, and forgets what the others
 * remove. A bus that reconnected may have missed some: everything is forgotten then.
 */
export function shareRemovals(store: HotCachedStore, bus: Bus) {
  store.onRemove = (name) => {
    bus.publish({ kind: 'media-removed', names: [name] }).catch(() => {});
  };
  bus.subscribe((message) => {
    if (message.kind === 'media-removed') store.forget(message.names);
    else if (message.kind === 'members' && message.change.all) store.forgetAll();
  });
}
