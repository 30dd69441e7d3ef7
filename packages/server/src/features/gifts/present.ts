import { GIFT_VIDEO_ENTRANCES, type Gift, giftImagePath, giftVideoPath } from '@tertulia/contract';
import type { LocaleCode } from '../../i18n/messages';
import { priceOf } from './pricing';
import type { GiftRow } from './store';

/** A catalogue row as the API's Gift, in the caller's language; `vouchers` for voucher gifts. */
export function toGift(row: GiftRow, locale: LocaleCode, vouchers?: number): Gift {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name,
    description: row.description ?? undefined,
    image: giftImagePath(row.id),
    preview: giftImagePath(row.id, 2),
    // An admin's video, or one made from the artwork for a gift with an entrance (gift-video.ts).
    video:
      row.video ??
      (GIFT_VIDEO_ENTRANCES.includes(row.entrance_animation ?? '') ? giftVideoPath(row.id) : undefined),
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
