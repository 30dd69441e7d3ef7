import type { PushEvent } from '@tertulia/contract';

/** What the dispatcher needs of the hub: one publish to some members, which may fail. */
interface Publisher {
  publish(userIds: number[], event: PushEvent): Promise<void>;
}

interface Pending {
  userIds: number[];
  event: PushEvent;
  attempts: number;
}

export interface EffectsOptions {
  /** Deliveries kept for retry at most; past it the oldest is dropped (its state is in the database). */
  maxPending?: number;
  /** First retry delay; each failed round doubles it up to maxDelayMs. */
  retryMs?: number;
  maxDelayMs?: number;
  onDrop?: (reason: string, pending: number) => void;
  /**
   * Also told of every publish, at once and without waiting: Web Push reaches the members among
   * `userIds` who have no socket (push/web-push.ts). It must not throw.
   */
  observe?: (userIds: number[], event: PushEvent) => void;
}

/**
 * The one way features deliver a push after their write committed (docs/architecture.md, "Effects
 * after commit"). `publish` never throws and is never awaited by a request: a bus that is down
 * cannot turn a committed write into an error. A failed delivery waits in a bounded queue and is
 * retried, oldest first and with backoff, until the bus answers again.
 */
export function createEffects(hub: Publisher, options: EffectsOptions = {}) {
  const maxPending = options.maxPending ?? 10_000;
  const firstDelay = options.retryMs ?? 100;
  const maxDelay = options.maxDelayMs ?? 5_000;
  const retries: Pending[] = [];
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let delay = firstDelay;
  let closed = false;

  function keepForRetry(item: Pending) {
    retries.push(item);
    if (retries.length > maxPending) {
      retries.shift();
      options.onDrop?.('queue full', retries.length);
    }
    schedule();
  }

  function schedule() {
    if (timer || closed || retries.length === 0) return;
    timer = setTimeout(drain, delay);
    timer.unref();
  }

  async function drain() {
    timer = undefined;
    while (retries.length) {
      const item = retries[0];
      try {
        await hub.publish(item.userIds, item.event);
      } catch {
        item.attempts++;
        delay = Math.min(delay * 2, maxDelay);
        schedule();
        return;
      }
      retries.shift();
    }
    delay = firstDelay;
  }

  function track(work: Promise<void>) {
    inFlight.add(work);
    work.finally(() => inFlight.delete(work));
  }

  return {
    /**
     * Deliver `event` to `userIds` now, and again later if the bus refuses it. `noticed`: its Web
     * Push already went to the outbox with the write (effects/unit-of-work.ts), so not again here.
     */
    publish(userIds: number[], event: PushEvent, publishOptions?: { noticed?: boolean }): void {
      if (userIds.length === 0 || closed) return;
      try {
        if (!publishOptions?.noticed) options.observe?.(userIds, event);
      } catch {
        // An observer's failure never reaches the write that committed.
      }
      // Behind earlier failures: keep order while the bus is away.
      if (retries.length) keepForRetry({ userIds, event, attempts: 0 });
      else track(hub.publish(userIds, event).catch(() => keepForRetry({ userIds, event, attempts: 1 })));
    },

    /** How many deliveries wait for the bus. */
    pending: () => retries.length,

    /** Resolves once every first attempt made so far has finished (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },

    /** Tries what waits once more, then stops retrying (shutdown). */
    async close(): Promise<void> {
      await this.settled();
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (retries.length) await drain().catch(() => {});
      closed = true;
    },
  };
}
export type Effects = ReturnType<typeof createEffects>;
