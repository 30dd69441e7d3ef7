// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './useIdempotencyKey';

describe('useIdempotencyKey: one key per intended money action', () => {
  it('keeps the key of the same params across retries and re-renders, whatever their order', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.withKey({ giftId: 3, receiverId: 9 });
    rerender();
    const retry = result.current.withKey({ receiverId: 9, giftId: 3 });
    expect(first).toEqual({ giftId: 3, receiverId: 9, idempotencyKey: first.idempotencyKey });
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('gives another intention (another gift, amount or receiver) its own key', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const a = result.current.withKey({ receiverId: 9, amount: 10 }).idempotencyKey;
    const b = result.current.withKey({ receiverId: 9, amount: 20 }).idempotencyKey;
    expect(b).not.toBe(a);
    // Back to the first intention before it succeeded: its key again, so a lost answer pays once.
    expect(result.current.withKey({ receiverId: 9, amount: 10 }).idempotencyKey).toBe(a);
  });

  it('a new key only once the action succeeded (the sent params, key included, are enough)', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const sent = result.current.withKey({ offer: 'vip_7' });
    result.current.succeeded(sent);
    const next = result.current.withKey({ offer: 'vip_7' }).idempotencyKey;
    expect(next).not.toBe(sent.idempotencyKey);
  });

  it('keeps keys apart between two dialogs (two hooks)', () => {
    const one = renderHook(() => useIdempotencyKey()).result.current;
    const two = renderHook(() => useIdempotencyKey()).result.current;
    expect(one.withKey({ offer: 'x' }).idempotencyKey).not.toBe(two.withKey({ offer: 'x' }).idempotencyKey);
  });
});
