import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, OnlineStatusCode, type ParamsOf, type User } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf, listQuery } from '../query';
import { one } from './define';
import { sessionKey } from './user';

/** Online status codes by the word the User entity carries. */
export const OnlineStatus = {
  online: OnlineStatusCode.ONLINE,
  invisible: OnlineStatusCode.INVISIBLE,
  busy: OnlineStatusCode.BUSY,
} as const;
export type OnlineStatusName = keyof typeof OnlineStatus;

/** The User entity carries the status as a word ("invisible", "busy"); absent means online. */
export function statusOf(user: Pick<User, 'onlineStatus'> | null): OnlineStatusName {
  return user?.onlineStatus === 'invisible' || user?.onlineStatus === 'busy' ? user.onlineStatus : 'online';
}

/** `onSaved` runs once the session shows the new status (the caller tells the member). */
export function useSetOnlineStatus(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof api.premium.setOnlineStatus>) =>
      callOne(api.premium.setOnlineStatus, params),
    onSuccess: (_ok, params) => {
      const name = (Object.keys(OnlineStatus) as OnlineStatusName[]).find(
        (k) => OnlineStatus[k] === params.status,
      );
      queryClient.setQueryData<User | null>(sessionKey, (user) =>
        user ? { ...user, onlineStatus: name === 'online' ? undefined : name } : user,
      );
      options.onSaved?.();
    },
  });
}

/** premiumfeature/setOnlineStatus.do as a plain call (settings save it with their own feedback). */
export const setOnlineStatus = /* @__PURE__ */ one(api.premium.setOnlineStatus);

// Gold section: VIP, premium features, spotlights, ads (docs/premium.md).
const p = api.premium;

export const premiumOffersKey = keyOf(p.getPremiumFeatureOfferStrings);
export const usePremiumOffers = () =>
  useQuery({ ...listQuery(p.getPremiumFeatureOfferStrings, {}), staleTime: 10 * 60_000 });
export const usePremiumConfig = (
  premiumFeature: ParamsOf<typeof p.getPremiumFeatureConfiguration>['premiumFeature'],
) =>
  useQuery({
    queryKey: keyOf(p.getPremiumFeatureConfiguration, { premiumFeature }),
    queryFn: ({ signal }) => callOne(p.getPremiumFeatureConfiguration, { premiumFeature }, { signal }),
  });
/** Read again on every page that shows it: a checkout or a webhook changes it elsewhere. */
export const useVipSubscription = () =>
  useQuery({ ...listQuery(p.getVipSubscription, {}), refetchOnMount: 'always' });
export const useSpotlights = (enabled = true) =>
  useQuery({ ...listQuery(p.getUserSpotlights, { limit: 8 }), enabled, staleTime: 60_000 });
export const useAds = (placement: 'side' | 'feed', enabled: boolean) =>
  useQuery({ ...listQuery(p.getAds, { placement }), enabled, staleTime: 5 * 60_000 });

export const buyPremiumAccess = /* @__PURE__ */ one(p.buyPremiumAccess);
export const startVipTrial = /* @__PURE__ */ one(p.startVipTrial);
export const purchaseUserSpotlight = /* @__PURE__ */ one(p.purchaseUserSpotlight);
export const subscribeVip = /* @__PURE__ */ one(p.subscribeVip);
export const cancelVipSubscription = /* @__PURE__ */ one(p.cancelVipSubscription);
export const confirmTestVipSubscription = /* @__PURE__ */ one(p.confirmTestVipSubscription);
export const reportAd = /* @__PURE__ */ one(p.reportAd);
export const saveHouseAd = /* @__PURE__ */ one(p.saveHouseAd);

/**
 * After anything is bought: the session (vip, star, premiumFeatures), the gold, the configs and
 * the spotlights are read again, so every screen follows at once.
 */
export function refreshPremium(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKey }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.gift.fetchMocoGoldBalance) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getPremiumFeatureConfiguration) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getVipSubscription) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getUserSpotlights) }),
    queryClient.invalidateQueries({ queryKey: keyOf(p.getAds) }),
  ]);
}
