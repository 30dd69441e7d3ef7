import { describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../http/session-cache';
import type { Bus, BusMessage } from './bus';
import { shareMemberChanges } from './member-changes';

/** A Redis-like bus between `instances` subscribers, delivered on the next tick; some may be deaf. */
function fakeRedisBus(instances: number, deaf = 0) {
  const handlers: ((message: BusMessage) => void)[] = [];
  const bus: Bus = {
    redis: {} as never,
    async publish(message) {
      setImmediate(() => {
        for (const handler of handlers.slice(0, instances - deaf)) handler(message);
      });
      return instances;
    },
    subscribe: (handler) => handlers.push(handler),
    async ping() {},
    async close() {},
  };
  return bus;
}

const entry = (userId: number, idHash: string) => ({
  idHash,
  user: { id: userId } as never,
  expiresAt: Number.MAX_SAFE_INTEGER,
  readAt: 0,
});

describe('member changes across instances', () => {
  it('drops the entry on every instance before the write may answer', async () => {
    const bus = fakeRedisBus(2);
    const [a, b] = [new SessionCache(), new SessionCache()];
    const log = () => ({ warn: vi.fn(), error: vi.fn() }) as never;
    const tellA = shareMemberChanges(bus, a, log);
    shareMemberChanges(bus, b, log);
    a.set(entry(7, 'on-a'));
    b.set(entry(7, 'on-b'));
    const done = tellA({ userIds: [7], sessionHashes: [] });
    expect(a.get('on-a')).toBeUndefined();
    expect(b.get('on-b')).toBeDefined();
    await done;
    expect(b.get('on-b')).toBeUndefined();
  });

  it('waits for an instance that does not answer no longer than a second, and says so', async () => {
    const bus = fakeRedisBus(2, 1);
    const warn = vi.fn();
    const tell = shareMemberChanges(bus, new SessionCache(), () => ({ warn, error: vi.fn() }) as never);
    shareMemberChanges(bus, new SessionCache(), () => ({ warn, error: vi.fn() }) as never);
    const started = Date.now();
    await tell({ all: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(warn).toHaveBeenCalled();
  });

  it('tells nobody and waits for nothing on one instance (the local bus)', () => {
    const cache = new SessionCache();
    cache.set(entry(1, 'x'));
    const bus = { ...fakeRedisBus(1), redis: undefined };
    expect(shareMemberChanges(bus, cache, () => ({}) as never)({ all: true })).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
