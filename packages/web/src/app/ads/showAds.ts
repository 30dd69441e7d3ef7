import type { User } from '@tertulia/contract';
import { isVip } from '../../api/areas/user';

/** Ads are hidden for VIP members (star 2 or 3) and on pages flagged ad-free. */
export function showAds(user: Pick<User, 'star' | 'vip'> | null, adFree: boolean): boolean {
  return !adFree && !isVip(user);
}
