import { PremiumFeatureKey, type User } from '@tertulia/contract';
import { isVip } from '../../api/areas/user';

/**
 * Ads are hidden for VIP members (star 2 or 3), for members who bought NO_ADS (the server lists
 * the features a member has now in premiumFeatures, docs/premium.md) and on pages flagged ad-free.
 */
export function showAds(
  user: Pick<User, 'star' | 'vip' | 'premiumFeatures'> | null,
  adFree: boolean,
): boolean {
  return !adFree && !isVip(user) && !user?.premiumFeatures?.includes(PremiumFeatureKey.NO_ADS);
}
