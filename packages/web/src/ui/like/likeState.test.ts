import { describe, expect, it } from 'vitest';
import { countVisible, LIKE_POP_MS, toggleLike } from './likeState';

describe('like state', () => {
  it('not liked -> liked adds one and shows the count', () => {
    const next = toggleLike({ liked: false, count: 0 });
    expect(next).toEqual({ liked: true, count: 1 });
    expect(countVisible(next)).toBe(true);
  });

  it('liked -> not liked removes one, never below zero, hidden at zero', () => {
    expect(toggleLike({ liked: true, count: 5 })).toEqual({ liked: false, count: 4 });
    const zero = toggleLike({ liked: true, count: 0 });
    expect(zero).toEqual({ liked: false, count: 0 });
    expect(countVisible(zero)).toBe(false);
  });

  it('pops for 1000 ms', () => expect(LIKE_POP_MS).toBe(1000));
});
