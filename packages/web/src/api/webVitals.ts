import { WEB_VITAL_EVENT, WEB_VITAL_METRICS, type WebVitalMetric } from '@tertulia/contract';
import type { AnalyticsSender } from './analytics';

/** What web-vitals hands each callback (the part we send). */
export interface MeasuredVital {
  name: string;
  value: number;
}
type Report = (onReport: (metric: MeasuredVital) => void) => void;

/** The web-vitals library's three listeners (a chunk of its own: see installWebVitals). */
export interface VitalsLibrary {
  onLCP: Report;
  onINP: Report;
  onCLS: Report;
}

/**
 * Sends LCP, INP and CLS as members' browsers measure them (docs/analytics.md, "Web vitals"): one
 * `web_vital` event per final value, with the route the page was loaded on, the way the field data
 * of browsers is reported (by the page load that measured them). LCP and INP in whole
 * milliseconds, CLS with four decimals.
 */
export function reportWebVitals(
  library: VitalsLibrary,
  sender: AnalyticsSender,
  route: string,
  isHidden: () => boolean = () => globalThis.document?.visibilityState === 'hidden',
): void {
  const send = ({ name, value }: MeasuredVital) => {
    if (!(WEB_VITAL_METRICS as readonly string[]).includes(name) || !Number.isFinite(value)) return;
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    sender.track(WEB_VITAL_EVENT, { metric: name as WebVitalMetric, value: rounded, route });
    // CLS and INP are final when the page is hidden, after the sender's own beacon went out.
    if (isHidden()) sender.beacon();
  };
  library.onLCP(send);
  library.onINP(send);
  library.onCLS(send);
}

/** After the load event, how long web-vitals waits: the first screen's downloads come first. */
const LOAD_DELAY_MS = 5000;

/**
 * Loads web-vitals a few seconds after the page has loaded and reports through the analytics
 * sender. Its observers read the buffered entries, so the first paint's LCP and layout shifts are
 * not missed (interactions before it are seen from 104 ms, the browser's buffer threshold). Its
 * code is a chunk of its own, outside the first visit's scripts (e2e/first-load.e2e.test.ts).
 */
export function installWebVitals(sender: AnalyticsSender, route: string): void {
  const start = () => {
    setTimeout(() => {
      import('web-vitals').then((library) => reportWebVitals(library, sender, route)).catch(() => undefined);
    }, LOAD_DELAY_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
