// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  const card = () =>
    render(
      <HoverCardFrame trigger={<a href="/html/profile-view.jsp?user=7">Ana</a>}>
        <p>Tarjeta de Ana</p>
      </HoverCardFrame>,
    );
  const link = () => screen.getByRole('link', { name: 'Ana' });
  /** The first hover loads the card's code: until then the trigger is a plain link. */
  async function loaded(by: 'pointer' | 'focus') {
    if (by === 'pointer') fireEvent.pointerEnter(link(), { pointerType: 'mouse' });
    else fireEvent.focus(link());
    vi.useRealTimers();
    await waitFor(() => expect(link().getAttribute('data-state')).toBe('closed'));
    vi.useFakeTimers();
  }

  it('opens after 500 ms of hover and hides 200 ms after leaving', async () => {
    expect([HOVER_OPEN_MS, HOVER_CLOSE_MS]).toEqual([500, 200]);
    card();
    await loaded('pointer');
    fireEvent.pointerEnter(link(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Tarjeta de Ana')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Tarjeta de Ana')).toBeTruthy();
    fireEvent.pointerLeave(link(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByText('Tarjeta de Ana')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Tarjeta de Ana')).toBeNull();
  });

  it('a touch never loads it; keyboard focus does, and stays on the link', async () => {
    card();
    fireEvent.pointerEnter(link(), { pointerType: 'touch' });
    expect(link().getAttribute('data-state')).toBeNull();
    await loaded('focus');
    expect(document.activeElement).toBe(link());
  });
});
