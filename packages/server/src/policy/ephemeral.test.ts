import { Star } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { mayStreamMedia, nextViewedMs, remainingSeconds, roomSendRefusal, usedMs } from './ephemeral';

const now = 1_000_000;
const plain = { star: 0, vip_until: 0 };

describe('view-once rules', () => {
  it('lets only a VIP send in a room, and not while gagged', () => {
    expect(roomSendRefusal(plain, 0, now)).toBe('vipOnly');
    expect(roomSendRefusal(plain, now + 1000, now)).toBe('vipOnly');
    expect(roomSendRefusal({ star: Star.VIP, vip_until: 0 }, now + 1000, now)).toBe('gagged');
    expect(roomSendRefusal({ star: 0, vip_until: now + 1 }, now - 1, now)).toBeUndefined();
    expect(roomSendRefusal({ star: 0, vip_until: now }, 0, now)).toBe('vipOnly');
  });

  it('charges a running look by the clock and never gives time back', () => {
    const running = { viewed_ms: 2000, opened_at: now - 5000, opened_base_ms: 2000 };
    expect(usedMs(running, now)).toBe(7000);
    expect(remainingSeconds(10, running, now)).toBe(3);
    expect(nextViewedMs(10, running, 1, now)).toBe(7000);
    expect(nextViewedMs(10, running, 9, now)).toBe(9000);
    expect(nextViewedMs(10, running, 60, now)).toBe(10_000);
    expect(remainingSeconds(10, { viewed_ms: 12_000, opened_at: null, opened_base_ms: 0 }, now)).toBe(0);
    expect(remainingSeconds(10, undefined, now)).toBe(10);
  });

  it('streams media only inside a running look with time left', () => {
    expect(mayStreamMedia(10, undefined, now)).toBe(false);
    expect(mayStreamMedia(10, { viewed_ms: 1000, opened_at: null, opened_base_ms: 0 }, now)).toBe(false);
    expect(mayStreamMedia(10, { viewed_ms: 0, opened_at: now - 9000, opened_base_ms: 0 }, now)).toBe(true);
    expect(mayStreamMedia(10, { viewed_ms: 0, opened_at: now - 10_000, opened_base_ms: 0 }, now)).toBe(false);
  });
});
