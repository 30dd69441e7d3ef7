import type { Gift } from '@tertulia/contract';

/**
 * The promo dialog's rules: the promotion is the gifts on sale at a discount now (and those sold
 * only for a while); it opens by itself once per promotion (its version: the gifts' ids and
 * discounts), counted like the spec's popups (a stored show count below the expiration, 1).
 */
export const PROMO_SHOWS = 1;
const KEY = 'tertulia.promo.';

export function promoGifts(gifts: readonly Gift[], now = Date.now()): Gift[] {
  return gifts.filter((g) => !g.vip && !g.admin && ((g.discount ?? 0) > 0 || (g.end_date ?? 0) > now));
}

export const promoVersion = (gifts: readonly Gift[]) =>
  gifts.map((g) => `${g.id}-${g.discount ?? 0}`).join('.');

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const local = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** Whether this promotion still opens by itself; and, once it did, counting it. */
export function shouldAutoOpen(version: string, storage: Storage | undefined = local()): boolean {
  if (!version) return false;
  return Number(storage?.getItem(KEY + version) ?? 0) < PROMO_SHOWS;
}
export function countShown(version: string, storage: Storage | undefined = local()): void {
  storage?.setItem(KEY + version, String(Number(storage.getItem(KEY + version) ?? 0) + 1));
}
