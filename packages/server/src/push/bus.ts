import { EventEmitter } from 'node:events';
import type { PushEvent } from '@tertulia/contract';
import { Redis } from 'ioredis';
import type { MemberChange } from '../db/member-change';

/**
 * What travels between server instances: an event for some members, an end of their sessions,
 * or a change to their rows or sessions (caches drop them: http/session-cache.ts).
 */
export type BusMessage =
  | { kind: 'push'; userIds: number[]; event: PushEvent }
  /**
   * Closes sockets: every one of these members' (but those of the `keep` sessions), and every
   * one tied to these session hashes.
   */
  | { kind: 'disconnect'; userIds: number[]; sessionHashes?: string[]; keep?: string[] }
  | { kind: 'members'; change: MemberChange; origin?: string; seq?: number }
  | { kind: 'members-ack'; origin: string; seq: number }
  /** Media names removed (docs/media-storage.md): instances drop them from their hot cache. */
  | { kind: 'media-removed'; names: string[] };

export interface Bus {
  /** Resolves with how many subscribers (instances, this one included) got it, when the bus knows. */
  publish(message: BusMessage): Promise<number | undefined>;
  subscribe(handler: (message: BusMessage) => void): void;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The Redis client when the bus runs on Redis, for presence and rate limits to share. */
  redis?: Redis;
}

/** One process: delivery is a local call on the next tick. */
export function localBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      queueMicrotask(() => emitter.emit('message', message));
      return undefined;
    },
    subscribe(handler) {
      emitter.on('message', handler);
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Many instances: Redis pub/sub carries every message to every instance, including this one. */
export async function redisBus(url: string, channel = 'tertulia:push'): Promise<Bus> {
  // No offline queue: while Redis is away a command fails at once instead of waiting through
  // reconnects, so requests never hang on it; callers fall back (limits, presence) or retry
  // (push/effects.ts). Both clients reconnect on their own (docs/architecture.md, "Outages").
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: false });
  const sub = new Redis(url, { lazyConnect: true });
  // Reconnection errors are expected during an outage; without listeners ioredis prints each one.
  pub.on('error', () => {});
  sub.on('error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: ((message: BusMessage) => void)[] = [];
  // Connected above, so 'ready' means reconnected: messages published while the subscriber was
  // away are lost, and caches of member rows start over.
  sub.on('ready', () => {
    for (const handler of handlers) handler({ kind: 'members', change: { all: true } });
  });
  sub.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as BusMessage;
    for (const handler of handlers) handler(message);
  });
  await sub.subscribe(channel);
  return {
    redis: pub,
    async publish(message) {
      // Until this instance listens again, a message would be lost for its own members: refuse,
      // so the effects dispatcher keeps it and retries (push/effects.ts).
      if (sub.status !== 'ready') throw new Error('push bus reconnecting');
      return pub.publish(channel, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async ping() {
      await pub.ping();
    },
    async close() {
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
