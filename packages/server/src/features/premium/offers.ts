import { PremiumFeatureKey, type PremiumOffer, PremiumProduct } from '@tertulia/contract';
import { notFound } from '../../http/errors';
import { type LocaleCode, type MessageKey, translate } from '../../i18n/messages';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** What buyPremiumAccess.do sells: VIP or one of the four features. */
export type Product = PremiumFeatureKey | typeof PremiumProduct.VIP;

export interface Offer {
  product: Product | typeof PremiumProduct.SPOTLIGHT;
  key: string;
  /** Gold. */
  price: number;
  /** How long it lasts, in ms; an offer bought again adds its time to what is left. */
  duration: number;
}

/** The free VIP trial, once per member. */
export const TRIAL_DURATION = 3 * DAY;
/** How many days before an expiry the gold section offers to renew (PremiumFeatureConfig.renewal_window). */
export const RENEWAL_WINDOW_DAYS = 3;

const days = (n: number) => n * DAY;

/**
 * The price list, in gold (docs/premium.md). The spec leaves prices open: these are ours, set so
 * a month of VIP costs about what a month of all four features would, less a bundle discount.
 */
export const OFFERS: readonly Offer[] = [
  { product: PremiumProduct.VIP, key: 'vip_7', price: 300, duration: days(7) },
  { product: PremiumProduct.VIP, key: 'vip_30', price: 900, duration: days(30) },
  { product: PremiumProduct.VIP, key: 'vip_90', price: 2200, duration: days(90) },
  { product: PremiumFeatureKey.NO_ADS, key: 'no_ads_30', price: 250, duration: days(30) },
  { product: PremiumFeatureKey.WHO_VIEWED_ME, key: 'visits_7', price: 100, duration: days(7) },
  { product: PremiumFeatureKey.WHO_VIEWED_ME, key: 'visits_30', price: 300, duration: days(30) },
  { product: PremiumFeatureKey.IM_STATUS, key: 'status_30', price: 250, duration: days(30) },
  { product: PremiumFeatureKey.SHARE_LOVE, key: 'love_30', price: 150, duration: days(30) },
  { product: PremiumProduct.SPOTLIGHT, key: 'spotlight_1h', price: 50, duration: HOUR },
  { product: PremiumProduct.SPOTLIGHT, key: 'spotlight_24h', price: 400, duration: 24 * HOUR },
];

/** The offer `key` of `product`, or 404 (an offer of another product is no offer of this one). */
export function offerOf(product: Offer['product'], key: string): Offer {
  const offer = OFFERS.find((o) => o.product === product && o.key === key);
  if (!offer) throw notFound('premium.unknownOffer');
  return offer;
}

/** The price list as the gold section shows it, in the member's language. */
export function offerStrings(locale: LocaleCode): PremiumOffer[] {
  return OFFERS.map((o) => {
    const hours = o.duration < DAY ? o.duration / HOUR : undefined;
    const dayCount = hours === undefined ? o.duration / DAY : undefined;
    const length =
      hours !== undefined
        ? translate(locale, hours === 1 ? 'premium.hour' : 'premium.hours', { count: hours })
        : translate(locale, dayCount === 1 ? 'premium.day' : 'premium.days', { count: dayCount! });
    return {
      feature: o.product,
      offer: o.key,
      title: `${translate(locale, `premium.feature.${o.product}` as MessageKey)} · ${length}`,
      description: translate(locale, `premium.about.${o.product}` as MessageKey),
      price: o.price,
      days: dayCount,
      hours,
    };
  });
}
