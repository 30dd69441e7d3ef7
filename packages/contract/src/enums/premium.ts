/** Enumerations: Premium and buddies. */
/** premiumfeature/setOnlineStatus.do `status` and PremiumFeatureConfig.online_status. */
export const OnlineStatusCode = { ONLINE: 0, INVISIBLE: 1, BUSY: 2 } as const;
export type OnlineStatusCode = (typeof OnlineStatusCode)[keyof typeof OnlineStatusCode];

export const PremiumFeatureKey = {
  NO_ADS: 'NO_ADS',
  WHO_VIEWED_ME: 'WHO_VIEWED_ME',
  IM_STATUS: 'IM_STATUS',
  SHARE_LOVE: 'SHARE_LOVE',
} as const;
export type PremiumFeatureKey = (typeof PremiumFeatureKey)[keyof typeof PremiumFeatureKey];

/** What buyPremiumAccess.do sells besides the four features (ours), and the spotlight offers. */
export const PremiumProduct = { VIP: 'VIP', SPOTLIGHT: 'SPOTLIGHT' } as const;

/** Where an ad shows (premiumfeature/getAds.do, user/reportAd.do `position`). */
export const AdPlacement = { SIDE: 'side', FEED: 'feed' } as const;
export type AdPlacement = (typeof AdPlacement)[keyof typeof AdPlacement];

/** Why a member reports an ad (user/reportAd.do `reason`). */
export const AdReportReason = ['offensive', 'misleading', 'irrelevant', 'broken', 'other'] as const;

export const BuddySort = {
  DEFAULT: 'DEFAULT',
  ONLINE_DEFAULT: 'ONLINE_DEFAULT',
  ONLINE_ACCESS_DEFAULT: 'ONLINE_ACCESS_DEFAULT',
  ONLINE_STATUS_DEFAULT: 'ONLINE_STATUS_DEFAULT',
  ALPHABETICAL: 'ALPHABETICAL',
} as const;
export type BuddySort = (typeof BuddySort)[keyof typeof BuddySort];

/** BuddyInvite.type (buddy/createInvite.do): 1 brings a friend back (an offline invite), 2 is a sign-up link for someone new. */
export const BuddyInviteType = { COME_BACK: 1, JOIN: 2 } as const;
export type BuddyInviteType = (typeof BuddyInviteType)[keyof typeof BuddyInviteType];
