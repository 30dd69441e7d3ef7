import { Value } from '@sinclair/typebox/value';
import { ANALYTICS_BATCH_SIZE, type AnalyticsConfig, api, SCRIPT_ERROR_EVENT } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { analyticsSender, installAnalytics } from './analytics';

type Batch = { events: { name: string; page?: string; error?: { message: string } }[]; release?: string };

function harness(config: Partial<AnalyticsConfig> | 'fails' = {}, random = 0.5) {
  const posted: Batch[] = [];
  const beaconed: { url: string; batch: Batch }[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  let beaconWorks = true;
  const sender = analyticsSender({
    beacon: (url, body) => {
      if (!beaconWorks) return false;
      // Blob text is async; the batch is read back below through `pending`.
      pending.push(body.text().then((text) => beaconed.push({ url, batch: JSON.parse(text) })));
      return true;
    },
    post: async (batch) => {
      // Every batch the page sends is one the server's contract accepts.
      expect(Value.Check(api.analytics.sendEvents.params, batch)).toBe(true);
      posted.push(batch as Batch);
    },
    config: async () => {
      if (config === 'fails') throw new Error('offline');
      return { errorSampleRate: 0.1, release: 'r7', batchMax: 50, ...config };
    },
    page: () => '/html/index.jsp',
    now: () => 1_700_000_000_000,
    random: () => random,
    setTimer: (fn) => {
      timers.set(nextTimer, fn);
      return nextTimer++;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  const pending: Promise<unknown>[] = [];
  return {
    sender,
    posted,
    beaconed,
    timers,
    breakBeacon: () => {
      beaconWorks = false;
    },
    settle: async () => {
      await Promise.all(pending);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('the web analytics sender', () => {
  it('sends a full batch of 20 at once with the release; fewer wait for the timer', async () => {
    const h = harness();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE - 1; i++) h.sender.track('page_view');
    await h.settle();
    expect(h.posted).toHaveLength(0);
    expect(h.timers.size).toBe(1);
    h.sender.track('share_copy_link', { item: 'status' });
    await h.settle();
    expect(h.posted).toHaveLength(1);
    expect(h.posted[0].events).toHaveLength(ANALYTICS_BATCH_SIZE);
    expect(h.posted[0].release).toBe('r7');
    expect(h.posted[0].events.at(-1)).toMatchObject({ name: 'share_copy_link', page: '/html/index.jsp' });
    expect(h.timers.size).toBe(0);

    h.sender.track('page_view');
    const [fire] = h.timers.values();
    fire();
    await h.settle();
    expect(h.posted.map((b) => b.events.length)).toEqual([ANALYTICS_BATCH_SIZE, 1]);
  });

  it('sends what waits with sendBeacon when the page is hidden, and falls back to a call', async () => {
    const h = harness();
    await h.sender.flush(); // the config is in
    h.sender.track('page_view');
    h.sender.track('share_native');
    h.sender.beacon();
    await h.settle();
    expect(h.beaconed).toHaveLength(1);
    expect(h.beaconed[0].url).toBe(api.analytics.sendEvents.path);
    expect(h.beaconed[0].batch.events.map((e) => e.name)).toEqual(['page_view', 'share_native']);
    expect(h.sender.waiting).toHaveLength(0);
    h.breakBeacon();
    h.sender.track('share_email');
    h.sender.beacon();
    await h.settle();
    expect(h.posted.map((b) => b.events[0].name)).toEqual(['share_email']);
  });

  it('keeps a script error only when the sample draws it, at the server’s rate', async () => {
    const kept = harness({ errorSampleRate: 0.1 }, 0.05);
    await kept.sender.error({ message: 'x is undefined', stack: 'at y (app.js:1:2)' });
    expect(kept.sender.waiting).toEqual([
      expect.objectContaining({
        name: SCRIPT_ERROR_EVENT,
        page: '/html/index.jsp',
        error: { message: 'x is undefined', stack: 'at y (app.js:1:2)' },
      }),
    ]);
    const dropped = harness({ errorSampleRate: 0.1 }, 0.1);
    await dropped.sender.error({ message: 'x is undefined' });
    expect(dropped.sender.waiting).toHaveLength(0);
    const all = harness({ errorSampleRate: 1 }, 0.999);
    await all.sender.error({ message: 'boom' });
    expect(all.sender.waiting).toHaveLength(1);
    // No config (offline): no error is sent, product events still are.
    const offline = harness('fails', 0);
    await offline.sender.error({ message: 'boom' });
    expect(offline.sender.waiting).toHaveLength(0);
  });

  it('splits what waits into batches no larger than the server asks for', async () => {
    const h = harness({ batchMax: 8 });
    for (let i = 0; i < ANALYTICS_BATCH_SIZE; i++) h.sender.track('page_view');
    await h.settle();
    expect(h.posted.map((b) => b.events.length)).toEqual([8, 8, 4]);
  });

  it('reports window errors and unhandled rejections, and beacons on pagehide', async () => {
    const listeners = new Map<string, (e: unknown) => void>();
    const fakeWindow = {
      addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
      document: {
        visibilityState: 'hidden',
        addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(`doc:${type}`, fn),
        removeEventListener: (type: string) => listeners.delete(`doc:${type}`),
      },
    } as unknown as Window;
    const calls: string[] = [];
    const stop = installAnalytics(fakeWindow, {
      error: async (e: { message: string }) => {
        calls.push(`error:${e.message}`);
      },
      beacon: () => calls.push('beacon'),
    } as never);
    listeners.get('error')!({ error: new Error('boom'), message: 'boom' });
    listeners.get('unhandledrejection')!({ reason: 'nope' });
    listeners.get('doc:visibilitychange')!({});
    listeners.get('pagehide')!({});
    expect(calls).toEqual(['error:boom', 'error:nope', 'beacon', 'beacon']);
    stop();
    expect(listeners.size).toBe(0);
  });
});
