import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { DrawnClock } from '../../api/rendered';
import { useI18n } from '../../i18n/i18n';
import { formatTime } from './formatTime';

/*
 * The clock a page's times are written with (docs/first-paint.md, "Hydration without mismatch").
 * A page the server drew says "hace 2 minutos" as of the moment it was drawn, in the zone it was
 * drawn for; the browser's hydration has to write the very same words, or React throws the drawing
 * away (error 418). So while a drawn page hydrates, every time reads the drawn clock (the store's
 * server snapshot); once live, the browser's own, which ticks so that "hace 1 minuto" stays true.
 */

/** How often live times are written again: "hace 1 minuto" turns into "hace 2" within this. */
const TICK_MS = 15_000;

let drawn: DrawnClock | undefined;

/** The server sets it for each drawing (drawings take turns); the browser, from the page data. */
export function setDrawnClock(clock: DrawnClock | undefined): void {
  drawn = clock;
}

const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ticker ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

const noSubscription = () => () => undefined;

// Whole seconds: React reads the snapshot more than once per render and needs the same value. Up,
// so a time is never written younger than it is ("hace 4 minutos" for five).
const browserNow = () => Math.ceil(Date.now() / 1000) * 1000;
const drawnNow = () => drawn?.at ?? browserNow();
const browserZone = () => undefined;
const drawnZone = () => drawn?.timeZone;

/** Now, for writing a time: the drawing's moment while the page hydrates, then the browser's, ticking. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, browserNow, drawnNow);
}

/** The zone to write clock times and dates in: the drawing's while it hydrates, then the browser's own. */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(noSubscription, browserZone, drawnZone);
}

/** `formatTime` on this clock, in the page's language: "recientemente", "hace 5 minutos", "3 de mayo". */
export function useTimeAgo(): (then: number) => string {
  const now = useNow();
  const timeZone = useTimeZone();
  const { locale } = useI18n();
  return useCallback((then: number) => formatTime(then, now, locale, timeZone), [now, timeZone, locale]);
}

/**
 * A time as text, `useTimeAgo`'s words, as its own component: the tick renders this text again,
 * not the message, the feed item or the row around it.
 */
export function TimeAgo({ at }: { at: number }): string {
  return useTimeAgo()(at);
}

/** A clock time ("14:05") in the page's language, on the same clock as `useTimeAgo`. */
export function useClockTime(): (at: number) => string {
  const timeZone = useTimeZone();
  const { locale } = useI18n();
  // One formatter for every line of a room's stream, not one per line.
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }),
    [timeZone, locale],
  );
  return useCallback((at: number) => format.format(at), [format]);
}
