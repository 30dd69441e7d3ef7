// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n/i18n';
import { setDrawnClock, TimeAgo, useClockTime } from './clock';

/**
 * A drawn page's times hydrate as they were drawn, whatever the browser's clock and zone say by
 * then, and follow the browser's own once the page is live (docs/first-paint.md, "Times").
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DRAWN_AT = Date.UTC(2026, 10, 29, 12, 0, 0);
// 1 min 59.5 s old when drawn: "hace 1 minuto" then, "hace 2 minutos" a second later.
const POSTED = DRAWN_AT - 119_500;

function Posted() {
  const clock = useClockTime();
  return (
    <p>
      <TimeAgo at={POSTED} /> · <span>{clock(POSTED)}</span>
    </p>
  );
}

/** Drawn as the server draws (its clock set), then hydrated a second later; React's complaints. */
async function drawnThenHydrated(hydrateWithDrawnClock: boolean) {
  vi.setSystemTime(DRAWN_AT);
  setDrawnClock({ at: DRAWN_AT, timeZone: 'Asia/Tokyo' });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Posted />);
  document.body.append(container);
  const drawnText = container.textContent;

  vi.setSystemTime(DRAWN_AT + 1000);
  setDrawnClock(hydrateWithDrawnClock ? { at: DRAWN_AT, timeZone: 'Asia/Tokyo' } : undefined);
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Posted />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  return { container, drawnText, mismatches };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  await setLocale('es');
});
afterEach(() => {
  setDrawnClock(undefined);
  document.body.innerHTML = '';
});
afterAll(() => vi.useRealTimers());

describe("a drawn page's times", () => {
  it('hydrate as drawn, then read the browser clock and zone', async () => {
    const { container, drawnText, mismatches } = await drawnThenHydrated(true);
    expect(drawnText).toBe('hace 1 minuto · 20:58');
    expect(mismatches).toEqual([]);
    // Live: the browser's now (a second later) and its own zone (this process's).
    const local = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' }).format(POSTED);
    expect(container.textContent).toBe(`hace 2 minutos · ${local}`);
  });

  it('without the drawn clock, the same hydration is a mismatch (what the clock prevents)', async () => {
    const { mismatches } = await drawnThenHydrated(false);
    expect(mismatches).not.toEqual([]);
  });

  it('tick while the page is open: "recientemente" turns into "hace 1 minuto"', async () => {
    vi.setSystemTime(POSTED + 50_000);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Posted />));
    expect(container.textContent).toMatch(/^recientemente · /);
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(container.textContent).toMatch(/^hace 1 minuto · /);
    act(() => root.unmount());
  });
});
