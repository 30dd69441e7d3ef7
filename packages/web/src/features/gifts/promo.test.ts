import type { Gift } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { countShown, promoGifts, promoVersion, shouldAutoOpen } from './promo';

const gift = (id: number, extra: Partial<Gift> = {}): Gift => ({ id, name: `g${id}`, price: 10, ...extra });

describe('promo dialog rules', () => {
  it('the promotion is the discounted or time-limited gifts anyone may send', () => {
    const now = 1_000;
    const gifts = [
      gift(1),
      gift(2, { discount: 20 }),
      gift(3, { end_date: 2_000 }),
      gift(4, { end_date: 500 }),
      gift(5, { discount: 10, vip: true }),
      gift(6, { discount: 10, admin: true }),
    ];
    expect(promoGifts(gifts, now).map((g) => g.id)).toEqual([2, 3]);
    expect(promoVersion(promoGifts(gifts, now))).toBe('2-20.3-0');
  });

  it('opens by itself once per promotion; a new promotion opens again', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(shouldAutoOpen('2-20', storage)).toBe(true);
    countShown('2-20', storage);
    expect(shouldAutoOpen('2-20', storage)).toBe(false);
    expect(shouldAutoOpen('2-30', storage)).toBe(true);
    expect(shouldAutoOpen('', storage)).toBe(false);
  });
});
