import { GIFT_TAGS, type Gift } from '@tertulia/contract';

/** Where the gold shop is; `from` tells the shop where to send the member back. */
export const GOLD_SHOP_PATH = '/html/gold/shop.jsp';
export const GOLD_CHECKOUT_PATH = '/html/gold/checkout.jsp';
/** The VIP page the received-gift help links to, with its campaign. */
export const VIP_FROM_GIFT_HELP = '/html/gold/vip.jsp?utm_campaign=gift_received_helper';

/** What a gift costs the caller now: nothing in gold for a voucher gift. */
export const costOf = (gift: Gift) =>
  gift.requires_voucher ? 0 : (gift.discounted_price ?? gift.price ?? 0);

/** Whether the caller may send it: VIP gifts need VIP, admin gifts an admin, voucher gifts a voucher. */
export function maySend(gift: Gift, me: { vip: boolean; admin: boolean }): boolean {
  if (gift.vip && !me.vip) return false;
  if (gift.admin && !me.admin) return false;
  if (gift.requires_voucher && !(gift.vouchers ?? 0)) return false;
  return true;
}

/** The catalogue's tags in the dialog's order, only those with gifts. */
export function tagsOf(gifts: Gift[]): string[] {
  const present = new Set(gifts.map((g) => g.tag ?? ''));
  return [
    ...GIFT_TAGS.filter((t) => present.has(t)),
    ...[...present].filter((t) => t && !GIFT_TAGS.includes(t as never)),
  ];
}
