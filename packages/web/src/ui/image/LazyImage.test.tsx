// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_RETRY_MS, LAZY_THRESHOLD_PX, LazyImage, retryUrl } from './LazyImage';

let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class FakeObserver {
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe() {}
  disconnect() {}
}

describe('<LazyImage>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const enterView = () =>
    act(() =>
      observers[0].callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );

  it('starts loading only within 500 px of the viewport', () => {
    render(<LazyImage src="/img/a.jpg" alt="Foto de Ana" />);
    const img = screen.getByRole('img', { name: 'Foto de Ana' });
    expect(img.getAttribute('src')).toBeNull();
    expect(observers[0].options?.rootMargin).toBe(`${LAZY_THRESHOLD_PX}px`);
    enterView();
    expect(img.getAttribute('src')).toBe('/img/a.jpg');
  });

  it('retries a failed image after 1 second, then gives up', () => {
    expect(IMAGE_RETRY_MS).toBe(1000);
    render(<LazyImage src="/img/a.jpg?w=300" alt="Foto" />);
    enterView();
    const img = screen.getByRole('img', { name: 'Foto' });
    fireEvent.error(img);
    act(() => vi.advanceTimersByTime(999));
    expect(img.getAttribute('src')).toBe('/img/a.jpg?w=300');
    act(() => vi.advanceTimersByTime(1));
    expect(img.getAttribute('src')).toBe('/img/a.jpg?w=300&retry=1');
    fireEvent.error(img);
    act(() => vi.advanceTimersByTime(5000));
    expect(img.getAttribute('data-state')).toBe('failed');
    expect(img.getAttribute('src')).toBe('/img/a.jpg?w=300&retry=1');
  });

  it('retry urls bypass the cached failure', () => {
    expect(retryUrl('/a.jpg', 0)).toBe('/a.jpg');
    expect(retryUrl('/a.jpg', 2)).toBe('/a.jpg?retry=2');
  });
});
