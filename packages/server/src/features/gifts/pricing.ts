import type { GiftRow } from './store';

// What a gift costs and whether it is on sale: rules, not presentation (docs/architecture.md).

/** What the sender pays: the price less its discount, at least 1 gold. */
export const priceOf = (row: Pick<GiftRow, 'price' | 'discount'>) =>
  Math.max(1, Math.round((row.price * (100 - row.discount)) / 100));

/** On sale at `now`: not retired and inside its dates (when it has them). */
export const isOnSale = (row: GiftRow, now: number) =>
  row.retired === 0 &&
  (row.start_date === null || row.start_date <= now) &&
  (row.end_date === null || now < row.end_date);
