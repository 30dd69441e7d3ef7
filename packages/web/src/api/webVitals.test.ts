import { Value } from '@sinclair/typebox/value';
import { api, WEB_VITAL_EVENT } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { type AnalyticsEvent, analyticsSender } from './analytics';
import { type MeasuredVital, reportWebVitals, type VitalsLibrary } from './webVitals';

/** A web-vitals stand-in: the test reports what the browser would have measured. */
function fakeLibrary() {
  const listeners: Record<string, (metric: MeasuredVital) => void> = {};
  const library: VitalsLibrary = {
    onLCP: (report) => {
      listeners.LCP = report;
    },
    onINP: (report) => {
      listeners.INP = report;
    },
    onCLS: (report) => {
      listeners.CLS = report;
    },
  };
  return { library, measure: (name: string, value: number) => listeners[name]?.({ name, value }) };
}

function sender() {
  const beaconed: Blob[] = [];
  const s = analyticsSender({
    beacon: (_url, body) => {
      beaconed.push(body);
      return true;
    },
    post: async () => undefined,
    config: async () => ({ errorSampleRate: 0, release: '', batchMax: 50 }),
    page: () => '/chat/room/42',
    now: () => 1000,
    random: () => 0.5,
    setTimer: () => 1,
    clearTimer: () => undefined,
  });
  return { s, beaconed };
}

describe('web vitals sender', () => {
  it('queues LCP, INP and CLS with the route the page was loaded on, rounded', () => {
    const { library, measure } = fakeLibrary();
    const { s } = sender();
    reportWebVitals(library, s, '/chat/room/:roomId', () => false);
    measure('LCP', 1834.6);
    measure('INP', 96.2);
    measure('CLS', 0.123456);
    expect(s.waiting.map((e) => [e.name, e.props])).toEqual([
      [WEB_VITAL_EVENT, { metric: 'LCP', value: 1835, route: '/chat/room/:roomId' }],
      [WEB_VITAL_EVENT, { metric: 'INP', value: 96, route: '/chat/room/:roomId' }],
      [WEB_VITAL_EVENT, { metric: 'CLS', value: 0.1235, route: '/chat/room/:roomId' }],
    ]);
    // What the server's contract accepts.
    expect(Value.Check(api.analytics.sendEvents.params, { events: s.waiting })).toBe(true);
  });

  it('sends at once what is reported while the page is hidden (its last moment)', async () => {
    const { library, measure } = fakeLibrary();
    const { s, beaconed } = sender();
    let hidden = false;
    reportWebVitals(library, s, '/html/index.jsp', () => hidden);
    measure('LCP', 900);
    expect(beaconed).toEqual([]);
    hidden = true;
    measure('CLS', 0.02);
    expect(beaconed).toHaveLength(1);
    const batch = JSON.parse(await beaconed[0].text()) as { events: AnalyticsEvent[] };
    expect(batch.events.map((e) => e.props?.metric)).toEqual(['LCP', 'CLS']);
    expect(s.waiting).toEqual([]);
  });

  it('ignores other metrics and values that are not numbers', () => {
    const { s } = sender();
    const library: VitalsLibrary = {
      onLCP: (report) => report({ name: 'FCP', value: 100 }),
      onINP: (report) => report({ name: 'INP', value: Number.NaN }),
      onCLS: () => undefined,
    };
    reportWebVitals(library, s, '/html/index.jsp', () => false);
    expect(s.waiting).toEqual([]);
  });
});
