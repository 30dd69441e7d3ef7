import type { Redis } from 'ioredis';

export type OnlineSource = 'Web' | 'Mobile' | 'iphoneApp' | 'androidApp';

/**
 * Which members have a live socket, and from where, across every instance. Each connection
 * is a field refreshed by its heartbeat; a field not refreshed within STALE_MS (an instance
 * that died) no longer counts.
 */
export interface Presence {
  connected(userId: number, connectionId: string, source: OnlineSource): Promise<void>;
  refresh(userId: number, connectionId: string, source: OnlineSource): Promise<void>;
  disconnected(userId: number, connectionId: string): Promise<void>;
  /** Online members among these, with their most recent source. */
  sources(userIds: number[]): Promise<Map<number, OnlineSource>>;
  /** Members with a live socket anywhere, most recently seen first (for "who is online" lists). */
  onlineUserIds(max: number): Promise<number[]>;
}

export const STALE_MS = 90_000;

type Entry = { source: OnlineSource; seen: number };

function newest(entries: Iterable<Entry>, now: number): OnlineSource | undefined {
  let best: Entry | undefined;
  for (const e of entries) if (now - e.seen < STALE_MS && (!best || e.seen > best.seen)) best = e;
  return best?.source;
}

export function localPresence(now = () => Date.now()): Presence {
  const users = new Map<number, Map<string, Entry>>();
  const set = async (userId: number, connectionId: string, source: OnlineSource) => {
    const conns = users.get(userId) ?? new Map<string, Entry>();
    users.set(userId, conns);
    conns.set(connectionId, { source, seen: now() });
  };
  return {
    connected: set,
    refresh: set,
    async disconnected(userId, connectionId) {
      const conns = users.get(userId);
      conns?.delete(connectionId);
      if (conns?.size === 0) users.delete(userId);
    },
    async onlineUserIds(max) {
      const t = now();
      const seen: [number, number][] = [];
      // A plain loop: friend lists ask this on every page (features/buddies), for every member online.
      for (const [id, conns] of users) {
        let last = -1;
        for (const e of conns.values()) if (t - e.seen < STALE_MS && e.seen > last) last = e.seen;
        if (last >= 0) seen.push([id, last]);
      }
      return seen
        .sort((a, b) => b[1] - a[1])
        .slice(0, max)
        .map(([id]) => id);
    },
    async sources(userIds) {
      const out = new Map<number, OnlineSource>();
      const t = now();
      for (const id of userIds) {
        const source = newest(users.get(id)?.values() ?? [], t);
        if (source) out.set(id, source);
      }
      return out;
    },
  };
}

export function redisPresence(redis: Redis, now = () => Date.now(), prefix = 'tertulia:presence:'): Presence {
  const onlineKey = `${prefix}online`;
  const set = async (userId: number, connectionId: string, source: OnlineSource) => {
    const key = prefix + userId;
    const t = now();
    await redis
      .multi()
      .hset(key, connectionId, `${source}|${t}`)
      .pexpire(key, STALE_MS * 2)
      .zadd(onlineKey, t, String(userId))
      .exec();
  };
  return {
    connected: set,
    refresh: set,
    async disconnected(userId, connectionId) {
      await redis.hdel(prefix + userId, connectionId);
      if ((await redis.hlen(prefix + userId)) === 0) await redis.zrem(onlineKey, String(userId));
    },
    async onlineUserIds(max) {
      const t = now();
      // Members whose every socket died with its instance drop out here after STALE_MS.
      await redis.zremrangebyscore(onlineKey, '-inf', t - STALE_MS);
      const ids = await redis.zrevrangebyscore(onlineKey, '+inf', t - STALE_MS, 'LIMIT', 0, max);
      return ids.map(Number);
    },
    async sources(userIds) {
      const out = new Map<number, OnlineSource>();
      if (userIds.length === 0) return out;
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.hgetall(prefix + id);
      const results = (await pipeline.exec()) ?? [];
      const t = now();
      results.forEach(([, fields], i) => {
        const entries = Object.values((fields ?? {}) as Record<string, string>).map((v) => {
          const [source, seen] = v.split('|');
          return { source: source as OnlineSource, seen: Number(seen) };
        });
        const source = newest(entries, t);
        if (source) out.set(userIds[i], source);
      });
      return out;
    },
  };
}

/**
 * Redis presence while Redis answers; this instance's own sockets while it does not, so a Redis
 * outage never fails a request that asks who is online (docs/architecture.md, "Outages"). Every
 * change is also kept locally, so the fallback knows this instance's members at once.
 */
export function resilientPresence(shared: Presence, local: Presence = localPresence()): Presence {
  const write =
    <A extends unknown[]>(op: (p: Presence, ...a: A) => Promise<void>) =>
    async (...a: A) => {
      await op(local, ...a);
      await op(shared, ...a).catch(() => {});
    };
  const read =
    <A extends unknown[], R>(op: (p: Presence, ...a: A) => Promise<R>) =>
    (...a: A): Promise<R> =>
      op(shared, ...a).catch(() => op(local, ...a));
  return {
    connected: write((p, id: number, conn: string, source: OnlineSource) => p.connected(id, conn, source)),
    refresh: write((p, id: number, conn: string, source: OnlineSource) => p.refresh(id, conn, source)),
    disconnected: write((p, id: number, conn: string) => p.disconnected(id, conn)),
    sources: read((p, ids: number[]) => p.sources(ids)),
    onlineUserIds: read((p, max: number) => p.onlineUserIds(max)),
  };
}
