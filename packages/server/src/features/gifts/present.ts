import { type Gift, giftImagePath } from '@tertulia/contract';
import type { LocaleCode } from '../../i18n/messages';
import type { GiftRow } from './store';

/** What the sender pays: the price less its discount, at least 1 gold. */
export const priceOf = (row: Pick<GiftRow, 'price' | 'discount'>) =>
  Math.max(1, Math.round((row.price * (100 - row.discount)) / 100));

/** On sale at `now`: not retired and inside its dates (when it has them). */
export const isOnSale = (row: GiftRow, now: number) =>
  row.retired === 0 &&
  (row.start_date === null || row.start_date <= now) &&
  (row.end_date === null || now < row.end_date);

/** A catalogue row as the API's Gift, in the caller's language; `vouchers` for voucher gifts. */
export function toGift(row: GiftRow, locale: LocaleCode, vouchers?: number): Gift {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name,
    description: row.description ?? undefined,
    image: giftImagePath(row.id),
    preview: giftImagePath(row.id, 2),
    video: row.video ?? undefined,
    price: row.price,
    discount: row.discount,
    discounted_price: priceOf(row),
    value: row.value,
    start_date: row.start_date ?? undefined,
    end_date: row.end_date ?? undefined,
    vip: row.vip === 1,
    admin: row.admin === 1,
    requires_voucher: row.requires_voucher === 1,
    vouchers: row.requires_voucher ? (vouchers ?? 0) : undefined,
    tag: row.tag,
    position: row.position,
    entrance_animation: row.entrance_animation ?? undefined,
    exit_animation: row.exit_animation ?? undefined,
  };
}
