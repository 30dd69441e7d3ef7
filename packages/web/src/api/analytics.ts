import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BATCH_SIZE,
  type AnalyticsConfig,
  api,
  type ParamsOf,
  SCRIPT_ERROR_EVENT,
} from '@tertulia/contract';
import { callOne } from './client';

type Batch = ParamsOf<typeof api.analytics.sendEvents>;
export type AnalyticsEvent = Batch['events'][number];
type Props = NonNullable<AnalyticsEvent['props']>;

/** A batch goes out after this long even when it is not full. */
const FLUSH_MS = 15_000;
/** Events kept while offline or before the config arrives; older ones are dropped first. */
const MAX_WAITING = 200;

export interface SenderDeps {
  /** navigator.sendBeacon: the only send the browser finishes after the page is hidden. */
  beacon: (url: string, body: Blob) => boolean;
  /** An ordinary call, for batches sent while the page is open. */
  post: (batch: Batch) => Promise<unknown>;
  config: () => Promise<AnalyticsConfig>;
  page: () => string;
  now: () => number;
  random: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * The web app's analytics (docs/analytics.md): product events queue here and go to
 * analytics/sendEvents.do in batches of ANALYTICS_BATCH_SIZE, or every FLUSH_MS, or when the page
 * is hidden (with sendBeacon, so leaving the page loses nothing). Script errors are sampled at the
 * server's rate and sent with their stack, page and the server's release. Analytics never throw
 * into the page and never retry: a lost batch is lost.
 */
export function analyticsSender(deps: SenderDeps) {
  let waiting: AnalyticsEvent[] = [];
  let config: AnalyticsConfig | undefined;
  let configLoading: Promise<void> | undefined;
  let timer: unknown;

  function loadConfig(): Promise<void> {
    configLoading ??= deps
      .config()
      .then((c) => {
        config = c;
      })
      .catch(() => {
        // No config: errors are not sampled in (rate 0) and batches carry no release.
        config = { errorSampleRate: 0, release: '', batchMax: ANALYTICS_BATCH_MAX };
      });
    return configLoading;
  }

  function batches(): Batch[] {
    const size = Math.min(config?.batchMax ?? ANALYTICS_BATCH_MAX, ANALYTICS_BATCH_MAX);
    const out: Batch[] = [];
    for (let i = 0; i < waiting.length; i += size) {
      const events = waiting.slice(i, i + size);
      out.push(config?.release ? { events, release: config.release } : { events });
    }
    waiting = [];
    return out;
  }

  function schedule() {
    if (timer === undefined) timer = deps.setTimer(() => void flush(), FLUSH_MS);
  }

  function enqueue(event: AnalyticsEvent) {
    waiting.push(event);
    if (waiting.length > MAX_WAITING) waiting = waiting.slice(-MAX_WAITING);
    if (waiting.length >= ANALYTICS_BATCH_SIZE) void flush();
    else schedule();
  }

  async function flush(): Promise<void> {
    if (timer !== undefined) deps.clearTimer(timer);
    timer = undefined;
    await loadConfig();
    for (const batch of batches()) await deps.post(batch).catch(() => undefined);
  }

  return {
    /** A product event: page views, share actions, ... */
    track(name: string, props?: Props) {
      enqueue({ name, props, page: deps.page(), time: deps.now() });
    },

    /** A script error: kept when the sample says so (the rate comes with the config). */
    async error(error: { message: string; stack?: string }) {
      await loadConfig();
      if (deps.random() >= (config?.errorSampleRate ?? 0)) return;
      enqueue({
        name: SCRIPT_ERROR_EVENT,
        page: deps.page(),
        time: deps.now(),
        error: { message: error.message.slice(0, 500) || 'Error', stack: error.stack?.slice(0, 4000) },
      });
    },

    /** Whatever waits goes with sendBeacon now (the page is being hidden or left). */
    beacon() {
      if (timer !== undefined) deps.clearTimer(timer);
      timer = undefined;
      for (const batch of batches()) {
        const body = new Blob([JSON.stringify(batch)], { type: 'application/json' });
        if (!deps.beacon(api.analytics.sendEvents.path, body)) void deps.post(batch).catch(() => undefined);
      }
    },

    flush,
    /** Events waiting to go (tests). */
    get waiting(): readonly AnalyticsEvent[] {
      return waiting;
    },
  };
}

export type AnalyticsSender = ReturnType<typeof analyticsSender>;

/** The page's sender, wired to the browser. */
export const analytics: AnalyticsSender = analyticsSender({
  beacon: (url, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body),
  post: (batch) => callOne(api.analytics.sendEvents, batch),
  config: () => callOne(api.analytics.getConfig, {}),
  // globalThis rather than window: modules that track are also unit-tested outside a browser.
  page: () => globalThis.location?.pathname ?? '',
  now: () => Date.now(),
  random: Math.random,
  setTimer: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimer: (timer) => globalThis.clearTimeout(timer as number),
});

/**
 * Listens for script errors and for the page being hidden; answers a function that stops. The
 * sender's own failures are swallowed: an analytics bug must not report itself in a loop.
 */
export function installAnalytics(target: Window = window, sender: AnalyticsSender = analytics): () => void {
  const onError = (e: ErrorEvent) => {
    const error = e.error instanceof Error ? e.error : undefined;
    void sender.error({ message: error?.message ?? e.message, stack: error?.stack }).catch(() => undefined);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason = e.reason instanceof Error ? e.reason : new Error(String(e.reason));
    void sender.error({ message: reason.message, stack: reason.stack }).catch(() => undefined);
  };
  const onHide = () => {
    if (target.document.visibilityState === 'hidden') sender.beacon();
  };
  const onPageHide = () => sender.beacon();
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.document.addEventListener('visibilitychange', onHide);
  target.addEventListener('pagehide', onPageHide);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.document.removeEventListener('visibilitychange', onHide);
    target.removeEventListener('pagehide', onPageHide);
  };
}
