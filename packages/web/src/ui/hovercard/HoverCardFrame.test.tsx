// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_CLOSE_MS, HOVER_OPEN_MS, HoverCardFrame } from './HoverCardFrame';

// jsdom has no layout observers; the card's positioning asks for one.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('<HoverCardFrame>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('ResizeObserver', NoResize);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens after 500 ms of hover and hides 200 ms after leaving', () => {
    expect([HOVER_OPEN_MS, HOVER_CLOSE_MS]).toEqual([500, 200]);
    render(
      <HoverCardFrame trigger={<a href="/html/profile-view.jsp?user=7">Ana</a>}>
        <p>Tarjeta de Ana</p>
      </HoverCardFrame>,
    );
    const trigger = screen.getByRole('link', { name: 'Ana' });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Tarjeta de Ana')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Tarjeta de Ana')).toBeTruthy();
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('Tarjeta de Ana')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Tarjeta de Ana')).toBeNull();
  });
});
