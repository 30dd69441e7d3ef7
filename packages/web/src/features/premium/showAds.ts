import type { User } from '@tertulia/contract';
import { isAdFree } from '../../api/areas/user';

/**
 * Ads are hidden on pages flagged ad-free and for members the server says browse without them
 * (VIP, or NO_ADS bought: User.adFree, policy/standing.ts; docs/premium.md).
 */
export function showAds(user: Pick<User, 'adFree'> | null, adFree: boolean): boolean {
  return !adFree && !isAdFree(user);
}
