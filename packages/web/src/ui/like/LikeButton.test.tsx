// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LikeButton } from './LikeButton';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('<LikeButton>', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const button = () => screen.getByRole('button');
  const count = () => screen.getByTestId('like-count');

  it('likes at once: active, count plus one, count shown, pop for 1000 ms', async () => {
    const request = deferred();
    const onToggle = vi.fn(() => request.promise);
    render(<LikeButton liked={false} count={0} onToggle={onToggle} />);
    expect(count().hidden).toBe(true);
    expect(button().textContent).toContain('Me gusta');
    fireEvent.click(button());
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(button().hasAttribute('data-active')).toBe(true);
    expect(count().hidden).toBe(false);
    expect(count().textContent).toBe('1');
    expect(button().textContent).toContain('Ya no me gusta');
    expect(button().hasAttribute('data-pop')).toBe(true);
    await act(async () => request.resolve());
    act(() => vi.advanceTimersByTime(999));
    expect(button().hasAttribute('data-pop')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(button().hasAttribute('data-pop')).toBe(false);
    expect(count().textContent).toBe('1');
  });

  it('shows the member’s reaction instead of the heart while liked, the heart again once unliked', async () => {
    const onToggle = vi.fn(() => Promise.resolve());
    render(<LikeButton liked count={2} reaction="😮" onToggle={onToggle} />);
    expect(screen.getByTestId('like-reaction').textContent).toBe('😮');
    expect(button().hasAttribute('data-active')).toBe(true);
    await act(async () => fireEvent.click(button()));
    expect(screen.queryByTestId('like-reaction')).toBeNull();
    expect(button().hasAttribute('data-active')).toBe(false);
  });

  it('unlikes: count minus one and hidden at zero', async () => {
    const onToggle = vi.fn(() => Promise.resolve());
    render(<LikeButton liked count={1} onToggle={onToggle} />);
    await act(async () => fireEvent.click(button()));
    expect(onToggle).toHaveBeenCalledWith(false);
    expect(button().hasAttribute('data-active')).toBe(false);
    expect(count().hidden).toBe(true);
    expect(count().textContent).toBe('0');
  });

  it('reverts the change and resets the label when the server fails', async () => {
    const request = deferred();
    render(<LikeButton liked={false} count={3} onToggle={() => request.promise} />);
    fireEvent.click(button());
    expect(count().textContent).toBe('4');
    await act(async () => request.reject(new Error('500')));
    expect(count().textContent).toBe('3');
    expect(button().hasAttribute('data-active')).toBe(false);
    expect(button().textContent).toContain('Me gusta');
    expect(button().textContent).not.toContain('Ya no');
  });

  it('reverts an unlike too', async () => {
    render(<LikeButton liked count={1} onToggle={() => Promise.reject(new Error('x'))} />);
    await act(async () => fireEvent.click(button()));
    expect(count().textContent).toBe('1');
    expect(count().hidden).toBe(false);
    expect(button().hasAttribute('data-active')).toBe(true);
  });

  it('ignores clicks while a request is in flight', () => {
    const onToggle = vi.fn(() => new Promise<void>(() => undefined));
    render(<LikeButton liked={false} count={0} onToggle={onToggle} />);
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(count().textContent).toBe('1');
  });
});
