// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList } from './InfiniteList';

function scroller(metrics: { scrollTop: number; scrollHeight: number; clientHeight: number }) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollHeight', { get: () => metrics.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { get: () => metrics.clientHeight });
  element.scrollTop = metrics.scrollTop;
  return element;
}

describe('<InfiniteList>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks for more on scroll near the end, throttled to one check per 200 ms', () => {
    const element = scroller({ scrollTop: 0, scrollHeight: 5000, clientHeight: 1000 });
    const ref = createRef<HTMLElement>() as { current: HTMLElement | null };
    ref.current = element;
    const onLoadMore = vi.fn();
    render(
      <InfiniteList
        items={[1, 2, 3]}
        getKey={(n) => n}
        renderItem={(n) => <span>{`item ${n}`}</span>}
        hasMore
        isLoading={false}
        onLoadMore={onLoadMore}
        scrollRef={ref}
        threshold={500}
      />,
    );
    expect(onLoadMore).not.toHaveBeenCalled(); // far from the end
    element.scrollTop = 3700;
    fireEvent.scroll(element);
    fireEvent.scroll(element);
    act(() => vi.advanceTimersByTime(199));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does not ask while loading or when nothing is left; says so', () => {
    const element = scroller({ scrollTop: 4000, scrollHeight: 5000, clientHeight: 1000 });
    const ref = { current: element as HTMLElement | null };
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <InfiniteList
        items={[1]}
        getKey={(n) => n}
        renderItem={(n) => n}
        hasMore
        isLoading
        onLoadMore={onLoadMore}
        scrollRef={ref}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Cargando más…');
    rerender(
      <InfiniteList
        items={[1]}
        getKey={(n) => n}
        renderItem={(n) => n}
        hasMore={false}
        isLoading={false}
        onLoadMore={onLoadMore}
        scrollRef={ref}
      />,
    );
    fireEvent.scroll(element);
    act(() => vi.advanceTimersByTime(500));
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('No hay más');
  });
});
