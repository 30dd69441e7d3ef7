import { PremiumFeatureKey } from '@tertulia/contract';
import { getLocale } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';

/**
 * Why a VIP prompt opens (the spec's VIP ephemeral and VIP upgrade sheets, and the perks that
 * send a member to VIP). Each reason has its title and text ('vip.prompt.<reason>.*') and is the
 * VIP page's utm_campaign, so the page can say why the member came.
 */
export const VIP_REASONS = ['ephemeral', 'upgrade', 'visits', 'invisible', 'ads', 'gifts', 'love'] as const;
export type VipReason = (typeof VIP_REASONS)[number];

/** The gold section's pages. */
export const GOLD_PATHS = {
  home: PATHS.gold,
  shop: '/html/gold/shop.jsp',
  vip: PATHS.vip,
  features: '/html/gold/features.jsp',
  spotlights: '/html/gold/spotlights.jsp',
  history: PATHS.giftsAccount,
} as const;

export const vipPagePath = (campaign?: string) =>
  campaign ? `${GOLD_PATHS.vip}?utm_campaign=${encodeURIComponent(campaign)}` : GOLD_PATHS.vip;

/** Whether the member has a premium feature now: the session's standing (api/areas/user.ts). */
export { hasFeature } from '../../api/areas/user';

export const FEATURES: readonly PremiumFeatureKey[] = [
  PremiumFeatureKey.NO_ADS,
  PremiumFeatureKey.WHO_VIEWED_ME,
  PremiumFeatureKey.IM_STATUS,
  PremiumFeatureKey.SHARE_LOVE,
];

/** A day as the member's language writes it ("12 de marzo"). */
export const formatDay = (ms: number) =>
  new Intl.DateTimeFormat(getLocale(), { day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
export const formatHour = (ms: number) =>
  new Intl.DateTimeFormat(getLocale(), { hour: '2-digit', minute: '2-digit' }).format(ms);

/** A key for a money-moving call: a retry of the same click pays once (docs/premium.md). */
